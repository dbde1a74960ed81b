import { type InvoiceDto, legalMentions, messages } from '@app/domain'
import { Anchor, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core'
import { IconRepeat } from '@tabler/icons-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { DocumentDrawer, DocumentTotals, day } from '../../components/documents/DocumentDrawer'
import { DocumentStateBadge } from '../../components/documents/DocumentStateBadge'
import { useInvoice } from '../../components/documents/documentQueries'
import { Amount, CreditNoteMark, Field } from '../../components/documents/documentUi'
import { type InvoiceActionsApi, InvoiceActionsButton } from '../../components/documents/invoices/InvoiceActions'
import { InvoicePaymentsSection } from '../../components/documents/invoices/InvoicePaymentsSection'
import { DocumentTabs } from '../../components/documents/tabs/DocumentTabs'
import { NoteField } from '../../components/documents/tabs/NoteField'
import { formatInstantDateTime } from '../../components/instant'
import { subscriptionTexts } from '../../components/subscriptions/subscriptionTexts'
import { InvoiceEInvoicingSection } from './InvoiceEInvoicingSection'

const invoiceLink = (id: number) => `/app/sales/invoices?open=${id}`

function InvoiceDetails({
  invoice,
  actions,
  onDialogChange,
}: {
  invoice: InvoiceDto
  actions: InvoiceActionsApi
  onDialogChange: (open: boolean) => void
}) {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs">
          <DocumentStateBadge state={invoice.state} />
          {invoice.isCreditNote ? <CreditNoteMark /> : null}
        </Group>
        <InvoiceActionsButton invoice={invoice} actions={actions} />
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        <Field label="Référence">{invoice.reference ?? messages.documents.noReference}</Field>
        <Field label="Client">{invoice.contact?.name ?? messages.documents.noClient}</Field>
        <Field label="Date d'émission">{day(invoice.datedAt)}</Field>
        <Field label="Date d'échéance">{day(invoice.paymentLimitAt)}</Field>
        {invoice.paymentDateAt ? <Field label="Date de paiement">{day(invoice.paymentDateAt)}</Field> : null}
        {invoice.quote ? (
          <Field label="Devis">
            <Anchor component={Link} to={`/app/sales/quotes?open=${invoice.quote.id}`} size="sm">
              {invoice.quote.reference ?? messages.documents.noReference}
            </Anchor>
          </Field>
        ) : null}
        {invoice.creditedInvoice ? (
          <Field label="Facture créditée">
            <Anchor component={Link} to={invoiceLink(invoice.creditedInvoice.id)} size="sm">
              {invoice.creditedInvoice.reference ?? messages.documents.noReference}
            </Anchor>
          </Field>
        ) : null}
      </SimpleGrid>
      {invoice.creditNotes.length > 0 ? (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            Avoirs
          </Text>
          {invoice.creditNotes.map((note) => (
            <Group key={note.id} justify="space-between">
              <Anchor component={Link} to={invoiceLink(note.id)} size="sm">
                {note.reference ?? messages.documents.noReference} · {day(note.datedAt)}
              </Anchor>
              <Amount value={note.amount} />
            </Group>
          ))}
        </Stack>
      ) : null}
      {invoice.isCreditNote || invoice.state.code === 'DRAFT' ? null : (
        <InvoicePaymentsSection invoice={invoice} actions={actions} />
      )}
      <InvoiceEInvoicingSection invoice={invoice} onDialogChange={onDialogChange} />
      <Divider />
      <DocumentTotals doc={invoice} />
      <Stack gap={2} aria-label="Mentions obligatoires">
        {legalMentions({
          kind: 'invoice',
          isCreditNote: invoice.isCreditNote,
          taxFree: invoice.taxFree,
          vatOnDebits: invoice.vatOnDebits,
          nature: invoice.nature,
          customerContactTypeId: invoice.customer?.contactTypeId ?? invoice.contact?.contactTypeId ?? null,
          latePenalties: invoice.latePenalties,
        }).map((mention) => (
          <Text key={mention} size="xs" c="dimmed">
            {mention}
          </Text>
        ))}
      </Stack>
      <Divider />
      <SimpleGrid cols={2} spacing="sm">
        <Field label="Origine">{invoice.origin}</Field>
        <Field label="Créée par">{invoice.user?.name}</Field>
        <Field label="Créée le">{formatInstantDateTime(invoice.createdAt)}</Field>
        <Field label="Modifiée le">{formatInstantDateTime(invoice.updatedAt)}</Field>
      </SimpleGrid>
      {invoice.subscriptionId ? (
        <Anchor
          component={Link}
          to={`/app/sales/subscriptions/${invoice.subscriptionId}`}
          size="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}
        >
          <IconRepeat size={16} aria-hidden />
          {subscriptionTexts.createdBy}
        </Anchor>
      ) : null}
      <NoteField key={invoice.id} subject={{ model: 'invoices', id: invoice.id }} />
      <DocumentTabs subject={{ model: 'invoices', id: invoice.id, updatedAt: invoice.updatedAt }} />
    </Stack>
  )
}

/** The invoice details panel (spec/sales.md §2 "Drawers and modals"), opened by ?open={id}. */
export function InvoiceDetailsDrawer({
  id,
  onClose,
  actions,
}: {
  id: number | null
  onClose: () => void
  actions: InvoiceActionsApi
}) {
  const query = useInvoice(id)
  const [sectionDialog, setSectionDialog] = useState(false)
  return (
    <DocumentDrawer
      opened={id !== null}
      onClose={onClose}
      dialogOpen={actions.dialogOpen || sectionDialog}
      fallbackTitle="Facture"
      query={query}
    >
      {(invoice) => <InvoiceDetails invoice={invoice} actions={actions} onDialogChange={setSectionDialog} />}
    </DocumentDrawer>
  )
}
