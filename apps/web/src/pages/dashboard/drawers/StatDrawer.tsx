import {
  type DashboardAccountsDto,
  type DashboardFigureDto,
  formatDateFr,
  formatEuro,
  type ListResponse,
  type TransactionDto,
} from '@app/domain'
import { Anchor, Drawer, Loader, Stack, Table, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router'
import { get } from '../../../lib/api'
import { euros } from '../format'

type DashboardMonthFigureDto = DashboardFigureDto['byMonth'][number]
type DashboardAccountDto = DashboardAccountsDto['accounts'][number]

/** What a card's drawer shows: its months, the associates' accounts, or the transactions left to categorise. */
export type StatDetail =
  | { kind: 'months'; months: DashboardMonthFigureDto[]; total: string }
  | { kind: 'accounts'; accounts: DashboardAccountDto[]; total: string }
  | { kind: 'toCategorize'; link: string }

/**
 * A card's detail in a drawer (spec/account.md §2 "Stat drawers linked to a bank connection"): loaded with its first
 * opening, so that the dashboard's first script stays small.
 */
export function StatDrawer({
  opened,
  onClose,
  title,
  detail,
}: {
  opened: boolean
  onClose: () => void
  title: string
  detail: StatDetail
}) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="md" title={title} padding="lg">
      {detail.kind === 'months' ? <Months months={detail.months} total={detail.total} /> : null}
      {detail.kind === 'accounts' ? <Accounts accounts={detail.accounts} total={detail.total} /> : null}
      {detail.kind === 'toCategorize' && opened ? <ToCategorize link={detail.link} /> : null}
    </Drawer>
  )
}

function TotalRow({ total }: { total: string }) {
  return (
    <Table.Tfoot>
      <Table.Tr>
        <Table.Th>Total</Table.Th>
        <Table.Th ta="right">{euros(total)}</Table.Th>
      </Table.Tr>
    </Table.Tfoot>
  )
}

function Months({ months, total }: { months: DashboardMonthFigureDto[]; total: string }) {
  return (
    <Table striped aria-label="Détail par mois">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Mois</Table.Th>
          <Table.Th ta="right">Montant</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {months.map((month) => (
          <Table.Tr key={month.date}>
            <Table.Td tt="capitalize">{month.label}</Table.Td>
            <Table.Td ta="right">{euros(month.value)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <TotalRow total={total} />
    </Table>
  )
}

function Accounts({ accounts, total }: { accounts: DashboardAccountDto[]; total: string }) {
  if (accounts.length === 0) return <Text c="dimmed">Aucun compte courant d'associé.</Text>
  return (
    <Table striped aria-label="Comptes courants d'associés">
      <Table.Tbody>
        {accounts.map((account) => (
          <Table.Tr key={account.journalId}>
            <Table.Td>
              {account.name} ({account.accountCode})
            </Table.Td>
            <Table.Td ta="right">{euros(account.balance)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
      <TotalRow total={total} />
    </Table>
  )
}

/** The ten latest transactions without a category, each leading to its detail. */
function ToCategorize({ link }: { link: string }) {
  const latest = useQuery({
    queryKey: ['transactions', 'to-categorize', 'latest'],
    queryFn: () => get<ListResponse<TransactionDto>>('/transactions?filter[uncategorized]=true&page=1&pageSize=10'),
  })
  if (latest.isPending) return <Loader aria-label="Chargement" />
  if (latest.isError) return <Text c="red">Une erreur est survenue</Text>
  return (
    <Stack gap="md">
      {latest.data.data.length === 0 ? (
        <Text c="dimmed">Toutes tes transactions sont catégorisées.</Text>
      ) : (
        <Table striped aria-label="Transactions à catégoriser">
          <Table.Tbody>
            {latest.data.data.map((transaction) => (
              <Table.Tr key={transaction.id}>
                <Table.Td>{formatDateFr(transaction.datedAt)}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/app/financial/bank/${transaction.id}/show`} size="sm">
                    {transaction.name}
                  </Anchor>
                </Table.Td>
                <Table.Td ta="right">{formatEuro(transaction.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Anchor component={Link} to={link}>
        Catégoriser mes transactions ({latest.data.meta.total})
      </Anchor>
    </Stack>
  )
}
