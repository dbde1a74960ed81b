import { CLOSE_SENTENCE, closeAccountConfirmSchema, closeAccountRequestSchema, type MeDto, messages } from '@app/domain'
import { Anchor, Button, Checkbox, Group, List, Modal, Progress, Stack, Text, TextInput } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle } from '@tabler/icons-react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { meQueryKey } from '../../app/session'
import { EmailedCodeInput } from '../../components/EmailedCodeInput'
import { showServerErrors } from '../../components/formErrors'
import { LEAVE_WITHOUT_ASKING } from '../../components/LeaveGuard'
import { SettingsSection } from '../../components/SettingsSection'
import { ApiError, post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastError, toastSuccess } from '../../lib/toast'

/** The closed-account toast lasts 20 s (spec/account.md §9). */
const CLOSED_TOAST_MS = 20_000

/** "Clôturer mon compte": a checkbox, then a two-step dialog (sentence and organisation name, then the e-mailed code). */
export function CloseAccount({ me }: { me: MeDto }) {
  const [accepted, setAccepted] = useState(false)
  const [opened, setOpened] = useState(false)
  return (
    <SettingsSection
      title="Clôturer mon compte"
      description="La clôture est définitive : tu ne pourras plus te connecter à Carnet."
    >
      <List size="sm" spacing={6} c="dimmed">
        <List.Item>Tes données restent téléchargeables pendant 30 jours après la clôture.</List.Item>
        <List.Item>Toutes tes sessions ouvertes sont fermées, sur tous tes appareils.</List.Item>
        <List.Item>Pense à exporter tes factures et ta comptabilité avant de partir.</List.Item>
      </List>
      <Checkbox
        checked={accepted}
        onChange={(event) => setAccepted(event.currentTarget.checked)}
        label="Je comprends que la clôture de mon compte est définitive"
      />
      <Group>
        <Button
          color="red"
          variant="filled"
          leftSection={<IconAlertTriangle size={16} />}
          disabled={!accepted}
          onClick={() => setOpened(true)}
        >
          Clôturer mon compte
        </Button>
      </Group>
      <CloseAccountModal me={me} opened={opened} onClose={() => setOpened(false)} />
    </SettingsSection>
  )
}

type RequestValues = { sentence: string; organizationName: string }

function CloseAccountModal({ me, opened, onClose }: { me: MeDto; opened: boolean; onClose: () => void }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const [step, setStep] = useState(0)
  const organizationName = me.currentOrganization?.name ?? ''

  const requestForm = useForm<RequestValues>({
    initialValues: { sentence: '', organizationName: '' },
    validate: zodValidate(closeAccountRequestSchema),
  })
  const codeForm = useForm({ initialValues: { code: '' }, validate: zodValidate(closeAccountConfirmSchema) })

  const requestCode = useMutation({
    mutationFn: (values: RequestValues) => post('/me/close/code', closeAccountRequestSchema.parse(values)),
    onSuccess: () => setStep(1),
    onError: (error) => showServerErrors(requestForm, error),
  })

  const confirm = useMutation({
    mutationFn: (values: { code: string }) => post('/me/close', closeAccountConfirmSchema.parse(values)),
    onSuccess: () => {
      toastSuccess(messages.account.closed, CLOSED_TOAST_MS)
      // The account is gone: unsaved changes in the profile form no longer matter.
      navigate('/auth/login', { replace: true, state: LEAVE_WITHOUT_ASKING })
      client.clear()
      client.setQueryData(meQueryKey, null)
    },
    onError: (error) => {
      if (error instanceof ApiError && error.body.code === 'INVALID_CODE') {
        codeForm.setFieldValue('code', '')
        notifications.show({
          title: messages.auth.invalidCloseCode,
          message: messages.auth.invalidCloseCodeText,
          color: 'red',
          withCloseButton: false,
          autoClose: 5000,
        })
        return
      }
      toastError(error)
    },
  })

  const close = () => {
    if (requestCode.isPending || confirm.isPending) return
    setStep(0)
    requestForm.reset()
    codeForm.reset()
    onClose()
  }

  return (
    <Modal opened={opened} onClose={close} title="Clôturer mon compte" radius="lg" size="lg" centered>
      <Stack gap={6} mb="lg">
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          Étape {step + 1} sur 2 · {step === 0 ? 'Confirmation' : 'Code reçu par e-mail'}
        </Text>
        <Progress value={step === 0 ? 50 : 100} size="xs" color="red" aria-hidden />
      </Stack>

      {step === 0 ? (
        <form onSubmit={requestForm.onSubmit((values) => requestCode.mutate(values))} noValidate>
          <Stack gap="md">
            <TextInput
              label="Phrase de confirmation"
              description={
                <>
                  Recopie la phrase :{' '}
                  <Text span inherit fw={600} c="var(--mantine-color-text)">
                    « {CLOSE_SENTENCE} »
                  </Text>
                </>
              }
              autoComplete="off"
              data-autofocus
              {...requestForm.getInputProps('sentence')}
            />
            <TextInput
              label="Nom de ton entreprise"
              description={
                <>
                  Saisis exactement :{' '}
                  <Text span inherit fw={600} c="var(--mantine-color-text)">
                    {organizationName}
                  </Text>
                </>
              }
              autoComplete="off"
              {...requestForm.getInputProps('organizationName')}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={close}>
                Annuler
              </Button>
              <Button type="submit" color="red" loading={requestCode.isPending}>
                Recevoir le code
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        <form onSubmit={codeForm.onSubmit((values) => confirm.mutate(values))} noValidate>
          <Stack gap="md">
            <Text size="sm">
              Nous venons d'envoyer un code à 6 chiffres à <strong>{me.email}</strong>. Saisis-le pour clôturer
              définitivement ton compte.
            </Text>
            <EmailedCodeInput form={codeForm} label="Code de confirmation" size="lg" />
            <Text size="xs" c="dimmed">
              Tu n'as rien reçu ?{' '}
              <Anchor
                component="button"
                type="button"
                size="xs"
                onClick={() =>
                  requestCode.mutate(requestForm.values, { onSuccess: () => toastSuccess(messages.auth.emailSent) })
                }
              >
                Renvoyer le code
              </Anchor>
            </Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={confirm.isPending}>
                Annuler
              </Button>
              <Button type="submit" color="red" loading={confirm.isPending}>
                Clôturer définitivement
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  )
}
