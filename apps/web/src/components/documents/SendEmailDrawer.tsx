import {
  type ItemResponse,
  MAIL_VARIABLES,
  messages,
  type SendEmailDefaultsDto,
  type SendEmailResultDto,
  sendEmailSchema,
  TEXT_MAX,
} from '@app/domain'
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle, IconClockHour4, IconX } from '@tabler/icons-react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { get, post } from '../../lib/api'
import { zodValidate } from '../../lib/form'
import { toastSuccess, toastWithTitle } from '../../lib/toast'
import { AppDrawer } from '../AppDrawer'
import { showServerErrors } from '../formErrors'
import { VariablesHelp } from '../VariablesHelp'
import { invoicesKey, quotesKey } from './documentQueries'

export type MailDocumentKind = 'invoice' | 'quote'
const pathOf = (kind: MailDocumentKind) => (kind === 'invoice' ? 'invoices' : 'quotes')
const keyOf = (kind: MailDocumentKind) => (kind === 'invoice' ? invoicesKey : quotesKey)

type Values = {
  emailRecipient: string
  ccMails: string
  bccMails: string
  subject: string
  contentMail: string
  meInCopy: boolean
}

/** Cc and Bcc are sent absent when empty (spec/sales.md §5), or when their row was closed. */
const bodyOf = (values: Values, rows: { cc: boolean; bcc: boolean }) => ({
  emailRecipient: values.emailRecipient,
  ...(rows.cc && values.ccMails.trim() ? { ccMails: values.ccMails } : {}),
  ...(rows.bcc && values.bccMails.trim() ? { bccMails: values.bccMails } : {}),
  subject: values.subject,
  contentMail: values.contentMail,
  meInCopy: values.meInCopy,
})

const validate = zodValidate(sendEmailSchema)
/** What the drawer says of the document's previous e-mail: still waiting for the mail server, or given up. */
function LastSending({ last }: { last: SendEmailDefaultsDto['lastSending'] }) {
  if (last?.status === 'queued')
    return (
      <Alert color="yellow" icon={<IconClockHour4 size={16} />}>
        {messages.sending.lastQueued(last.to)}
      </Alert>
    )
  if (last?.status === 'failed')
    return (
      <Alert color="red" icon={<IconAlertTriangle size={16} />}>
        {messages.sending.lastFailed(last.to)}
      </Alert>
    )
  return null
}

const empty: Values = {
  emailRecipient: '',
  ccMails: '',
  bccMails: '',
  subject: messages.mail.defaultDocumentSubject,
  contentMail: '',
  meInCopy: true,
}

/**
 * The send-by-email drawer of an invoice or a quote (spec/sales.md §2, §4 "Sending by e-mail", §5): recipients
 * separated by semicolons, Cc and Cci rows that toggle on, subject, message, "me in copy" ticked by default. On success
 * the toast, the drawer closes and the lists refresh; when the mail server did not answer, the toast says it will go.
 */
