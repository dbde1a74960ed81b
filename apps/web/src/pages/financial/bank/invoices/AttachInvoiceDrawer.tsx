import { formatDateFr, type IsoDate, isPositive, messages, type TransactionDto } from '@app/domain'
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  CloseButton,
  Group,
  Paper,
  Skeleton,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { IconFileInvoice, IconLinkOff, IconSearch } from '@tabler/icons-react'
import { useEffect, useState } from 'react'
import { AppDrawer } from '../../../../components/AppDrawer'
import { EmptyBlock } from '../../../../components/EmptyBlock'
import { ErrorState } from '../../../../components/ErrorState'
import { ItemList } from '../../../../components/ItemList'
import { toastSuccess } from '../../../../lib/toast'
import { DocumentStateBadge } from '../../../documents/DocumentStateBadge'
import { Amount, toastActionError } from '../../../invoices/documentUi'
import {
  type AttachableInvoice,
  useAttachableInvoices,
  useAttachInvoices,
  useDetachInvoice,
} from './invoiceLinkQueries'

type Tab = 'attached' | 'invoices'

const texts = {
  title: 'Rattacher une facture',
  attachedTab: 'Factures rattachées',
  invoicesTab: 'Factures',
  search: 'Rechercher une facture',
  noPayable: 'Aucune facture validée en attente de paiement',
  sameAmount: 'Même montant',
  detached: 'Facture détachée.',
} as const

const reference = (invoice: { reference: string | null; name: string }) => invoice.reference ?? invoice.name
const day = (date: string) => formatDateFr(date as IsoDate)

/**
 * The attach-invoice drawer (spec/money.md §2): the invoices this incoming transfer paid, each detachable, and the
 * validated invoices still unpaid — those of the transfer's amount first — to tick and attach, which marks them paid
 * on the transfer's date. It opens on the attached tab when there are some.
 */
export function AttachInvoiceDrawer({
  transaction: given,
  opened,
  onClose,
}: {
  transaction: TransactionDto
  opened: boolean
  onClose: () => void
}) {
  // The server's last answer, until the transaction given changes (the refreshed queries bring it back).
  const [answer, setAnswer] = useState<{ basis: TransactionDto; saved: TransactionDto } | null>(null)
  const transaction = answer?.basis === given ? answer.saved : given
  const keep = (saved: TransactionDto | undefined) => saved && setAnswer({ basis: given, saved })
  const [tab, setTab] = useState<Tab>('invoices')
  const [selected, setSelected] = useState<number[]>([])
  const [search, setSearch] = useState('')
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300)
  const attach = useAttachInvoices(transaction)
  const detach = useDetachInvoice(transaction)

  // Every opening starts afresh, on the tab the spec says.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening decides, not later changes.
  useEffect(() => {
    if (!opened) return
    setTab(given.invoices.length > 0 ? 'attached' : 'invoices')
    setSelected([])
    setSearch('')
  }, [opened])

  const attachSelected = () =>
    attach.mutate(selected, {
      onSuccess: (saved) => {
        keep(saved)
        setSelected([])
        setTab('attached')
        toastSuccess(messages.transactions.invoiceAttached)
      },
      onError: toastActionError,
    })

  return (
    <AppDrawer
      opened={opened}
      onClose={onClose}
      title={texts.title}
      footer={
        tab === 'invoices' ? (
          <>
            <Button variant="default" onClick={onClose}>
              Annuler
            </Button>
            <Button disabled={selected.length === 0} loading={attach.isPending} onClick={attachSelected}>
              {selected.length > 1 ? `Rattacher les ${selected.length} factures` : 'Rattacher'}
            </Button>
          </>
        ) : null
      }
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} miw={0}>
            <Text fw={600} truncate>
              {transaction.name}
            </Text>
            <Text size="xs" c="dimmed">
              {day(transaction.datedAt)} · {transaction.journal.name}
            </Text>
          </Stack>
          <Amount value={transaction.amount} strong />
        </Group>
        <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)}>
          <Tabs.List>
            <Tabs.Tab value="attached">
              {texts.attachedTab}
              {transaction.invoices.length > 0 ? ` (${transaction.invoices.length})` : ''}
            </Tabs.Tab>
            <Tabs.Tab value="invoices">{texts.invoicesTab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="attached" pt="md">
            <AttachedInvoices
              transaction={transaction}
              detaching={detach.isPending ? detach.variables : null}
              onDetach={(invoiceId) =>
                detach.mutate(invoiceId, {
                  onSuccess: (saved) => {
                    keep(saved)
                    toastSuccess(texts.detached)
                  },
                  onError: toastActionError,
                })
              }
            />
          </Tabs.Panel>
          <Tabs.Panel value="invoices" pt="md">
            {isPositive(transaction.amount) ? (
              <Stack gap="sm">
                <TextInput
                  aria-label={texts.search}
                  placeholder={texts.search}
                  leftSection={<IconSearch size={16} />}
                  value={search}
                  maxLength={249}
                  onChange={(event) => setSearch(event.currentTarget.value)}
                  rightSection={
                    search ? (
                      <CloseButton size="sm" aria-label="Effacer la recherche" onClick={() => setSearch('')} />
                    ) : null
                  }
                />
                <PayableInvoices
                  transaction={transaction}
                  search={debouncedSearch}
                  enabled={opened && tab === 'invoices'}
                  selected={selected}
                  onToggle={(id) =>
                    setSelected((list) => (list.includes(id) ? list.filter((entry) => entry !== id) : [...list, id]))
                  }
                />
              </Stack>
            ) : (
              <Alert color="gray">{messages.transactions.invoiceNeedsCredit}</Alert>
            )}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </AppDrawer>
  )
}

function AttachedInvoices({
  transaction,
  detaching,
  onDetach,
}: {
  transaction: TransactionDto
  detaching: number | null | undefined
  onDetach: (invoiceId: number) => void
}) {
  if (transaction.invoices.length === 0)
    return <EmptyBlock icon={<IconFileInvoice size={22} />} title={messages.transactions.noInvoice} />
  return (
    <ItemList>
      {transaction.invoices.map((invoice) => (
        <Paper key={invoice.id} component="li" withBorder radius="md" p="sm" aria-label={reference(invoice)}>
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Stack gap={0} miw={0}>
              <Text size="sm" fw={600} truncate>
                {reference(invoice)}
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
                aria-label={`Détacher ${reference(invoice)}`}
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
      <EmptyBlock icon={<IconFileInvoice size={22} />} title={search ? messages.empty.noResult : texts.noPayable} />
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
    <Paper component="li" withBorder radius="md" p="sm" aria-label={reference(invoice)}>
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0}>
          <Checkbox checked={checked} onChange={onToggle} aria-label={`Choisir ${reference(invoice)}`} />
          <Stack gap={0} miw={0}>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" fw={600} truncate>
                {reference(invoice)}
              </Text>
              <DocumentStateBadge state={invoice.state} />
              {invoice.sameAmount ? (
                <Badge size="sm" variant="light" color="teal" tt="none" style={{ flexShrink: 0 }}>
                  {texts.sameAmount}
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed" truncate>
              {customer} · {day(invoice.datedAt)}
            </Text>
          </Stack>
        </Group>
        <Amount value={invoice.amount} />
      </Group>
    </Paper>
  )
}
