import { type InvoiceDto, ISSUING_REFUSALS, issuingMessages, messages, todayInParis } from '@app/domain'
import { Alert, Button } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { ApiError } from '../../../lib/api'
import { toastSuccess } from '../../../lib/toast'
import { ConfirmModal } from '../../ConfirmModal'
import { useValidateInvoice } from '../documentQueries'
import { toastActionError } from '../documentUi'
import { modalTexts } from './invoiceModalTexts'

type Refusal = { code: string; message: string }

const REFUSAL_CODES: readonly string[] = Object.values(ISSUING_REFUSALS)

/**
 * "Valider la facture ?": when the law refuses the invoice (domain documents/issuing.ts), the dialog stays open on
 * the reason and offers the way out — a credit note, the customer's card, or validating it dated today.
 */
export function ValidateInvoiceModal({
  opened,
  invoice,
  onClose,
}: {
  opened: boolean
  invoice: InvoiceDto | null
  onClose: () => void
}) {
  const validate = useValidateInvoice()
  const [refusal, setRefusal] = useState<Refusal | null>(null)
  const close = () => {
    setRefusal(null)
    onClose()
  }
  const datedToday = refusal?.code === ISSUING_REFUSALS.dateBeforeLastIssued
  const run = () => {
    if (!invoice) return
    validate.mutate(
      { id: invoice.id, datedToday },
      {
        onSuccess: () => {
          toastSuccess(messages.documents.validated)
          close()
        },
        onError: (error) => {
          if (error instanceof ApiError && REFUSAL_CODES.includes(error.body.code))
            return setRefusal({ code: error.body.code, message: error.body.message })
          toastActionError(error)
          close()
        },
      },
    )
  }
  const blocked = refusal !== null && !datedToday
  return (
    <ConfirmModal
      opened={opened && invoice !== null}
      onClose={close}
      title={modalTexts.validateTitle}
      message={refusal ? null : messages.documents.validateConfirm}
      confirmLabel={datedToday ? issuingMessages.validateToday(todayInParis()) : 'Valider'}
      danger={false}
      loading={validate.isPending}
      confirmDisabled={blocked}
      stacked={datedToday}
      onConfirm={run}
    >
      {refusal ? (
        <Alert color="orange" variant="light" w="100%" ta="left" role="alert">
          {refusal.message}
          {refusal.code === ISSUING_REFUSALS.nonPositiveTotal ? (
            <Button
              component={Link}
              to="/app/sales/invoices/new?credit=true"
              variant="light"
              size="xs"
              mt="sm"
              display="block"
            >
              {issuingMessages.createCreditNote}
            </Button>
          ) : null}
          {refusal.code === ISSUING_REFUSALS.customerInfoRequired && invoice?.contactId ? (
            <Button
              component={Link}
              to={`/app/sales/customers?open=${invoice.contactId}`}
              variant="light"
              size="xs"
              mt="sm"
              display="block"
            >
              {issuingMessages.completeCustomer}
            </Button>
          ) : null}
        </Alert>
      ) : null}
    </ConfirmModal>
  )
}