export function SendEmailDrawer({
  kind,
  documentId,
  onClose,
}: {
  kind: MailDocumentKind
  documentId: number | null
  onClose: () => void
}) {
  const client = useQueryClient()
  const [rows, setRows] = useState({ cc: false, bcc: false })
  const form = useForm<Values>({
    initialValues: empty,
    validate: (values) => validate(bodyOf(values, rows)),
  })
  const defaults = useQuery({
    queryKey: [...keyOf(kind), 'email', documentId],
    queryFn: async () => (await get<ItemResponse<SendEmailDefaultsDto>>(`/${pathOf(kind)}/${documentId}/email`)).data,
    enabled: documentId !== null,
    staleTime: 0,
    gcTime: 0,
  })
  const send = useMutation({
    mutationFn: (values: Values) =>
      post<ItemResponse<SendEmailResultDto>>(`/${pathOf(kind)}/${documentId}/send`, bodyOf(values, rows)),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: invoicesKey }),
        client.invalidateQueries({ queryKey: quotesKey }),
      ])
    },
  })

  // A new document: fresh values from its defaults, Cc and Cci rows closed.
  const loaded = defaults.data
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another document's defaults arrive.
  useEffect(() => {
    if (!loaded) return
    const { lastSending: _last, ...given } = loaded
    const values = { ...empty, ...given }
    form.setValues(values)
    form.resetDirty(values)
    form.clearErrors()
    setRows({ cc: false, bcc: false })
  }, [loaded])

  const submit = (values: Values) =>
    send.mutate(values, {
      onSuccess: (response) => {
        if (response.data.status === 'queued')
          toastWithTitle({ title: messages.sending.sent, message: messages.sending.queued, autoClose: 8000 })
        else toastSuccess(messages.sending.sent)
        onClose()
      },
      onError: (error) => showServerErrors(form, error),
    })

  const closeRow = (row: 'cc' | 'bcc') => {
    setRows((current) => ({ ...current, [row]: false }))
    form.setFieldValue(row === 'cc' ? 'ccMails' : 'bccMails', '')
  }
  const removeButton = (row: 'cc' | 'bcc', label: string) => (
    <ActionIcon variant="subtle" color="gray" aria-label={`Retirer ${label}`} onClick={() => closeRow(row)}>
      <IconX size={14} />
    </ActionIcon>
  )

  return (
    <AppDrawer
      opened={documentId !== null}
      onClose={send.isPending ? () => {} : onClose}
      title="Envoyer par e-mail"
      footer={
        <>
          <Button variant="default" onClick={onClose} disabled={send.isPending}>
            Annuler
          </Button>
          <Button type="submit" form="send-email-form" loading={send.isPending} disabled={!loaded}>
            Envoyer
          </Button>
        </>
      }
    >
      {defaults.isError ? (
        <Text c="red">{messages.generic.detailLoadError}</Text>
      ) : !loaded ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Chargement" />
        </Center>
      ) : (
        <form id="send-email-form" onSubmit={form.onSubmit(submit)} noValidate>
          <Stack gap="md">
            <LastSending last={loaded.lastSending} />
            <div>
              <TextInput
                label="Destinataires"
                description="Sépare les adresses par un point-virgule"
                withAsterisk
                {...form.getInputProps('emailRecipient')}
              />
              <Group gap="xs" mt={6}>
                {!rows.cc ? (
                  <Button size="compact-xs" variant="light" onClick={() => setRows((r) => ({ ...r, cc: true }))}>
                    Cc
                  </Button>
                ) : null}
                {!rows.bcc ? (
                  <Button size="compact-xs" variant="light" onClick={() => setRows((r) => ({ ...r, bcc: true }))}>
                    Cci
                  </Button>
                ) : null}
              </Group>
            </div>
            {rows.cc ? (
              <TextInput
                label="Cc"
                description="Sépare les adresses par un point-virgule"
                rightSection={removeButton('cc', 'Cc')}
                {...form.getInputProps('ccMails')}
              />
            ) : null}
            {rows.bcc ? (
              <TextInput
                label="Cci"
                description="Sépare les adresses par un point-virgule"
                rightSection={removeButton('bcc', 'Cci')}
                {...form.getInputProps('bccMails')}
              />
            ) : null}
            <TextInput label="Objet" withAsterisk maxLength={TEXT_MAX} {...form.getInputProps('subject')} />
            <Textarea
              label="Message"
              withAsterisk
              autosize
              minRows={8}
              maxRows={20}
              {...form.getInputProps('contentMail')}
            />
            <VariablesHelp variables={MAIL_VARIABLES} when="à l'envoi" />
            <Checkbox label="Me mettre en copie" {...form.getInputProps('meInCopy', { type: 'checkbox' })} />
            <Text size="xs" c="dimmed">
              Le PDF du document est joint à l'e-mail.
            </Text>
          </Stack>
        </form>
      )}
    </AppDrawer>
  )
}
