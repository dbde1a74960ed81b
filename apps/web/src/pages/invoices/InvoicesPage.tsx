import { formatDateFr, formatEuro, type InvoiceListItemDto, type IsoDate, isIsoDate, messages } from '@app/domain'
import { Box, Button, Group, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconCreditCardRefund, IconFileInvoice, IconPlus } from '@tabler/icons-react'
import { Link } from 'react-router'
import { documentParamsSchema } from '../../components/documents/documentParams'
import {
  useChangePaymentDate,
  useInvoiceStates,
  useInvoiceSummary,
  useInvoices,
} from '../../components/documents/documentQueries'
import {
  CreditNoteMark,
  DocumentListItem,
  DocumentRowBody,
  toastActionError,
} from '../../components/documents/documentUi'
import {
  canChangePaymentDate,
  InvoiceRowMenu,
  useInvoiceActions,
} from '../../components/documents/invoices/InvoiceActions'
import { PaymentDateInput } from '../../components/documents/invoices/PaymentDateInput'
import { EmptyBlock } from '../../components/EmptyBlock'
import { InvoiceNetworkLine } from '../../components/e-invoicing/InvoiceNetworkLine'
import { ListBody, ListPage } from '../../components/list/ListPage'
import { groupByMonth } from '../../lib/grouping'
import { toastSuccess } from '../../lib/toast'
import { useListParams } from '../../lib/useListParams'
// Not loaded on demand: its portal must come before the confirmations' (static), which open over it.
import { InvoiceDetailsDrawer } from './InvoiceDetailsDrawer'

const ALL = 'ALL'

/** Payée, En attente, En retard: sum and count, each a shortcut to its status (spec/sales.md §2). */
function InvoiceSummary({ active, onPick }: { active?: string; onPick: (status: string) => void }) {
  const summary = useInvoiceSummary()
  const entries = [
    { status: 'PAID', label: 'Payée', color: 'green', value: summary.data?.paid },
    { status: 'PENDING', label: 'En attente', color: 'yellow', value: summary.data?.pending },
    { status: 'LATE', label: 'En retard', color: 'pink', value: summary.data?.late },
  ]
  if (summary.isError) return null
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
      {entries.map((entry) => (
        <UnstyledButton
          key={entry.status}
          onClick={() => onPick(entry.status)}
          aria-pressed={active === entry.status}
          aria-label={`${entry.label} : ${entry.value ? `${formatEuro(entry.value.sum)}, ${entry.value.count} facture${entry.value.count > 1 ? 's' : ''}` : 'chargement'}`}
        >
          <Paper
            withBorder
            radius="md"
            p="sm"
            style={{
              borderLeft: `4px solid var(--mantine-color-${entry.color}-6)`,
              background: active === entry.status ? 'var(--mantine-color-default-hover)' : undefined,
            }}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text size="sm" fw={600}>
                {entry.label}
              </Text>
              <Text size="xs" c="dimmed">
                {entry.value ? entry.value.count : '…'}
              </Text>
            </Group>
            <Text fw={700} size="lg" ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {entry.value ? formatEuro(entry.value.sum) : '…'}
            </Text>
          </Paper>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  )
}

/** The payment date of a paid invoice, changed in place (PATCH payment-date). */
function RowPaymentDate({ invoice }: { invoice: InvoiceListItemDto }) {
  const change = useChangePaymentDate()
  return (
    <PaymentDateInput
      size="xs"
      w={122}
      aria-label={`Date de paiement de ${invoice.name}`}
      value={invoice.paymentDateAt}
      disabled={change.isPending}
      onChange={(date) =>
        isIsoDate(date) &&
        date !== invoice.paymentDateAt &&
        change.mutate({ id: invoice.id, date }, { onSuccess: () => toastSuccess(), onError: toastActionError })
      }
    />
  )
}

const payments = (invoice: InvoiceListItemDto) =>
  invoice.transactions.map((payment) => (
    <Text key={`${payment.datedAt}-${payment.amount}`} size="xs" c="teal">
      {messages.documents.payment(formatEuro(payment.amount), formatDateFr(payment.datedAt.slice(0, 10) as IsoDate))}
    </Text>
  ))

/** /app/sales/invoices: status tabs, the summary, rows grouped by month, the details drawer and every action. */
export function InvoicesPage() {
  const list = useListParams(documentParamsSchema, { display: 'invoices' })
  const { params, set } = list
  const query = useInvoices({
    page: params.page,
    pageSize: params.pageSize,
    search: params.search,
    state: params.status,
  })
  const states = useInvoiceStates()
  const openId = params.open && /^\d+$/.test(params.open) ? Number(params.open) : null
  const closeDrawer = () => set({ open: undefined, page: params.page })
  const actions = useInvoiceActions({ onDeleted: (id) => id === openId && closeDrawer() })

  const tabs = [
    { value: ALL, label: 'Toutes' },
    ...(states.data ?? []).map((state) => ({ value: state.code, label: state.name })),
  ]

  return (
    <>
      <ListPage
        title="Factures"
        count={query.data?.meta.total}
        list={list}
        tabs={tabs}
        tab={params.status && tabs.some((entry) => entry.value === params.status) ? params.status : ALL}
        onTabChange={(value) => set({ status: value === ALL ? undefined : value })}
        action={
          <Group gap="sm">
            <Button
              variant="default"
              component={Link}
              to="/app/sales/invoices/new?credit=true"
              leftSection={<IconCreditCardRefund size={16} />}
            >
              Nouvel avoir
            </Button>
            <Button component={Link} to="/app/sales/invoices/new" leftSection={<IconPlus size={16} />}>
              Nouvelle facture
            </Button>
          </Group>
        }
      >
        <InvoiceSummary active={params.status} onPick={(status) => set({ status })} />
        <ListBody
          query={query}
          list={list}
          keyOf={(invoice) => invoice.id}
          group={(items) => groupByMonth(items, (invoice) => invoice.datedAt)}
          empty={<EmptyBlock icon={<IconFileInvoice size={20} />} title={messages.documents.noInvoice} />}
          renderItem={(invoice, view) => (
            <DocumentListItem
              view={view}
              label={invoice.name}
              onOpen={() => set({ open: String(invoice.id), page: params.page })}
              actions={
                <>
                  {canChangePaymentDate(invoice) ? (
                    <RowPaymentDate invoice={invoice} />
                  ) : view === 'list' ? (
                    <Box w={122} visibleFrom="sm" aria-hidden />
                  ) : null}
                  <InvoiceRowMenu invoice={invoice} actions={actions} />
                </>
              }
            >
              <DocumentRowBody
                model="invoices"
                doc={invoice}
                view={view}
                marker={invoice.isCreditNote ? <CreditNoteMark /> : null}
                extra={
                  invoice.transactions.length > 0 || invoice.eInvoiceStatus ? (
                    <Stack gap={0}>
                      {payments(invoice)}
                      <InvoiceNetworkLine status={invoice.eInvoiceStatus} />
                    </Stack>
                  ) : null
                }
              />
            </DocumentListItem>
          )}
        />
      </ListPage>
      <InvoiceDetailsDrawer id={openId} onClose={closeDrawer} actions={actions} />
      {actions.dialogs}
    </>
  )
}
