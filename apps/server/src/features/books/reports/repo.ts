import type { Ca3LedgerLine, Ca3MonthCell } from '@app/domain'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'

export type OperatingAccountCell = { accountCode: string; label: string; month: string; amount: string }
export type VatDueCell = {
  month: string
  kind: 'collected' | 'deductible'
  rate: string
  accountCode: string
  tax: string
}
export type SalesCell = { month: string; rate: string; taxExcluded: string; tax: string }
export type VatDueLine = {
  dueAt: string
  journalCode: string
  pieceRef: string
  label: string
  kind: 'collected' | 'deductible'
  rate: string
  accountCode: string
  base: string
  tax: string
}

/**
 * The VAT that fell due in [from, to]: the lines of 44571 (collected) and 4456x (deductible) dated in the period
 * (decision 0024 "VAT": VAT not due yet waits on 44574, and moves to 44571 on the day its payment makes it due).
 * Tax: collected credit − debit, deductible debit − credit.
 */
const vatDue = (organizationId: number, from: string, to: string) => sql`
  with due as (
    select v.entry_id, v.dated_at as due_at, v.vat_kind as kind, v.vat_rate as rate, v.account_code,
           v.vat_base as base,
           case when v.vat_kind = 'collected' then v.credit - v.debit else v.debit - v.credit end as tax
    from ledger_lines v
    where v.organization_id = ${organizationId} and v.vat_kind is not null and v.dated_at between ${from} and ${to}
      and (v.account_code like '4456%' or v.account_code like '4457%') and v.account_code <> '44574'
  )`

/**
 * What the CA3 reads in [from, to]: the VAT due (as `vatDue`), and the sales at 0 % on 70x, which carry no VAT but
 * go to box E1 (an export), F2 (an intra-EU supply) or E2 (the rest) on the day of the operation, as their line's
 * operation says. Their tax is 0.
 */
const ca3Due = (organizationId: number, from: string, to: string) => sql`
  with due as (
    select v.entry_id, v.position, v.dated_at as due_at, v.vat_kind as kind, v.vat_rate as rate, v.account_code,
           v.vat_base as base, v.vat_operation as operation,
           case when v.account_code like '70%' then 0
                when v.vat_kind = 'collected' then v.credit - v.debit else v.debit - v.credit end as tax
    from ledger_lines v
    where v.organization_id = ${organizationId} and v.vat_kind is not null and v.dated_at between ${from} and ${to}
      and (((v.account_code like '4456%' or v.account_code like '4457%') and v.account_code <> '44574')
           or (v.account_code like '70%' and v.vat_kind = 'collected' and v.vat_rate::numeric = 0))
  )`

