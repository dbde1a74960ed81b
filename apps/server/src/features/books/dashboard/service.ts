import {
  type AvailableYearDto,
  canReadBooks,
  currentFiscalYearStart,
  type DashboardAccountsDto,
  type DashboardActivityDto,
  type DashboardFigureDto,
  type DashboardInvoicesDto,
  type DashboardMrrDto,
  type DashboardPeriod,
  type DashboardQuery,
  type DashboardQuotesDto,
  type DashboardTreasuryDto,
  defaultDashboardPeriod,
  fiscalYearOf,
  hasFeature,
  messages,
  reportMonths,
  subtract,
  sum,
  toCents,
  todayInParis,
  trendOf,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { AppError, forbidden } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import { againstPreviousMonth, figureOf, monthEnds, monthFigure, owedToAssociate, recentMonths } from './figures'
import { type CountSum, createDashboardRepo } from './repo'

const countAndSum = (rows: CountSum[], state: string) => {
  const row = rows.find((candidate) => candidate.state === state)
  return { count: row?.count ?? 0, sum: toCents(row?.sum ?? '0') }
}

/**
 * The dashboard's figures (spec/account.md §2 "Dashboard", §3 "Dashboard data"; API.md GET /dashboard/*): money from
 * the ledger (decision 0024), the same books the reports read, documents counted from their tables. A premium
 * feature (the commercial dashboard: the free formula gets 403); what the books say of the bank, the associates, the
 * result and the VAT is, as in the reports, not for collaborators.
 */
export function createDashboardService(deps: {
  db: Db
  clock: Clock
  organizations: Pick<OrganizationService, 'access'>
}) {
  const repo = createDashboardRepo(deps.db)

  async function open(tenant: Tenant, options: { books: boolean }) {
    if (!hasFeature(await deps.organizations.access(tenant.organizationId), 'commercial_dashboard'))
      throw forbidden(messages.dashboard.premiumRequired, 'PREMIUM_REQUIRED')
    if (options.books && !canReadBooks(tenant.membership.roleCode))
      throw forbidden(messages.ledger.readForbidden, 'BOOKS_FORBIDDEN')
  }

  /** The period asked, what is missing from the default one: the fiscal year's start (of `to`) to today. */
  async function periodOf(tenant: Tenant, query: DashboardQuery): Promise<DashboardPeriod> {
    if (query.from && query.to) return { from: query.from, to: query.to }
    const fiscal = await repo.fiscalColumns(tenant.organizationId)
    const years = { fiscalYearStartedAt: fiscal.startedAt, fiscalYearEndedAt: fiscal.endedAt }
    const to = query.to ?? todayInParis(deps.clock())
    const from = query.from ?? defaultDashboardPeriod(to, years).from
    if (to < from) {
      const message = messages.ledger.periodEndBeforeStart
      throw new AppError(400, 'BAD_REQUEST', message, { to: [message] })
    }
    return { from, to }
  }

  /** Amounts per month of the period, and of the two months a card compares. */
  async function monthly<T extends { month: string }>(
    read: (organizationId: number, from: string, to: string) => Promise<T[]>,
    organizationId: number,
    period: DashboardPeriod,
  ) {
    const recent = recentMonths(period.to)
    return Promise.all([
      read(organizationId, period.from, period.to),
      read(organizationId, recent.previousStart, period.to),
    ])
  }

  async function operating(tenant: Tenant, query: DashboardQuery) {
    await open(tenant, { books: true })
    const period = await periodOf(tenant, query)
    const [inPeriod, recent] = await monthly(repo.operatingByMonth, tenant.organizationId, period)
    const of = (rows: typeof inPeriod, pick: (row: (typeof inPeriod)[number]) => string) =>
      rows.map((row) => ({ month: row.month, amount: pick(row) }))
    const result = (row: (typeof inPeriod)[number]) => subtract(row.income, row.expenses)
    return {
      period,
      income: figureOf(
        period,
        of(inPeriod, (row) => row.income),
        of(recent, (row) => row.income),
      ),
      expenses: figureOf(
        period,
        of(inPeriod, (row) => row.expenses),
        of(recent, (row) => row.expenses),
      ),
      result: figureOf(period, of(inPeriod, result), of(recent, result)),
    }
  }

  async function accounts(tenant: Tenant, query: DashboardQuery, type: 'BQ' | 'CC'): Promise<DashboardAccountsDto> {
    await open(tenant, { books: true })
    const { to } = await periodOf(tenant, query)
    const rows = await repo.journalBalances(tenant.organizationId, type, to)
    // A bank account holds debit − credit; an associate's account is what the company owes the associate.
    const shown = rows.map((row) => ({ ...row, balance: type === 'BQ' ? row.balance : owedToAssociate(row.balance) }))
    return { at: to, total: toCents(sum(shown.map((row) => row.balance))), accounts: shown }
  }

  return {
    async activity(tenant: Tenant, query: DashboardQuery): Promise<DashboardActivityDto> {
      const { period, income, expenses, result } = await operating(tenant, query)
      const recent = recentMonths(period.to)
      const ends = monthEnds(period)
      const [flows, treasury, previous] = await Promise.all([
        repo.bankFlows(tenant.organizationId, period.from, period.to),
        repo.treasuryAt(tenant.organizationId, ends),
        repo.treasuryAt(tenant.organizationId, [recent.previousEnd]),
      ])
      const current = treasury.at(-1)?.balance ?? '0.00'
      const activityByMonth = reportMonths(period.from, period.to).map((month, index) => {
        const flow = flows.find((row) => row.month === month.month)
        const moneyIn = flow?.in ?? '0.00'
        const moneyOut = flow?.out ?? '0.00'
        return {
          date: month.month,
          label: month.label,
          shortLabel: month.shortLabel,
          in: moneyIn,
          out: moneyOut,
          balance: toCents(subtract(moneyIn, moneyOut)),
          treasury: treasury[index]?.balance ?? '0.00',
        }
      })
      const strip = ({ from: _from, to: _to, ...figure }: DashboardFigureDto) => figure
      return {
        from: period.from,
        to: period.to,
        activityByMonth,
        summary: {
          income: strip(income),
          expenses: strip(expenses),
          result: strip(result),
          treasury: {
            total: current,
            ...againstPreviousMonth(recent, current, previous[0]?.balance ?? '0.00'),
            byMonth: activityByMonth.map((month) => monthFigure(month.date, month.treasury)),
          },
        },
      }
    },

    async treasury(tenant: Tenant, query: DashboardQuery): Promise<DashboardTreasuryDto> {
      await open(tenant, { books: true })
      const period = await periodOf(tenant, query)
      const history = await repo.treasuryAt(tenant.organizationId, monthEnds(period))
      return {
        current: history.at(-1)?.balance ?? '0.00',
        history: history.map((point) => ({ date: point.at, amount: point.balance })),
      }
    },

    balance: (tenant: Tenant, query: DashboardQuery) => accounts(tenant, query, 'BQ'),
    partners: (tenant: Tenant, query: DashboardQuery) => accounts(tenant, query, 'CC'),
    expenses: async (tenant: Tenant, query: DashboardQuery) => (await operating(tenant, query)).expenses,
    gains: async (tenant: Tenant, query: DashboardQuery) => (await operating(tenant, query)).result,

    async taxes(tenant: Tenant, query: DashboardQuery): Promise<DashboardFigureDto> {
      await open(tenant, { books: true })
      const period = await periodOf(tenant, query)
      const [inPeriod, recent] = await monthly(repo.vatDueByMonth, tenant.organizationId, period)
      return figureOf(period, inPeriod, recent)
    },

    async mrr(tenant: Tenant, query: DashboardQuery): Promise<DashboardMrrDto> {
      await open(tenant, { books: false })
      const period = await periodOf(tenant, query)
      const recent = recentMonths(period.to)
      const rows = await repo.recurringRevenueByMonth(tenant.organizationId, recent.previousStart, period.to)
      const of = (month: string) => toCents(rows.find((row) => row.month === month)?.amount ?? '0')
      const lastPeriodAmount = of(recent.current)
      const previousPeriodAmount = of(recent.previous)
      return {
        lastPeriodAmount,
        previousPeriodAmount,
        lastPeriodStart: `${recent.current}-01`,
        previousPeriodStart: recent.previousStart,
        trend: trendOf(lastPeriodAmount, previousPeriodAmount),
      }
    },

    async quotes(tenant: Tenant): Promise<DashboardQuotesDto> {
      await open(tenant, { books: false })
      const rows = await repo.quotesByState(tenant.organizationId)
      return { sent: countAndSum(rows, 'SENT'), total: rows.reduce((total, row) => total + row.count, 0) }
    },

    async invoices(tenant: Tenant, query: DashboardQuery): Promise<DashboardInvoicesDto> {
      await open(tenant, { books: false })
      const period = await periodOf(tenant, query)
      const [rows, owed, total] = await Promise.all([
        repo.invoicesByState(tenant.organizationId, period.from, period.to),
        repo.receivablesAt(tenant.organizationId, period.to),
        repo.invoiceCount(tenant.organizationId),
      ])
      return {
        paid: countAndSum(rows, 'PAID'),
        pending: countAndSum(rows, 'PENDING'),
        late: countAndSum(rows, 'LATE'),
        owed,
        total,
      }
    },

    /**
     * The fiscal years the exercise selector offers: those the books hold and the current one, newest first (spec/
     * account.md §7 "available years"). Open to every plan: the reports name their years the same way.
     */
    async availableYears(tenant: Tenant): Promise<AvailableYearDto[]> {
      const fiscal = await repo.fiscalColumns(tenant.organizationId)
      const current = currentFiscalYearStart(todayInParis(deps.clock()), fiscal.startedAt)
      const starts = new Set([current, ...(await repo.fiscalYearStarts(tenant.organizationId))])
      return [...starts].sort((a, b) => b.localeCompare(a)).map((start) => fiscalYearOf(start, fiscal.startedAt))
    },
  }
}

export type DashboardService = ReturnType<typeof createDashboardService>
