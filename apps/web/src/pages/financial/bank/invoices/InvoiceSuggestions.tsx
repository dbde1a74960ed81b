import {
  formatDateFr,
  formatEuro,
  type InvoiceSuggestionDto,
  type IsoDate,
  messages,
  type TransactionDto,
} from '@app/domain'
import { Button, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core'
import { IconLink } from '@tabler/icons-react'
import { Fragment, useState } from 'react'
import { toastActionError } from '../../../../components/documents/documentUi'
import { toastSuccess } from '../../../../lib/toast'
import {
  offersInvoiceSuggestions,
  suggestionAttachedMessage,
  useAttachInvoices,
  useInvoiceSuggestions,
} from './invoiceLinkQueries'

const texts = {
  title: 'Factures suggérées',
  loading: 'Chargement des factures suggérées',
  failed: 'Les factures suggérées n’ont pas pu être chargées.',
  retry: 'Réessayer',
  reasons: 'Pourquoi cette suggestion',
} as const

/**
 * What confirming does, as the button says it: reconcile the payment recorded by hand that the line is the bank side
 * of, or pay the invoices.
 */
function suggestionAction(suggestion: InvoiceSuggestionDto): { verb: string; references: string[] } {
  const several = suggestion.invoices.length > 1
  const references = suggestion.invoices.map((invoice) => invoice.reference)
  if (suggestion.kind === 'reconcile')
    return { verb: several ? 'Rapprocher des factures' : 'Rapprocher de la facture', references }
  return { verb: several ? 'Rattacher aux factures' : 'Rattacher à la facture', references }
}

export const suggestionActionLabel = (suggestion: InvoiceSuggestionDto) => {
  const { verb, references } = suggestionAction(suggestion)
  return `${verb} ${references.join(', ')}`
}

function SuggestionCard({
  suggestion,
  primary,
  loading,
  disabled,
  onConfirm,
}: {
  suggestion: InvoiceSuggestionDto
  primary: boolean
  loading: boolean
  disabled: boolean
  onConfirm: () => void
}) {
  const label = suggestionActionLabel(suggestion)
  const { verb, references } = suggestionAction(suggestion)
  const customers = [...new Set(suggestion.invoices.map((invoice) => invoice.customerName).filter(Boolean))]
  return (
    <Paper component="li" withBorder radius="md" p="sm" aria-label={label}>
      <Stack gap={6}>
        <Button
          variant={primary ? 'filled' : 'light'}
          leftSection={<IconLink size={16} aria-hidden />}
          loading={loading}
          disabled={disabled}
          onClick={onConfirm}
          h="auto"
          mih={36}
          py={6}
          style={{ alignSelf: 'flex-start', maxWidth: '100%' }}
          // A long list of references wraps between them instead of leaving the drawer, never inside one.
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.3 } }}
        >
          {/* One inline run: the label is a flex box, which would lay each piece out as a column. */}
          <span>
            {verb}{' '}
            {references.map((reference, index) => (
              <Fragment key={reference}>
                {index > 0 ? ', ' : null}
                <span style={{ whiteSpace: 'nowrap' }}>{reference}</span>
              </Fragment>
            ))}
          </span>
        </Button>
        {customers.length > 0 ? (
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {customers.join(', ')}
          </Text>
        ) : null}
        {suggestion.invoices.map((invoice) => (
          <Group key={invoice.id} justify="space-between" gap={4} wrap="wrap">
            <Text size="xs" c="dimmed">
              {invoice.reference} · {formatDateFr(invoice.datedAt as IsoDate)}
            </Text>
            <Text size="xs" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {messages.transactions.leftToPay(formatEuro(invoice.leftToPay))}
            </Text>
          </Group>
        ))}
        {suggestion.reasons.length > 0 ? (
          <List size="xs" c="dimmed" spacing={2} aria-label={texts.reasons} style={{ overflowWrap: 'anywhere' }}>
            {suggestion.reasons.map((reason) => (
              <List.Item key={reason}>{reason}</List.Item>
            ))}
          </List>
        ) : null}
      </Stack>
    </Paper>
  )
}

/**
 * « Factures suggérées » (issue 30): the invoices an incoming line that pays none yet may pay, best first, each with the
 * server's reasons and one button that confirms it — the invoices attached in turn, a payment recorded by hand of the
 * same amount reconciled by the server rather than paid twice. Nothing at all when there is nothing to suggest.
 */
export function InvoiceSuggestions({
  transaction,
  enabled = true,
  onAttached,
}: {
  transaction: TransactionDto
  /** Asked only while shown (a closed drawer asks nothing). */
  enabled?: boolean
  /** The line as the server answered once linked. */
  onAttached?: (saved: TransactionDto | undefined) => void
}) {
  const query = useInvoiceSuggestions(transaction, enabled)
  const attach = useAttachInvoices(transaction)
  const [confirming, setConfirming] = useState<number | null>(null)

  if (!enabled || !offersInvoiceSuggestions(transaction)) return null
  if (query.isPending)
    return (
      <Stack aria-busy="true" aria-label={texts.loading} gap="xs">
        <Skeleton h={18} w={160} />
        <Skeleton h={72} radius="md" />
      </Stack>
    )
  if (query.isError)
    return (
      <Group component="section" aria-label={texts.title} gap="xs" wrap="wrap" justify="space-between">
        <Text size="sm" c="red">
          {texts.failed}
        </Text>
        <Button size="xs" variant="light" onClick={() => query.refetch()} loading={query.isFetching}>
          {texts.retry}
        </Button>
      </Group>
    )
  if (query.data.length === 0) return null

  const confirm = async (suggestion: InvoiceSuggestionDto, index: number) => {
    // Worked out before: the attachment changes what is left to pay.
    const message = suggestionAttachedMessage(transaction, suggestion)
    setConfirming(index)
    try {
      // The promise, not the mutation's callbacks: the block leaves the page as soon as the line pays the invoices.
      const saved = await attach.mutateAsync(suggestion.invoices.map((invoice) => invoice.id))
      toastSuccess(message)
      onAttached?.(saved)
    } catch (error) {
      toastActionError(error)
    } finally {
      setConfirming(null)
    }
  }

  return (
    <Stack gap="xs" component="section" aria-label={texts.title}>
      <Title order={3} size="h5">
        {texts.title}
      </Title>
      <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {query.data.map((suggestion, index) => (
          <SuggestionCard
            key={suggestion.invoices.map((invoice) => invoice.id).join('-')}
            suggestion={suggestion}
            primary={index === 0}
            loading={attach.isPending && confirming === index}
            disabled={attach.isPending && confirming !== index}
            onConfirm={() => void confirm(suggestion, index)}
          />
        ))}
      </Stack>
    </Stack>
  )
}
