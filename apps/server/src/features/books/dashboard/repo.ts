import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'

export type AccountBalance = { journalId: number; name: string; accountCode: string; balance: string }
export type MonthFlow = { month: string; in: string; out: string }
export type MonthAmount = { month: string; amount: string }
export type PointBalance = { at: string; balance: string }
export type CountSum = { state: string; count: number; sum: string }

const points = (dates: readonly string[]) =>
  sql.join(
    dates.map((date) => sql`(${date}::date)`),
    sql`, `,
  )

/**
 * The accounts of the organisation's journals of a type (BQ banks on 512x, CC associates on 455x), as the journals
 * table names them: the dashboard reads what the books hold on exactly those accounts.
 */
const journalAccounts = (organizationId: number, type: 'BQ' | 'CC') => sql`
  select j.id, j.name, j.account_code, j.is_active from journals j
  join journal_types t on t.id = j.journal_type_id
  where j.organization_id = ${organizationId} and t.code = ${type}`

/**
 * Debit − credit of each account at each date. The à-nouveaux restate, on the first day of each fiscal year, the
 * balances of the year before (decision 0024): a balance is therefore the lines of one fiscal year only, the latest
 * that had begun by that date (its AN included), up to the date. A year with nothing posted yet leaves the one
 * before, whose lines all count: its closing balance is the balance.
 */
const balancesAt = (organizationId: number, dates: readonly string[], accounts: ReturnType<typeof sql>) => sql`
  with points(at) as (values ${points(dates)}),
  years as (
    select p.at, (select max(e.fiscal_year_start) from ledger_entries e
                  where e.organization_id = ${organizationId} and e.fiscal_year_start <= p.at) as start
    from points p
  )
  select y.at::text as at, l.account_code, sum(l.debit - l.credit) as balance
  from years y
  join ledger_lines l on l.organization_id = ${organizationId} and l.dated_at between y.start and y.at
  join ledger_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
    and e.fiscal_year_start = y.start
  where l.account_code in (${accounts})
  group by 1, 2`

