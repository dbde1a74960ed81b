import {
  canInvoice,
  type InvoiceDto,
  type InvoicePaymentDto,
  type InvoiceTransactionDto,
  type ItemResponse,
  isPositive,
  PAYMENT_METHOD_LABELS,
} from '@app/domain'
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core'
import { IconCash, IconTrash } from '@tabler/icons-react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { get } from '../../../lib/api'
import { day } from '../DocumentDrawer'
import { invoicesKey } from '../documentQueries'
import { Amount } from '../documentUi'
import { type InvoiceActionsApi, invoiceForActions } from './InvoiceActions'
import { modalTexts } from './invoiceModalTexts'

const texts = {
  title: 'Paiements',
  none: 'Aucun paiement pour le moment.',
  remaining: 'Reste à payer',
  reconciled: 'Rapprochée',
  waiting: 'En attente de sa ligne bancaire',
  bankLine: 'Voir la ligne bancaire',
  payment: (date: string) => `Paiement du ${date}`,
  remove: (date: string) => `Supprimer le paiement du ${date}`,
} as const

/**
 * The names of the bank lines that carry the invoice's payments (GET /invoices/{id}/transactions, the cache the bank
 * pages share), to name the way back to each; asked only when a payment has one.
 */
function useBankLineNames(invoice: InvoiceDto) {
  const query = useQuery({
    queryKey: [...invoicesKey, 'transactions', invoice.id],
    queryFn: async () =>
      (await get<ItemResponse<InvoiceTransactionDto[]>>(`/invoices/${invoice.id}/transactions`)).data,
    enabled: invoice.payments.some((payment) => payment.transactionId !== null),
  })
  return new Map((query.data ?? []).map((line) => [line.id, line.name]))
}

/** One payment: its date and means, whether its bank line carries it, its amount, and its removal when by hand. */
function PaymentRow({
  payment,
  bankLineName,
  canRemove,
  onRemove,
}: {
  payment: InvoicePaymentDto
  /** The bank line's label once known; "Voir la ligne bancaire" until then. */
  bankLineName: string | undefined
  canRemove: boolean
  onRemove: () => void
}) {
  const date = day(payment.paidAt) ?? ''
  const byHand = !payment.reconciled && payment.id !== null
  return (
    <Group
      component="li"
      aria-label={texts.payment(date)}
      justify="space-between"
      align="center"
      wrap="wrap"
      gap="xs"
      py={6}
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Stack gap={4} miw={0} style={{ flex: '1 1 12rem' }}>
        <Text size="sm">
          {date} · {PAYMENT_METHOD_LABELS[payment.method]}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Badge size="sm" variant="light" tt="none" color={payment.reconciled ? 'teal' : 'orange'}>
            {payment.reconciled ? texts.reconciled : texts.waiting}
          </Badge>
          {payment.transactionId !== null ? (
            <Anchor
              component={Link}
              to={`/app/financial/bank/${payment.transactionId}/show`}
              size="xs"
              truncate
              maw="100%"
            >
              {bankLineName ?? texts.bankLine}
            </Anchor>
          ) : null}
        </Group>
      </Stack>
      <Group gap={4} wrap="nowrap" ml="auto">
        <Amount value={payment.amount} />
        {byHand && canRemove ? (
          <ActionIcon variant="subtle" color="red" aria-label={texts.remove(date)} onClick={onRemove}>
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        ) : null}
      </Group>
    </Group>
  )
}

/**
 * In a validated invoice's details: what the customer paid (by hand, or by a bank line), what is left to pay, and
 * "Enregistrer un paiement" while something is. A payment by hand waits for its bank line and can be removed; a
 * reconciled one leaves with its bank line only (detached from the transaction).
 */
export function InvoicePaymentsSection({ invoice, actions }: { invoice: InvoiceDto; actions: InvoiceActionsApi }) {
  const state = invoiceForActions(invoice)
  const canRecord = canInvoice('recordPayment', state) && isPositive(invoice.remainingToPay)
  const canRemove = canInvoice('removePayment', state)
  const bankLineNames = useBankLineNames(invoice)
  return (
    <Stack gap="xs" component="section" aria-labelledby={`invoice-payments-${invoice.id}`}>
      <Text id={`invoice-payments-${invoice.id}`} component="h3" size="sm" fw={600} m={0}>
        {texts.title}
      </Text>
      {invoice.payments.length === 0 ? (
        <Text size="sm" c="dimmed">
          {texts.none}
        </Text>
      ) : (
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {invoice.payments.map((payment, index) => (
            <PaymentRow
              key={payment.id !== null ? `hand-${payment.id}` : `bank-${payment.transactionId}-${index}`}
              payment={payment}
              bankLineName={payment.transactionId === null ? undefined : bankLineNames.get(payment.transactionId)}
              canRemove={canRemove}
              onRemove={() => actions.removePayment(invoice, payment)}
            />
          ))}
        </Stack>
      )}
      <Group
        justify="space-between"
        gap="xs"
        pt={6}
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text size="sm" fw={600}>
          {texts.remaining}
        </Text>
        <Amount value={invoice.remainingToPay} strong />
      </Group>
      {canRecord ? (
        <Button
          variant="light"
          leftSection={<IconCash size={16} aria-hidden />}
          onClick={() => actions.recordPayment(invoice)}
          style={{ alignSelf: 'flex-start' }}
        >
          {modalTexts.recordPaymentTitle}
        </Button>
      ) : null}
    </Stack>
  )
}