export function createReportRepo(db: DbOrTx) {
  return {
    /**
     * Classes 6 and 7 of the period, per account and month: charges debit − credit, produits credit − debit. One sum
     * per group, negated for a produit: two sums, of which the group keeps one, cost every line twice the arithmetic.
     */
    async operatingAccount(organizationId: number, from: string, to: string): Promise<OperatingAccountCell[]> {
      const result = await db.execute<OperatingAccountCell>(sql`
        select account_code as "accountCode", max(account_label) as label, to_char(dated_at, 'YYYY-MM') as month,
               (case when account_code like '7%' then -sum(debit - credit) else sum(debit - credit) end)::numeric(15,2)::text
                 as amount
        from ledger_lines
        where organization_id = ${organizationId} and dated_at between ${from} and ${to}
          and (account_code like '6%' or account_code like '7%')
        group by account_code, to_char(dated_at, 'YYYY-MM')
        order by account_code, month`)
      return result.rows
    },

    /** The tax only: the yearly report shows no base, and summing it cost every line a second sum. */
    async vatDueByMonth(organizationId: number, from: string, to: string): Promise<VatDueCell[]> {
      const result = await db.execute<VatDueCell>(sql`${vatDue(organizationId, from, to)}
        select to_char(due_at, 'YYYY-MM') as month, kind, rate, account_code as "accountCode",
               sum(tax)::numeric(15,2)::text as tax
        from due group by 1, 2, 3, 4 order by 1, 2, 3, 4`)
      return result.rows
    },

    /** The CA3's lines of [from, to], one by one, in the order of the books. */
    async ca3Lines(organizationId: number, from: string, to: string): Promise<Ca3LedgerLine[]> {
      const result = await db.execute<Ca3LedgerLine>(sql`${ca3Due(organizationId, from, to)}
        select d.entry_id::int as "entryId", d.position, e.journal_code as "journalCode", e.number,
               d.due_at::text as date, e.piece_ref as "pieceRef", e.label, d.kind, d.rate,
               d.account_code as "accountCode", d.base::numeric(15,2)::text as base, d.tax::numeric(15,2)::text as tax,
               d.operation
        from due d join ledger_entries e on e.organization_id = ${organizationId} and e.id = d.entry_id
        order by d.due_at, e.journal_code, e.number, d.position`)
      return result.rows.map((row) => ({ ...row, entryId: Number(row.entryId), number: Number(row.number) }))
    },

    /** The same per month, kind, rate and account: enough to compute the returns before a period (the credit carried). */
    async ca3Cells(organizationId: number, from: string, to: string): Promise<Ca3MonthCell[]> {
      const result = await db.execute<Ca3MonthCell>(sql`${ca3Due(organizationId, from, to)}
        select to_char(due_at, 'YYYY-MM') as month, kind, rate, account_code as "accountCode", operation,
               sum(base)::numeric(15,2)::text as base, sum(tax)::numeric(15,2)::text as tax
        from due group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`)
      return result.rows
    },

    /** The first day the CA3 has something to read before `before`, if any. */
    async firstCa3Date(organizationId: number, before: string): Promise<string | null> {
      const result = await db.execute<{ first: string | null }>(sql`${ca3Due(organizationId, '0001-01-01', before)}
        select min(due_at)::text as first from due where due_at < ${before}`)
      return result.rows[0]?.first ?? null
    },

    async vatDueLines(organizationId: number, from: string, to: string): Promise<VatDueLine[]> {
      const result = await db.execute<VatDueLine>(sql`${vatDue(organizationId, from, to)}
        select d.due_at::text as "dueAt", e.journal_code as "journalCode", e.piece_ref as "pieceRef", e.label,
               d.kind, d.rate, d.account_code as "accountCode", d.base::numeric(15,2)::text as base,
               d.tax::numeric(15,2)::text as tax
        from due d join ledger_entries e on e.organization_id = ${organizationId} and e.id = d.entry_id
        order by d.due_at, e.journal_code, e.number, d.account_code`)
      return result.rows
    },

    /**
     * The sales journal of the period per month and rate: what invoices and credit notes put on their revenue
     * accounts (70x, 4191 for deposits, 467 for disbursements: rate 0) and on 4457x. Together they make the TTC of 411.
     */
    async salesByMonth(organizationId: number, from: string, to: string): Promise<SalesCell[]> {
      const result = await db.execute<SalesCell>(sql`
        select to_char(l.dated_at, 'YYYY-MM') as month, coalesce(l.vat_rate, '0') as rate,
               sum(case when l.account_code like '445%' then 0 else l.credit - l.debit end)::numeric(15,2)::text
                 as "taxExcluded",
               sum(case when l.account_code like '445%' then l.credit - l.debit else 0 end)::numeric(15,2)::text as tax
        from ledger_lines l
        join ledger_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
        where l.organization_id = ${organizationId} and e.journal_code = 'VT' and l.account_code <> '411'
          and l.dated_at between ${from} and ${to}
        group by 1, 2 order by 1, 2`)
      return result.rows
    },

    async taxRegimeCode(organizationId: number): Promise<string> {
      const result = await db.execute<{ code: string }>(sql`
        select r.code from organizations o join tax_regimes r on r.id = o.tax_regime_id where o.id = ${organizationId}`)
      return result.rows[0]?.code ?? 'MONTH'
    },

    /** What the CA3 prints of the organisation: its name, SIREN and default address on one line. */
    async organization(organizationId: number) {
      const result = await db.execute<{ name: string; siren: string | null; address: string | null }>(sql`
        select o.name, o.registry_siren as siren,
               (select concat_ws(', ', nullif(a.street, ''), a.postcode || ' ' || a.city) from addresses a
                where a.organization_id = ${organizationId} and a.addressable_type = 'organization'
                order by a.is_default desc, a.id limit 1) as address
        from organizations o where o.id = ${organizationId}`)
      return result.rows[0] ?? null
    },

    /**
     * The years that have entries, newest first: the calendar years each numbered fiscal year touches, read from the
     * numbering counters (a row per journal and fiscal year) rather than from every entry, which cost a report a scan
     * of the books on a busy organisation.
     */
    async years(organizationId: number): Promise<number[]> {
      const result = await db.execute<{ year: number }>(sql`
        select distinct y.year from ledger_counters c
        cross join lateral (values (extract(year from c.fiscal_year_start)::int),
          (extract(year from c.fiscal_year_start + interval '1 year' - interval '1 day')::int)) as y(year)
        where c.organization_id = ${organizationId} and c.last_number > 0
        order by 1 desc`)
      return result.rows.map((row) => Number(row.year))
    },
  }
}
