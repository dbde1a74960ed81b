import type { BookKind } from '@app/domain'
import { sql } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'

/** One movement of money of a book, as the ledger holds it: the service names its category and mode. */
export type BookEntry = {
  date: string
  journalCode: string
  journalLabel: string
  pieceRef: string
  /** The invoices (411) or supplier pieces (401) the movement settles, comma separated; null when none. */
  settledRefs: string | null
  /** Their customers' or suppliers' names (the auxiliary accounts' labels), comma separated; null when none. */
  contact: string | null
  /** The account that takes the largest share of the movement, VAT aside. */
  categoryCode: string | null
  categoryLabel: string | null
  /** The expense account of the supplier piece it settles, as its purchase entry (HA) says; null when none. */
  settledCategoryLabel: string | null
  /** T.T.C., positive, two decimals. */
  amount: string
}

/**
 * The journals each book reads (decision 0024): money in through the bank (BQ1…), the cash box (CAI1…) and cash
 * sales (ES1…); money out through the bank, the cash box and expense notes (the associate's CC1… or the operator's
 * EX1… account, which advanced it).
 */
const JOURNALS: Record<BookKind, string> = {
  income: '^(BQ|CAI|ES)[0-9]+$',
  expenses: '^(BQ|CAI|CC|EX)[0-9]+$',
}

/** Which side of a line is money in (+1: its credit, the other side from the treasury's debit) or money out (−1). */
const SIGN: Record<BookKind, number> = { income: 1, expenses: -1 }

export function createBookRepo(db: DbOrTx) {
  return {
    /**
     * The active entries of the period (neither a reversal nor reversed: a re-categorised line counts once, as it is
     * now) whose movement, read on every line but the treasury's (class 5) and the associates' or operator's (455,
     * 108), goes the book's way: an internal transfer (5 against 5 or 58) and an associate's contribution or
     * reimbursement (5 against 455 / 108) make nothing and stay out; a split that mixes them counts its other part.
     */
    async entries(organizationId: number, kind: BookKind, from: string, to: string): Promise<BookEntry[]> {
      const result = await db.execute<BookEntry>(sql`
        with active as (
          select e.id, e.dated_at, e.journal_code, e.journal_label, e.number, e.piece_ref
          from ledger_entries e
          where e.organization_id = ${organizationId} and e.dated_at between ${from} and ${to}
            and e.journal_code ~ ${JOURNALS[kind]} and e.reverses_entry_id is null
            and not exists (select 1 from ledger_entries r
              where r.organization_id = ${organizationId} and r.reverses_entry_id = e.id)
        ), flows as (
          select l.entry_id, l.position, l.account_code, l.account_label, l.auxiliary_code, l.auxiliary_label,
                 l.settles_piece_ref,
                 (l.credit - l.debit) * ${SIGN[kind]}::int as amount
          from active a
          join ledger_lines l on l.organization_id = ${organizationId} and l.entry_id = a.id
          where l.account_code not like '5%' and l.account_code not like '455%' and l.account_code not like '108%'
        )
        select a.dated_at::text as date, a.journal_code as "journalCode", a.journal_label as "journalLabel",
               a.piece_ref as "pieceRef",
               string_agg(distinct f.settles_piece_ref, ', ') filter (where f.account_code in ('411', '401'))
                 as "settledRefs",
               string_agg(distinct f.auxiliary_label, ', ') filter (where f.account_code in ('411', '401'))
                 as contact,
               (array_agg(f.account_code order by f.amount desc, f.position)
                 filter (where f.account_code not like '445%'))[1] as "categoryCode",
               (array_agg(f.account_label order by f.amount desc, f.position)
                 filter (where f.account_code not like '445%'))[1] as "categoryLabel",
               (array_agg(h.label order by f.amount desc, f.position) filter (where h.label is not null))[1]
                 as "settledCategoryLabel",
               sum(f.amount)::numeric(15,2)::text as amount
        from active a
        join flows f on f.entry_id = a.id
        -- The supplier piece's own charge (its active HA entry, same supplier): "Fournitures" says more than "Fournisseurs".
        left join lateral (
          select x.account_label as label
          from ledger_entries he
          join ledger_lines x on x.organization_id = he.organization_id and x.entry_id = he.id
          where f.account_code = '401' and he.organization_id = ${organizationId} and he.journal_code = 'HA'
            and he.piece_ref = f.settles_piece_ref and he.reverses_entry_id is null
            and not exists (select 1 from ledger_entries r
              where r.organization_id = ${organizationId} and r.reverses_entry_id = he.id)
            and exists (select 1 from ledger_lines s where s.organization_id = he.organization_id
              and s.entry_id = he.id and s.account_code = '401' and s.auxiliary_code = f.auxiliary_code)
            and x.account_code <> '401' and x.account_code not like '445%'
          order by abs(x.debit - x.credit) desc, x.position
          limit 1
        ) h on true
        group by a.id, a.dated_at, a.journal_code, a.journal_label, a.number, a.piece_ref
        having sum(f.amount) > 0
        order by a.dated_at, a.journal_code, a.number`)
      return result.rows
    },
  }
}
