import {
  canInvoice,
  canQuote,
  type InvoiceDto,
  type InvoiceStateCode,
  invoiceSchema,
  messages,
  type QuoteDto,
  type QuoteStateCode,
  quoteSchema,
  type SalesSettingsDto,
} from '@app/domain'
import { Alert, Box, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconInfoCircle } from '@tabler/icons-react'
import { type ReactNode, useMemo, useState } from 'react'
import {
  defaultName,
  documentValues,
  type EditorValues,
  liveTotals,
  newDocumentValues,
  toInput,
} from '../../../components/documents/editor/editorForm'
import {
  type DocumentKind,
  type EditorDocument,
  useCollectedTaxes,
  useCustomers,
} from '../../../components/documents/editor/editorQueries'
import type { EditorRoute } from '../../../components/documents/editor/editorRoute'
import { LinesTotalsTerms } from '../../../components/documents/editor/LinesTotalsTerms'
import { MainFields } from '../../../components/documents/editor/MainFields'
import { SettingsDrawer } from '../../../components/documents/editor/SettingsDrawer'
import { useDocumentSave } from '../../../components/documents/editor/useDocumentSave'
import { FormFooter } from '../../../components/FormFooter'
import { LeaveGuard } from '../../../components/LeaveGuard'
import { zodValidate } from '../../../lib/form'
import { EditorHeader } from './EditorHeader'

export function isEditable(kind: DocumentKind, document: EditorDocument | null) {
  if (!document) return true
  const common = { hasContact: document.contactId !== null, linesCount: document.lines.length }
  if (kind === 'invoice') {
    const invoice = document as InvoiceDto
    return canInvoice('edit', {
      ...common,
      stateCode: invoice.state.code as InvoiceStateCode,
      isCreditNote: invoice.isCreditNote,
    })
  }
  const quote = document as QuoteDto
  return canQuote('edit', {
    ...common,
    stateCode: quote.state.code as QuoteStateCode,
    hasFinalInvoice: quote.invoiceId !== null,
  })
}

const validators = { invoice: zodValidate(invoiceSchema), quote: zodValidate(quoteSchema) }

/** The editor's form: the header, the main fields, the lines, the totals, the terms, the footer and the drawer. */
export function DocumentForm({
  kind,
  route,
  document,
  settings,
  taxFree,
  actions,
  aside,
}: {
  kind: DocumentKind
  route: EditorRoute
  document: EditorDocument | null
  settings: SalesSettingsDto | null
  taxFree: boolean
  /** The saved document's actions, in the header (the read view's "Actions" menu). */
  actions?: ReactNode
  /** What follows the terms, before the footer (an invoice's payments). */
  aside?: ReactNode
}) {
  const customers = useCustomers()
  const taxes = useCollectedTaxes()
  const [drawerOpen, setDrawerOpen] = useState(false)

  const form = useForm<EditorValues>({
    initialValues: document
      ? documentValues(kind, document)
      : newDocumentValues({ kind, isCreditNote: route.isCreditNote, taxFree, settings }),
    validate: (values) => validators[kind](toInput(kind, values) as never),
  })
  const values = form.values
  const { savedDocument, saving, submit } = useDocumentSave({
    kind,
    route,
    form,
    document,
    openDrawer: () => setDrawerOpen(true),
  })
  const editable = isEditable(kind, savedDocument)
  const readOnly = route.isShow || !editable

  const rates = useMemo(() => new Map((taxes.data ?? []).map((tax) => [String(tax.id), tax.amount])), [taxes.data])
  const finalInvoiceSources =
    savedDocument && 'finalInvoiceSources' in savedDocument ? savedDocument.finalInvoiceSources : null
  const totals = liveTotals(values, (taxId) => rates.get(taxId), taxFree, finalInvoiceSources)
  const contact = customers.data?.find((customer) => String(customer.id) === values.contactId)

  const isCreditNote = kind === 'invoice' && values.isCreditNote
  const title = savedDocument?.name ?? defaultName(kind, isCreditNote)
  const dirty = form.isDirty()

  return (
    <Box component="form" onSubmit={submit} noValidate maw={1200} mx="auto">
      <LeaveGuard when={dirty && !readOnly} />
      <Stack gap="lg">
        <EditorHeader
          kind={kind}
          route={route}
          document={savedDocument}
          title={title}
          editable={editable}
          onSettings={() => setDrawerOpen(true)}
          actions={actions}
        />
        {!editable ? (
          <Text c="red" fw={500} role="alert">
            {messages.documents.notDraft}
          </Text>
        ) : null}

        <MainFields
          kind={kind}
          form={form}
          customers={customers.data}
          customersPending={customers.isPending}
          contact={contact}
          readOnly={readOnly}
        />

        <LinesTotalsTerms
          form={form}
          totals={totals}
          saved={savedDocument && !dirty ? savedDocument : null}
          settings={settings}
          taxFree={taxFree}
          readOnly={readOnly}
          hint={!readOnly ? <ValidateHint kind={kind} values={values} /> : null}
        />

        {aside}

        <FormFooter updatedAt={savedDocument?.updatedAt ?? null} dirty={dirty} readOnly={readOnly} loading={saving} />
      </Stack>
      <SettingsDrawer
        opened={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        form={form}
        kind={kind}
        contact={contact}
        readOnly={readOnly}
        showLatePenalties={Boolean(settings?.hasLatePenalties)}
        defaultLatePenalties={(settings?.latePenaltyRate ?? '').replace('.', ',')}
      />
    </Box>
  )
}

/**
 * What "Valider" (in the lists) will need, said while editing: the state tables decide (an invoice needs a customer
 * and a line, a quote a customer).
 */
function ValidateHint({ kind, values }: { kind: DocumentKind; values: EditorValues }) {
  const hasContact = values.contactId !== null
  const linesCount = values.lines.length
  const ready =
    kind === 'invoice'
      ? canInvoice('validate', { stateCode: 'DRAFT', isCreditNote: values.isCreditNote, hasContact, linesCount })
      : canQuote('validate', { stateCode: 'DRAFT', hasContact, linesCount, hasFinalInvoice: false })
  if (ready) return null
  return (
    <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />} p="xs">
      <Stack gap={2}>
        {!hasContact ? <Text size="sm">{messages.documents.contactRequired}</Text> : null}
        {kind === 'invoice' && linesCount === 0 ? <Text size="sm">{messages.documents.linesRequired}</Text> : null}
      </Stack>
    </Alert>
  )
}
