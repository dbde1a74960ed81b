import {
  type AccountingEntryDto,
  formatDateLongFr,
  type IsoDate,
  messages,
  type TransactionDto,
  type TransactionSuggestionDto,
  taxForCategory,
} from '@app/domain'
import { Anchor, Button, Checkbox, EmptyState, Group, Stack, Text, Title } from '@mantine/core'
import { IconBuildingBank, IconFileImport, IconListSearch, IconPlus } from '@tabler/icons-react'
import { useMemo, useState } from 'react'
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router'
import { useMe } from '../../../app/session'
import { ConnectionInfoButton } from '../../../components/bank-connections/BankConnectionInfoModal'
import { blockingBankScreen } from '../../../components/bank-connections/BankScreens'
import { useBankConnections } from '../../../components/bank-connections/connectionQueries'
import { EmptyBlock } from '../../../components/EmptyBlock'
import { FiltersButton } from '../../../components/FiltersButton'
import { BANK_SETTINGS_PATH, BankBalanceBlock } from '../../../components/journals/BankBalanceBlock'
import { useJournals } from '../../../components/journals/journalQueries'
import { ListBody, ListPage, type ListTab } from '../../../components/list/ListPage'
import { isLocked, TransactionRow } from '../../../components/transactions/TransactionRow'
import {
  type FilterForm,
  filterPatch,
  formOf,
  type TransactionTab,
  tabOf,
  tabPatch,
  transactionParamsSchema,
} from '../../../components/transactions/transactionParams'
import {
  type CategoryChoice,
  fetchSameLabel,
  isIncome,
  useCategorize,
  useTaxes,
  useToCategorizeCount,
  useTransactionList,
} from '../../../components/transactions/transactionQueries'
import { toastRefusal } from '../../../components/transactions/transactionToasts'
import { toastSuccess } from '../../../lib/toast'
import { useListParams } from '../../../lib/useListParams'
import { BulkBar } from './BulkBar'
import { TransactionDetailDrawer } from './detail/TransactionDetailDrawer'
import { NewTransactionDrawer } from './NewTransactionDrawer'
import { type SimilarProposal, SimilarTransactionsModal } from './SimilarTransactionsModal'
import { TransactionFilterDrawer } from './TransactionFilterDrawer'
import { firstOfDay, groupTransactions } from './transactionGroups'

export const BANK_PATH = '/app/financial/bank'
export const IMPORT_PATH = `${BANK_PATH}/import`
const FIRST_CONNECTION_PATH = '/app/oups/bank-first-connexion'

/** The drawer's fields: what the "Filtres" button counts (the tabs, page, size and bypass are not filters of it). */
const DRAWER_FIELDS = [
  'search',
  'datedAfter',
  'datedBefore',
  'amountMin',
  'amountMax',
  'journalId',
  'accountingEntry',
  'whereType',
  'withReceipt',
  'withComment',
  'isArchived',
] as const

/** Where the organisation has no bank account at all (spec/money.md §8 empty states), unless reached by bypass. */
function NoBankAccount({ isOwner }: { isOwner: boolean }) {
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Banque
      </Title>
      <EmptyState
        size="sm"
        withIndicatorBackground
        icon={<IconBuildingBank size={20} />}
        title={messages.empty.noBank}
        py="lg"
        style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
      >
        <Stack gap="sm" align="center" mt="xs">
          {isOwner ? (
            <Group gap="sm" justify="center">
              <Button component={Link} to={FIRST_CONNECTION_PATH} size="sm">
                Connecter ma banque
              </Button>
              <Button component={Link} to={BANK_SETTINGS_PATH} size="sm" variant="default">
                Ajouter un compte bancaire
              </Button>
              <Button component={Link} to={IMPORT_PATH} size="sm" variant="default">
                Importer un relevé
              </Button>
            </Group>
          ) : (
            <Text size="sm">{messages.bankConnections.contactOwner}</Text>
          )}
          <Anchor component={Link} to={`${BANK_PATH}?bypass=true`} size="sm">
            Voir mes transactions sans connecter de banque
          </Anchor>
        </Stack>
      </EmptyState>
    </Stack>
  )
}

/**
 * /app/financial/bank (spec/money.md §2): the bank balance, the tabs Toutes / À catégoriser / À justifier /
 * Archivées, the future transactions first then the others by month and day, the URL-driven filter drawer, the
 * category button and suggestions of each row, the bulk bar and the similar-transactions modal. At
 * /app/financial/bank/{id}/show the same list stays under the transaction's drawer.
 */
