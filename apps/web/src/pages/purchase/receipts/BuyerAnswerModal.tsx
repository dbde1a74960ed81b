import { buyerStatusSchema, type ItemResponse, lifecycleStatusLabel } from '@app/domain'
import { Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { formErrorMessage, showServerErrors } from '../../../components/formErrors'
import { receiptsKey } from '../../../components/receipts/receiptsKey'
import { post } from '../../../lib/api'
import { zodValidate } from '../../../lib/form'
import { toastError, toastSuccess } from '../../../lib/toast'
import { BUYER_ANSWERS, type BuyerStatusCode, reasonOptions } from './buyerAnswers'

type Values = { reason: string | null; message: string }

/**
 * One answer of the buyer to a received e-invoice: a reason from the code list where the status needs one, an
 * optional message, then POST /receipts/{id}/e-invoice-status, which the PA passes on to the supplier.
 */
export function BuyerAnswerModal({
  receiptId,
  code,
  onClose,
}: {
  receiptId: number
  /** The answer being given; null: the dialog is closed. */
  code: BuyerStatusCode | null
  onClose: () => void
}) {
  const client = useQueryClient()
  const answer = BUYER_ANSWERS.find((candidate) => candidate.code === code)
  const reasons = code === null ? [] : reasonOptions(code)
  const bodyOf = (values: Values) => ({
    // The form shows only while an answer is chosen.
    code: code as BuyerStatusCode,
    reason: values.reason,
    message: values.message.trim() || null,
  })
  const form = useForm<Values>({
    initialValues: { reason: null, message: '' },
    validate: (values) => zodValidate(buyerStatusSchema)(bodyOf(values)),
  })
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer starts blank.
  useEffect(() => form.reset(), [code])
  const send = useMutation({
    mutationFn: (values: Values) =>
      post<ItemResponse<unknown>>(`/receipts/${receiptId}/e-invoice-status`, bodyOf(values)),
    onSuccess: () => {
      toastSuccess(`Statut envoyé à ton fournisseur : ${lifecycleStatusLabel(code ?? 0)}.`)
      onClose()
      return client.invalidateQueries({ queryKey: receiptsKey })
    },
    // A refusal without a field (not connected, the PA refused) keeps its French message.
    onError: (error) => showServerErrors(form, error, (other) => toastError(undefined, formErrorMessage(other))),
  })

  return (
    <Modal
      opened={answer !== undefined}
      onClose={send.isPending ? () => {} : onClose}
      title={answer?.title}
      centered
      radius="lg"
    >
      {answer ? (
        <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {answer.explanation}
            </Text>
            {reasons.length > 0 ? (
              <Select
                label="Motif"
                placeholder="Choisis un motif"
                data={reasons}
                searchable
                withAsterisk
                {...form.getInputProps('reason')}
              />
            ) : null}
            <Textarea
              label="Message à ton fournisseur (facultatif)"
              autosize
              minRows={2}
              maxLength={1000}
              {...form.getInputProps('message')}
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={send.isPending}>
                Annuler
              </Button>
              <Button type="submit" color={code === 210 ? 'red' : undefined} loading={send.isPending}>
                {answer.verb}
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  )
}
