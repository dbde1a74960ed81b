import { type AlertType, type CashReceived, INVOICE_STATE_IDS, type ThresholdRow } from '@app/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { alerts, thresholds } from '../../../db/schema'

export type AlertRow = typeof alerts.$inferSelect

/** Treasury journals: the bank accounts (BQ1…), the cash boxes (CAI1…) and cash sales (ES1…) (decision 0024). */
const TREASURY_JOURNALS = '^(BQ|CAI|ES)[0-9]+$'
/** Goods: sales of goods (707), finished and intermediate products (701–703), delivery fees (7085). */
const GOODS_ACCOUNTS = '^(70[1237]|7085)'

export function createAlertRepo(db: DbOrTx) {
  return {
    async thresholds(): Promise<ThresholdRow[]> {
      return db
        .select({
          kind: thresholds.kind,
          activityCode: thresholds.activityCode,
          amount: thresholds.amount,
          validFrom: thresholds.validFrom,
          validTo: thresholds.validTo,
        })
        .from(thresholds)
    },

    /**
     * The money received for sales in a calendar year, HT, goods and services apart, read from the ledger's active
     * entries (neither a reversal nor reversed; decision 0024). The rule:
     * - a customer's payment is a credit of 411 in a treasury journal (a refund, a debit, counts negative) that
     *   settles an invoice or credit note; it is converted to HT and split by that piece's sales entry (VT): its
     *   goods revenue (707, 701–703, 7085) and its services revenue (706 and the other 70x; a deposit's 4191 by its
     *   VAT nature, services when untagged as a tax-free organisation's are) against the TTC its 411 debit holds.
     *   VAT and disbursements (467) are not turnover and fall out of the share;
     * - an invoice marked paid by hand (a cheque, cash the books do not follow) was paid on its payment date for what
     *   its transfers did not pay (its net to pay less its 411 credits), split the same way: the books post nothing
     *   but VAT for it (decision 0024 "VAT"), yet the money was received;
     * - a sale without invoice is a 70x line of a treasury journal (a cash sale, a bank line categorised on 706…).
     * Sums stay numeric in the database and are rounded to the cent once, at the end.
     */
    async cashReceived(organizationId: number, year: number, until = `${year}-12-31`): Promise<CashReceived> {
      const from = `${year}-01-01`
      const to = until
      const result = await db.execute<CashReceived>(sql`
        with active as (
          select e.id, e.journal_code, e.piece_ref
          from ledger_entries e
          where e.organization_id = ${organizationId} and e.reverses_entry_id is null
            and not exists (select 1 from ledger_entries r
              where r.organization_id = ${organizationId} and r.reverses_entry_id = e.id)
        ), lines as (
          select a.journal_code, a.piece_ref, l.dated_at, l.account_code, l.vat_nature, l.settles_piece_ref,
                 l.credit - l.debit as credit
          from active a
          join ledger_lines l on l.organization_id = ${organizationId} and l.entry_id = a.id
        ), pieces as (
          select piece_ref,
                 sum(credit) filter (where account_code ~ ${GOODS_ACCOUNTS}
                   or (account_code = '4191' and vat_nature = 'goods')) as goods,
                 sum(credit) filter (where (account_code like '70%' and account_code !~ ${GOODS_ACCOUNTS})
                   or (account_code = '4191' and coalesce(vat_nature, 'services') = 'services')) as services,
                 -sum(credit) filter (where account_code = '411') as ttc
          from lines
          where journal_code = 'VT'
          group by piece_ref
        ), settlements as (
          select settles_piece_ref as piece_ref, dated_at, credit as amount
          from lines
          where journal_code ~ ${TREASURY_JOURNALS} and account_code = '411' and settles_piece_ref is not null
        ), by_hand as (
          select i.reference as piece_ref, i.payment_date_at as dated_at,
                 i.amount - coalesce((select sum(s.amount) from settlements s where s.piece_ref = i.reference), 0)
                   as amount
          from invoices i
          where i.organization_id = ${organizationId} and i.state_id = ${INVOICE_STATE_IDS.PAID}
            and i.reference is not null and i.payment_date_at between ${from} and ${to}
        ), received as (
          select piece_ref, amount from settlements where dated_at between ${from} and ${to}
          union all
          select piece_ref, amount from by_hand where sign(amount) = sign(
            (select p.ttc from pieces p where p.piece_ref = by_hand.piece_ref))
        ), invoiced as (
          select coalesce(sum(r.amount * coalesce(p.goods, 0) / p.ttc), 0) as goods,
                 coalesce(sum(r.amount * coalesce(p.services, 0) / p.ttc), 0) as services
          from received r
          join pieces p on p.piece_ref = r.piece_ref and p.ttc <> 0
        ), direct as (
          select coalesce(sum(credit) filter (where account_code ~ ${GOODS_ACCOUNTS}), 0) as goods,
                 coalesce(sum(credit) filter (where account_code !~ ${GOODS_ACCOUNTS}), 0) as services
          from lines
          where journal_code ~ ${TREASURY_JOURNALS} and account_code like '70%' and dated_at between ${from} and ${to}
        )
        select round(i.goods + d.goods, 2)::numeric(15,2)::text as goods,
               round(i.services + d.services, 2)::numeric(15,2)::text as services
        from invoiced i, direct d`)
      return result.rows[0] ?? { goods: '0.00', services: '0.00' }
    },

    /**
     * A sole trader's charges between two dates, for the legal-form comparison: the 6 class of the ledger's active
     * entries, less the trader's own social contributions (645, 646: the comparison computes them) and the taxes on
     * profits (69x), which are not charges of the activity.
     */
    async expenses(organizationId: number, from: string, to: string): Promise<string> {
      const result = await db.execute<{ amount: string }>(sql`
        select coalesce(round(sum(l.debit - l.credit), 2), 0)::numeric(15,2)::text as amount
        from ledger_lines l
        join ledger_entries e on e.organization_id = l.organization_id and e.id = l.entry_id
        where l.organization_id = ${organizationId} and e.reverses_entry_id is null
          and not exists (select 1 from ledger_entries r
            where r.organization_id = ${organizationId} and r.reverses_entry_id = e.id)
          and l.account_code ~ '^6' and l.account_code !~ '^(645|646|69)'
          and l.dated_at between ${from} and ${to}`)
      return result.rows[0]?.amount ?? '0.00'
    },

    /** What the legal-form comparison needs of the organisation: its legal form and its sector (NAF section). */
    async activityProfile(organizationId: number) {
      const result = await db.execute<{ legalFormCode: string; legalFormType: string; sectorCode: string | null }>(sql`
        select f.code as "legalFormCode", f.type as "legalFormType", s.code as "sectorCode"
        from organizations o
        join legal_forms f on f.id = o.legal_form_id
        left join sectors s on s.id = o.sector_id
        where o.id = ${organizationId}`)
      return result.rows[0] ?? null
    },

    /** The organisation's alert rows of a year for these types, made when missing (so that each has an id). */
    async ensure(organizationId: number, types: readonly AlertType[], year: number): Promise<AlertRow[]> {
      if (types.length === 0) return []
      await db
        .insert(alerts)
        .values(types.map((type) => ({ organizationId, type, year })))
        .onConflictDoNothing()
      return db
        .select()
        .from(alerts)
        .where(and(eq(alerts.organizationId, organizationId), eq(alerts.year, year)))
    },

    async find(organizationId: number, id: number): Promise<AlertRow | undefined> {
      const [row] = await db
        .select()
        .from(alerts)
        .where(and(eq(alerts.organizationId, organizationId), eq(alerts.id, id)))
      return row
    },

    async markChecked(organizationId: number, id: number, level: string): Promise<AlertRow | undefined> {
      const [row] = await db
        .update(alerts)
        .set({ checkedLevel: level, checkedAt: sql`now()` })
        .where(and(eq(alerts.organizationId, organizationId), eq(alerts.id, id)))
        .returning()
      return row
    },
  }
}