export function TransactionsPage() {
  const list = useListParams(transactionParamsSchema)
  const { params, set, reset } = list
  const { id } = useParams()
  const navigate = useNavigate()
  const location = useLocation()
  const organization = useMe().data?.currentOrganization
  const banks = useJournals({ type: 'BQ' })
  const connections = useBankConnections()
  const toCategorize = useToCategorizeCount()
  const query = useTransactionList(params)
  const taxes = useTaxes()
  const categorize = useCategorize()
  const [picked, setPicked] = useState<Set<number>>(() => new Set())
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [creating, setCreating] = useState(false)
  const [similar, setSimilar] = useState<SimilarProposal | null>(null)
  const form = useMemo(() => formOf(params), [params])

  const rows = query.data?.data ?? []
  const selectable = rows.filter((transaction) => !isLocked(transaction))
  // Only what this page shows and can still be selected: a refresh that locks a row takes it out.
  const selectedIds = selectable
    .filter((transaction) => picked.has(transaction.id))
    .map((transaction) => transaction.id)
  const groups = useMemo(() => groupTransactions(rows), [rows])
  const dayStarts = useMemo(() => firstOfDay(groups), [groups])
  const drawerFilters = DRAWER_FIELDS.filter((key) => new URLSearchParams(location.search).has(key)).length

  const open = (transaction: TransactionDto) => navigate(`${BANK_PATH}/${transaction.id}/show${location.search}`)
  const closeDetail = () => navigate(`${BANK_PATH}${location.search}`)
  const select = (transactionId: number, on: boolean) =>
    setPicked((current) => {
      const next = new Set(current)
      if (on) next.add(transactionId)
      else next.delete(transactionId)
      return next
    })

  /** One category for the whole amount; for a transaction that had none, the same label's others are proposed it. */
  async function applyCategory(transaction: TransactionDto, choice: CategoryChoice, categoryName: string) {
    const wasUncategorized = transaction.transactionAllocations.length === 0
    try {
      await categorize.mutateAsync({ transaction, choice })
    } catch (error) {
      toastRefusal(error)
      return
    }
    toastSuccess()
    if (!wasUncategorized) return
    const candidates = await fetchSameLabel(transaction).catch(() => [])
    if (candidates.length > 0)
      setSimilar({ transaction, category: { id: choice.accountingEntryId, name: categoryName }, candidates })
  }

  async function pickCategory(transaction: TransactionDto, category: AccountingEntryDto) {
    const all = taxes.data ?? (await taxes.refetch()).data ?? []
    const tax = taxForCategory(category, all, {
      taxAreaId: organization?.taxAreaId,
      isTaxFree: organization?.isTaxFree ?? false,
      isIncome: isIncome(transaction),
    })
    if (!tax) return toastRefusal(null)
    await applyCategory(transaction, { accountingEntryId: category.id, taxId: tax.id }, category.name)
  }

  const pickSuggestion = (transaction: TransactionDto, suggestion: TransactionSuggestionDto) =>
    applyCategory(
      transaction,
      { accountingEntryId: suggestion.accountingEntry.id, taxId: suggestion.taxId },
      suggestion.accountingEntry.name,
    )

  const applyFilters = (values: FilterForm) => {
    set(filterPatch(values))
    setFiltersOpen(false)
  }

  // A connection past its 90 days sends to the disconnected-bank screen first (spec/money.md §2), bypass excepted.
  const blocking = connections.data && !params.bypass ? blockingBankScreen(connections.data, new Date()) : null
  if (blocking) return <Navigate to={blocking} replace />
  if (banks.data && banks.data.length === 0 && !params.bypass)
    return <NoBankAccount isOwner={organization?.isOwner ?? false} />

  const count = toCategorize.data
  const tabs: ListTab[] = [
    { value: 'all', label: 'Toutes' },
    { value: 'to-categorize', label: count ? `À catégoriser (${count})` : 'À catégoriser' },
    { value: 'to-justify', label: 'À justifier' },
    { value: 'archived', label: 'Archivées' },
  ]
  const allPicked = selectable.length > 0 && selectedIds.length === selectable.length

  return (
    <>
      <ListPage
        title="Banque"
        count={query.data?.meta.total}
        list={list}
        withViewToggle={false}
        searchLabel="Rechercher une transaction"
        tabs={tabs}
        tab={tabOf(params)}
        onTabChange={(tab) => {
          setPicked(new Set())
          set(tabPatch(tab as TransactionTab, params))
        }}
        action={
          <Group gap="sm">
            <ConnectionInfoButton connections={connections.data ?? []} />
            <FiltersButton active={drawerFilters} onClick={() => setFiltersOpen(true)} />
            <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              Nouvelle transaction
            </Button>
            <Button component={Link} to={IMPORT_PATH} leftSection={<IconFileImport size={16} />}>
              Importer un relevé
            </Button>
          </Group>
        }
      >
        <BankBalanceBlock />
        {selectable.length > 0 ? (
          <Checkbox
            label="Tout sélectionner"
            checked={allPicked}
            indeterminate={selectedIds.length > 0 && !allPicked}
            onChange={() => setPicked(allPicked ? new Set() : new Set(selectable.map((transaction) => transaction.id)))}
          />
        ) : null}
        <ListBody
          query={query}
          list={list}
          keyOf={(transaction) => transaction.id}
          group={groupTransactions}
          empty={
            <EmptyBlock
              icon={<IconListSearch size={20} />}
              title={messages.generic.noResult}
              description={
                <Anchor component={Link} to={IMPORT_PATH} size="sm">
                  Importer un relevé
                </Anchor>
              }
            />
          }
          renderItem={(transaction) => (
            <>
              {dayStarts.has(transaction.id) ? (
                <Text size="xs" fw={600} c="dimmed" mt={4} mb={6}>
                  {formatDateLongFr(transaction.datedAt.slice(0, 10) as IsoDate)}
                </Text>
              ) : null}
              <TransactionRow
                transaction={transaction}
                selected={picked.has(transaction.id)}
                onSelect={(on) => select(transaction.id, on)}
                onOpen={() => open(transaction)}
                onPickCategory={(category) => pickCategory(transaction, category)}
                onPickSuggestion={(suggestion) => pickSuggestion(transaction, suggestion)}
              />
            </>
          )}
        />
      </ListPage>
      <BulkBar ids={selectedIds} onDone={() => setPicked(new Set())} />
      <TransactionFilterDrawer
        opened={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        initial={form}
        onApply={applyFilters}
        onReset={() => {
          reset()
          setFiltersOpen(false)
        }}
      />
      <NewTransactionDrawer opened={creating} onClose={() => setCreating(false)} />
      {similar ? <SimilarTransactionsModal proposal={similar} onClose={() => setSimilar(null)} /> : null}
      {id && /^\d+$/.test(id) ? <TransactionDetailDrawer transactionId={Number(id)} onClose={closeDetail} /> : null}
    </>
  )
}
