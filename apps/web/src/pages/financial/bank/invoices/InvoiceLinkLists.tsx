import { equals, formatDateFr, formatEuro, type IsoDate, isPositive, messages, type TransactionDto } from '@app/domain'
import { Alert, Badge, Button, Checkbox, Group, Paper, Skeleton, Stack, Text } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconFileInvoice, IconLinkOff } from '@tabler/icons-react'
import { DocumentStateBadge } from '../../../../components/documents/DocumentStateBadge'
import { Amount } from '../../../../components/documents/documentUi'
import { EmptyBlock } from '../../../../components/EmptyBlock'
import { ErrorState } from '../../../../components/ErrorState'
import { ItemList } from '../../../../components/ItemList'
import { SearchField } from '../../../../components/SearchField'
import { type AttachableInvoice, useAttachableInvoices } from './invoiceLinkQueries'

/**
 * The sales-invoice lists of a transaction, shared by the attach-invoice drawer and the attach-receipts drawer's
 * "Factures de vente" tab: the invoices it paid (each detachable) and the payable ones to tick.
 */
export const invoiceTexts = {
  search: 'Rechercher une facture',
  noPayable: 'Aucune facture validée en attente de paiement',
  sameAmount: 'Même montant',
  detached: 'Facture détachée.',
} as const

export const invoiceReference = (invoice: { reference: string | null; name: string }) =>
  invoice.reference ?? invoice.name
const day = (date: string) => formatDateFr(date as IsoDate)

/** The invoices the transaction paid, each with "Détacher {reference}"; the spec's empty text when none. */
export function AttachedInvoiceList({
  transaction,
  detaching,
  onDetach,
  empty = true,
}: {
  transaction: TransactionDto
  detaching: number | null | undefined
  onDetach: (invoiceId: number) => void
  /** Whether to show the empty state when there is none (else nothing). */
  empty?: boolean
}) {
  if (transaction.invoices.length === 0)
    return empty ? <EmptyBlock icon={<IconFileInvoice size={22} />} title={messages.transactions.noInvoice} /> : null
  return (
    <ItemList>
      {transaction.invoices.map((invoice) => (
        <Paper key={invoice.id} component="li" withBorder radius="md" p="sm" aria-label={invoiceReference(invoice)}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} truncate>
                {invoiceReference(invoice)}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {[invoice.customerName, day(invoice.datedAt)].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Amount value={invoice.amount} />
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconLinkOff size={14} />}
                loading={detaching === invoice.id}
                onClick={() => onDetach(invoice.id)}
                aria-label={`Détacher ${invoiceReference(invoice)}`}
              >
                Détacher
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </ItemList>
  )
}

/**
 * The validated invoices with something left to pay — those whose rest is the transfer's amount first — each with a
 * checkbox and, when earlier transfers paid part of it, what is left; under a search field; for money going out, the
 * reason none can be attached. The query is idle unless `enabled`.
 */
export function PayableInvoicesPicker({
  transaction,
  search,
  onSearchChange,
  enabled,
  selected,
  onToggle,
}: {
  transaction: TransactionDto
  search: string
  onSearchChange: (search: string) => void
  enabled: boolean
  selected: number[]
  onToggle: (invoiceId: number) => void
}) {
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300)
  if (!isPositive(transaction.amount)) return <Alert color="gray">{messages.transactions.invoiceNeedsCredit}</Alert>
  return (
    <Stack gap="sm">
      <SearchField label={invoiceTexts.search} value={search} onChange={onSearchChange} />
      <PayableInvoices
        transaction={transaction}
        search={debouncedSearch}
        enabled={enabled}
        selected={selected}
        onToggle={onToggle}
      />
    </Stack>
  )
}

function PayableInvoices({
  transaction,
  search,
  enabled,
  selected,
  onToggle,
}: {
  transaction: TransactionDto
  search: string
  enabled: boolean
  selected: number[]
  onToggle: (invoiceId: number) => void
}) {
  const query = useAttachableInvoices(transaction, search, enabled)
  if (query.isPending)
    return (
      <Stack gap="xs" aria-busy="true" aria-label="Chargement">
        <Skeleton height={56} />
        <Skeleton height={56} />
      </Stack>
    )
  if (query.isError) return <ErrorState onRetry={() => query.refetch()} />
  if (query.data.length === 0)
    return (
      <EmptyBlock
        icon={<IconFileInvoice size={22} />}
        title={search ? messages.empty.noResult : invoiceTexts.noPayable}
      />
    )
  return (
    <ItemList>
      {query.data.map((invoice) => (
        <PayableInvoiceRow
          key={invoice.id}
          invoice={invoice}
          checked={selected.includes(invoice.id)}
          onToggle={() => onToggle(invoice.id)}
        />
      ))}
    </ItemList>
  )
}

function PayableInvoiceRow({
  invoice,
  checked,
  onToggle,
}: {
  invoice: AttachableInvoice
  checked: boolean
  onToggle: () => void
}) {
  const customer = invoice.customer?.name ?? invoice.contact?.name ?? messages.documents.noClient
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={invoiceReference(invoice)}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Checkbox checked={checked} onChange={onToggle} aria-label={`Choisir ${invoiceReference(invoice)}`} />
          <Stack gap={0} miw={0}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600} truncate>
                {invoiceReference(invoice)}
              </Text>
              <DocumentStateBadge state={invoice.state} />
              {invoice.sameAmount ? (
                <Badge size="sm" variant="light" color="teal" tt="none" style={{ flexShrink: 0 }}>
                  {invoiceTexts.sameAmount}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {customer} · {day(invoice.datedAt)}
            </Text>
          </Stack>
        </Group>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Amount value={invoice.amount} />
          {equals(invoice.leftToPay, invoice.amount) ? null : (
            <Text size="xs" c="dimmed">
              {messages.transactions.leftToPay(formatEuro(invoice.leftToPay))}
            </Text>
          )}
        </Stack>
      </Group>
    </Paper>
  )
}