export function createDashboardRepo(db: DbOrTx) {
  return {
    async fiscalColumns(organizationId: number) {
      const result = await db.execute<{ startedAt: string | null; endedAt: string | null }>(sql`
        select fiscal_year_started_at::text as "startedAt", fiscal_year_ended_at::text as "endedAt"
        from organizations where id = ${organizationId}`)
      return result.rows[0] ?? { startedAt: null, endedAt: null }
    },

    /** Each journal of the type with its balance at `at` (debit − credit; the sign is the service's). */
    async journalBalances(organizationId: number, type: 'BQ' | 'CC', at: string): Promise<AccountBalance[]> {
      const result = await db.execute<AccountBalance>(sql`
        with accounts as (${journalAccounts(organizationId, type)}),
        balances as (${balancesAt(organizationId, [at], sql`select account_code from accounts`)})
        select a.id::int as "journalId", a.name, a.account_code as "accountCode",
               coalesce(b.balance, 0)::numeric(15,2)::text as balance
        from accounts a left join balances b on b.account_code = a.account_code
        where a.is_active or coalesce(b.balance, 0) <> 0
        order by a.account_code, a.id`)
      return result.rows.map((row) => ({ ...row, journalId: Number(row.journalId) }))
    },

    /** The bank accounts' total (512x of the BQ journals) at each date. */
    async treasuryAt(organizationId: number, dates: readonly string[]): Promise<PointBalance[]> {
      if (dates.length === 0) return []
      const result = await db.execute<PointBalance>(sql`
        with balances as (${balancesAt(organizationId, dates, sql`select account_code from (${journalAccounts(organizationId, 'BQ')}) a`)})
        select p.at::text as at, coalesce(sum(b.balance), 0)::numeric(15,2)::text as balance
        from (values ${points(dates)}) p(at) left join balances b on b.at = p.at::text
        group by p.at order by p.at`)
      return result.rows
    },

    /**
     * Money in and out of the bank accounts per month: each active entry's movement on them (neither a reversal nor
     * reversed, so that a re-categorised line counts once; the à-nouveaux are balances, not movements). A transfer
     * between two bank accounts moves nothing.
     */
    async bankFlows(organizationId: number, from: string, to: string): Promise<MonthFlow[]> {
      const result = await db.execute<MonthFlow>(sql`
        with accounts as (${journalAccounts(organizationId, 'BQ')}),
        moves as (
          select e.id, to_char(e.dated_at, 'YYYY-MM') as month, sum(l.debit - l.credit) as net
          from ledger_entries e
          join ledger_lines l on l.organization_id = e.organization_id and l.entry_id = e.id
          where e.organization_id = ${organizationId} and e.dated_at between ${from} and ${to}
            and e.journal_code <> 'AN' and e.reverses_entry_id is null
            and not exists (select 1 from ledger_entries r
              where r.organization_id = ${organizationId} and r.reverses_entry_id = e.id)
            and l.account_code in (select account_code from accounts)
          group by e.id, 2
        )
        select month, sum(greatest(net, 0))::numeric(15,2)::text as in,
               sum(greatest(-net, 0))::numeric(15,2)::text as out
        from moves group by month order by month`)
      return result.rows
    },

    /** Produits (class 7, credit − debit) and charges (class 6, debit − credit) per month, as the operating account. */
    async operatingByMonth(organizationId: number, from: string, to: string) {
      const result = await db.execute<{ month: string; income: string; expenses: string }>(sql`
        select to_char(dated_at, 'YYYY-MM') as month,
               sum(case when account_code like '7%' then credit - debit else 0 end)::numeric(15,2)::text as income,
               sum(case when account_code like '6%' then debit - credit else 0 end)::numeric(15,2)::text as expenses
        from ledger_lines
        where organization_id = ${organizationId} and dated_at between ${from} and ${to}
          and (account_code like '6%' or account_code like '7%')
        group by 1 order by 1`)
      return result.rows
    },

    /**
     * The VAT that fell due per month, collected − deductible: the lines of 44571 and 4456x, as the VAT report reads
     * them (decision 0024 "VAT": what waits on 44574 is not due yet).
     */
    async vatDueByMonth(organizationId: number, from: string, to: string): Promise<MonthAmount[]> {
      const result = await db.execute<MonthAmount>(sql`
        select to_char(dated_at, 'YYYY-MM') as month,
               -- collected (credit − debit) less deductible (debit − credit): credit − debit on every line.
               sum(credit - debit)::numeric(15,2)::text as amount
        from ledger_lines
        where organization_id = ${organizationId} and vat_kind is not null and dated_at between ${from} and ${to}
          and (account_code like '4456%' or account_code like '4457%') and account_code <> '44574'
        group by 1 order by 1`)
      return result.rows
    },

    /** What the invoices a recurring invoice made put on the revenue accounts (70x), per month: the MRR. */
    async recurringRevenueByMonth(organizationId: number, from: string, to: string): Promise<MonthAmount[]> {
      const result = await db.execute<MonthAmount>(sql`
        select to_char(l.dated_at, 'YYYY-MM') as month, sum(l.credit - l.debit)::numeric(15,2)::text as amount
        from ledger_lines l
        join ledger_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
        join invoices i on i.organization_id = e.organization_id and i.id = e.source_id
        where l.organization_id = ${organizationId} and l.dated_at between ${from} and ${to}
          and e.journal_code = 'VT' and e.source_kind = 'invoice' and i.subscription_id is not null
          and l.account_code like '70%'
        group by 1 order by 1`)
      return result.rows
    },

    /** Debit − credit of the customers' account (411) at `at`: what they still owe. */
    async receivablesAt(organizationId: number, at: string): Promise<string> {
      const result = await db.execute<{ balance: string }>(sql`
        with balances as (${balancesAt(organizationId, [at], sql`'411'`)})
        select coalesce(sum(balance), 0)::numeric(15,2)::text as balance from balances`)
      return result.rows[0]?.balance ?? '0.00'
    },

    /** Invoices (not credit notes, not recurring models) dated in the period, per state: how many, net to pay. */
    async invoicesByState(organizationId: number, from: string, to: string): Promise<CountSum[]> {
      const result = await db.execute<CountSum>(sql`
        select s.code as state, count(*)::int as count, sum(i.amount)::numeric(15,2)::text as sum
        from invoices i join invoice_states s on s.id = i.state_id
        where i.organization_id = ${organizationId} and not i.is_credit_note and not i.is_recurring
          and i.dated_at between ${from} and ${to}
        group by s.code`)
      return result.rows.map((row) => ({ ...row, count: Number(row.count) }))
    },

    async invoiceCount(organizationId: number): Promise<number> {
      const result = await db.execute<{ count: number }>(sql`
        select count(*)::int as count from invoices
        where organization_id = ${organizationId} and not is_credit_note and not is_recurring`)
      return Number(result.rows[0]?.count ?? 0)
    },

    /** Quotes per state, whatever their date: how many, net to pay. */
    async quotesByState(organizationId: number): Promise<CountSum[]> {
      const result = await db.execute<CountSum>(sql`
        select s.code as state, count(*)::int as count, sum(q.amount)::numeric(15,2)::text as sum
        from quotes q join quote_states s on s.id = q.state_id
        where q.organization_id = ${organizationId}
        group by s.code`)
      return result.rows.map((row) => ({ ...row, count: Number(row.count) }))
    },

    /** The fiscal years the books hold (their first days), newest first. */
    async fiscalYearStarts(organizationId: number): Promise<string[]> {
      const result = await db.execute<{ start: string }>(sql`
        select distinct fiscal_year_start::text as start from ledger_counters
        where organization_id = ${organizationId} and last_number > 0 order by 1 desc`)
      return result.rows.map((row) => row.start)
    },
  }
}

export type DashboardRepo = ReturnType<typeof createDashboardRepo>
