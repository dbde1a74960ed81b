import { canReadBooks, type DashboardFigureDto, type DashboardPeriod, type OrganizationDto } from '@app/domain'
import { SimpleGrid } from '@mantine/core'
import type { StatDetail } from '../drawers/StatDrawer'
import { euros } from '../format'
import { useBankConnections, useDashboard, useToCategorizeCount } from '../queries'
import { StatCard, type StatCardProps } from './StatCard'

export const LINKS = {
  quotes: '/app/sales/quotes?status=SENT&page=1',
  invoices: '/app/sales/invoices?status=PENDING&page=1',
  operatingAccount: '/app/reports/operating-account',
  taxes: '/app/reports/taxes',
  toCategorize: '/app/financial/bank?uncategorized=false&page=1',
} as const

type Figure = Pick<DashboardFigureDto, 'total' | 'currentMonth' | 'previousMonth' | 'trend'>

const trendOf = (figure: Figure | undefined) => figure?.trend

/** The months of a card's figure, in its drawer. */
const monthsOf = (figure: (Figure & Pick<DashboardFigureDto, 'byMonth'>) | undefined): StatDetail | undefined =>
  figure ? { kind: 'months', months: figure.byMonth, total: figure.total } : undefined

const monthCaption = (figure: Figure | undefined) =>
  figure ? `${figure.currentMonth.label} : ${euros(figure.currentMonth.value)}` : undefined

/**
 * The cards of spec/account.md §2: partner accounts, expenses, result, pending quotes, revenue, VAT (not for a
 * tax-free organisation), transactions to categorise and amounts owed; 3 columns if tax-free, else 4. What the books
 * say of the bank, the associates, the result and the VAT is not shown to collaborators (the server refuses it).
 */
export function Cards({
  organization,
  period,
  enabled,
}: {
  organization: OrganizationDto
  period: DashboardPeriod
  enabled: boolean
}) {
  const books = enabled && canReadBooks(organization.currentUserRole.code)
  const taxFree = organization.isTaxFree
  const activity = useDashboard('activity', period, books).data
  const partners = useDashboard('partners', period, books).data
  const expenses = useDashboard('expenses', period, books).data
  const gains = useDashboard('gains', period, books).data
  const taxes = useDashboard('taxes', period, books && !taxFree).data
  const quotes = useDashboard('quotes', period, enabled).data
  const invoices = useDashboard('invoices', { from: '2000-01-01', to: period.to }, enabled).data
  const toCategorize = useToCategorizeCount(books).data
  // The drawers come with a bank connection (spec/account.md §2 "Stat drawers linked to a bank connection").
  const drawers = (useBankConnections(books).data ?? 0) > 0

  const cards: (StatCardProps & { key: string; books?: boolean; hidden?: boolean })[] = [
    {
      key: 'revenue',
      books: true,
      title: "Chiffre d'affaires",
      value: activity ? euros(activity.summary.income.total) : null,
      trend: trendOf(activity?.summary.income),
      caption: monthCaption(activity?.summary.income),
      detail: drawers ? monthsOf(activity?.summary.income) : undefined,
    },
    {
      key: 'expenses',
      books: true,
      title: 'Charges',
      value: expenses ? euros(expenses.total) : null,
      trend: trendOf(expenses),
      caption: monthCaption(expenses),
      detail: drawers ? monthsOf(expenses) : undefined,
    },
    {
      key: 'result',
      books: true,
      title: 'Résultat',
      value: gains ? euros(gains.total) : null,
      trend: trendOf(gains),
      caption: monthCaption(gains),
      link: { to: LINKS.operatingAccount, label: "Voir le compte d'exploitation" },
      detail: drawers ? monthsOf(gains) : undefined,
    },
    {
      key: 'taxes',
      books: true,
      hidden: taxFree,
      title: 'T.V.A. à payer',
      value: taxes ? euros(taxes.total) : null,
      trend: trendOf(taxes),
      caption: monthCaption(taxes),
      link: { to: LINKS.taxes, label: 'Voir le rapport de T.V.A.' },
      detail: drawers ? monthsOf(taxes) : undefined,
    },
    {
      key: 'quotes',
      title: 'Devis en attente',
      value: quotes ? euros(quotes.sent.sum) : null,
      caption: quotes ? `${quotes.sent.count} devis envoyé${quotes.sent.count > 1 ? 's' : ''}` : undefined,
      link: { to: LINKS.quotes, label: 'Voir les devis' },
    },
    {
      key: 'owed',
      title: 'Sommes dues par tes clients',
      value: invoices ? euros(invoices.owed) : null,
      link: { to: LINKS.invoices, label: 'Voir les factures' },
    },
    {
      key: 'partners',
      books: true,
      title: "Comptes courants d'associés",
      value: partners ? euros(partners.total) : null,
      detail:
        drawers && partners ? { kind: 'accounts', accounts: partners.accounts, total: partners.total } : undefined,
    },
    {
      key: 'toCategorize',
      books: true,
      title: 'Transactions à catégoriser',
      value: toCategorize === undefined ? null : String(toCategorize),
      link: { to: LINKS.toCategorize, label: 'Catégoriser' },
      detail: drawers ? { kind: 'toCategorize', link: LINKS.toCategorize } : undefined,
    },
  ]
  const columns = taxFree ? 3 : 4
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: columns }}
      spacing="md"
      data-columns={columns}
      data-testid="dashboard-cards"
    >
      {cards
        .filter((card) => !card.hidden && (!card.books || books || !enabled))
        .map(({ key, books: _books, hidden: _hidden, ...card }) => (
          <StatCard key={key} {...card} />
        ))}
    </SimpleGrid>
  )
}
