import { messages, type QuoteDto } from '@app/domain'
import { Anchor, Divider, Group, SimpleGrid, Stack, Table } from '@mantine/core'
import { IconReceipt2 } from '@tabler/icons-react'
import { Link } from 'react-router'
import { DocumentDrawer, DocumentTotals, day } from '../../components/documents/DocumentDrawer'
import { DocumentStateBadge } from '../../components/documents/DocumentStateBadge'
import { useQuote } from '../../components/documents/documentQueries'
import { Amount, Field } from '../../components/documents/documentUi'
import { type QuoteActionsApi, QuoteActionsButton } from '../../components/documents/quotes/QuoteActions'
import { DocumentTabs } from '../../components/documents/tabs/DocumentTabs'
import { NoteField } from '../../components/documents/tabs/NoteField'
import { EmptyBlock } from '../../components/EmptyBlock'
import { formatInstantDateTime } from '../../components/instant'
import { QuoteStateSwitcher } from './QuoteStateSwitcher'

/** The Acomptes tab: the quote's deposit invoices, or says none is recorded. */
function Deposits({ quote }: { quote: QuoteDto }) {
  if (quote.deposits.length === 0)
    return <EmptyBlock icon={<IconReceipt2 size={20} />} title={messages.documents.noDeposit} />
  return (
    <Table fz="sm" aria-label="Acomptes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Référence</Table.Th>
          <Table.Th>Date</Table.Th>
          <Table.Th>État</Table.Th>
          <Table.Th ta="right">Montant TTC</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {quote.deposits.map((deposit) => (
          <Table.Tr key={deposit.id}>
            <Table.Td>
              <Anchor component={Link} to={`/app/sales/invoices?open=${deposit.id}`} size="sm">
                {deposit.reference ?? messages.documents.noReference}
              </Anchor>
            </Table.Td>
            <Table.Td>{day(deposit.datedAt)}</Table.Td>
            <Table.Td>
              <DocumentStateBadge state={deposit.state} />
            </Table.Td>
            <Table.Td>
              <Amount value={deposit.totalTaxIncluded} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

function QuoteDetails({ quote, actions }: { quote: QuoteDto; actions: QuoteActionsApi }) {
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <QuoteStateSwitcher quote={quote} />
        <QuoteActionsButton quote={quote} actions={actions} />
      </Group>
      <SimpleGrid cols={2} spacing="sm">
        <Field label="Référence">{quote.reference ?? messages.documents.noReference}</Field>
        <Field label="Client">{quote.contact?.name ?? messages.documents.noClient}</Field>
        <Field label="Date d'émission">{day(quote.datedAt)}</Field>
        <Field label="Validité">{`Valable jusqu'au ${day(quote.paymentLimitAt)}`}</Field>
        {quote.invoiceId ? (
          <Field label="Facture finale">
            <Anchor component={Link} to={`/app/sales/invoices?open=${quote.invoiceId}`} size="sm">
              Voir la facture
            </Anchor>
          </Field>
        ) : null}
      </SimpleGrid>
      <Divider />
      <DocumentTotals doc={quote} />
      <Divider />
      <SimpleGrid cols={2} spacing="sm">
        <Field label="Origine">{quote.origin}</Field>
        <Field label="Créé par">{quote.user?.name}</Field>
        <Field label="Créé le">{formatInstantDateTime(quote.createdAt)}</Field>
        <Field label="Modifié le">{formatInstantDateTime(quote.updatedAt)}</Field>
      </SimpleGrid>
      <NoteField key={quote.id} subject={{ model: 'quotes', id: quote.id }} />
      <DocumentTabs
        subject={{ model: 'quotes', id: quote.id, updatedAt: quote.updatedAt }}
        extra={{ value: 'deposits', label: 'Acomptes', panel: <Deposits quote={quote} /> }}
      />
    </Stack>
  )
}

/** The quote details panel (spec/sales.md §2), opened by ?open={id}. */
export function QuoteDetailsDrawer({
  id,
  onClose,
  actions,
}: {
  id: number | null
  onClose: () => void
  actions: QuoteActionsApi
}) {
  const query = useQuote(id)
  return (
    <DocumentDrawer
      opened={id !== null}
      onClose={onClose}
      dialogOpen={actions.dialogOpen}
      fallbackTitle="Devis"
      query={query}
    >
      {(quote) => <QuoteDetails quote={quote} actions={actions} />}
    </DocumentDrawer>
  )
}
