import { type BookKind, PURCHASE_ACCOUNT_PATTERNS, PURCHASED_ACCOUNT_PATTERN } from '@app/domain'
import { type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'

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

const P = PURCHASE_ACCOUNT_PATTERNS

/**
 * The lines each book reads of a movement. Income: every line but the treasury's (class 5) and the associates' or
 * operator's (455, 108): an internal transfer (5 against 5 or 58) and an associate's contribution make nothing.
 * Expenses: purchases only, as the domain tells them by account (ledger/reports/purchases): a charge or fixed asset
 * bought, its deductible VAT, or the payment of a supplier's piece that was put on one; a transfer to the owner, a cash
 * withdrawal, an internal transfer, an uncategorised line (471), a customer refunded or a tax paid is no purchase.
 */
const LINES: Record<BookKind, SQL> = {
  income: sql`l.account_code !~ '^(5|455|108)'`,
  expenses: sql`(l.account_code ~ ${PURCHASED_ACCOUNT_PATTERN} or l.account_code ~ ${P.deductibleVat}
    or (l.account_code ~ ${P.supplier} and h.code ~ ${PURCHASED_ACCOUNT_PATTERN}))`,
}

/** A movement of the registre des achats buys something: its deductible VAT alone is not a purchase. */
const HOLDS: Record<BookKind, SQL> = {
  income: sql`true`,
  expenses: sql`bool_or(f.account_code !~ ${P.deductibleVat})`,
}

export function createBookRepo(db: DbOrTx) {
  return {
    /**
     * The active entries of the period (neither a reversal nor reversed: a re-categorised line counts once, as it is
     * now) whose movement, read on the lines the book takes (LINES), goes the book's way; a split that mixes a
     * purchase with something else counts its purchase.
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
                 l.settles_piece_ref, h.label as settled_label,
                 (l.credit - l.debit) * ${SIGN[kind]}::int as amount
          from active a
          join ledger_lines l on l.organization_id = ${organizationId} and l.entry_id = a.id
          -- The supplier piece's own charge (its active HA entry, same supplier): whether it was a purchase, and
          -- "Fournitures" says more than "Fournisseurs".
          left join lateral (
            select x.account_code as code, x.account_label as label
            from ledger_entries he
            join ledger_lines x on x.organization_id = he.organization_id and x.entry_id = he.id
            where l.account_code ~ ${P.supplier} and he.organization_id = ${organizationId}
              and he.journal_code = 'HA' and he.piece_ref = l.settles_piece_ref and he.reverses_entry_id is null
              and not exists (select 1 from ledger_entries r
                where r.organization_id = ${organizationId} and r.reverses_entry_id = he.id)
              and exists (select 1 from ledger_lines s where s.organization_id = he.organization_id
                and s.entry_id = he.id and s.account_code = l.account_code and s.auxiliary_code = l.auxiliary_code)
              and x.account_code !~ ${P.supplier} and x.account_code not like '445%'
            order by abs(x.debit - x.credit) desc, x.position
            limit 1
          ) h on true
          where ${LINES[kind]}
        )
        select a.dated_at::text as date, a.journal_code as "journalCode", a.journal_label as "journalLabel",
               a.piece_ref as "pieceRef",
               string_agg(distinct f.settles_piece_ref, ', ')
                 filter (where f.account_code = '411' or f.account_code ~ ${P.supplier}) as "settledRefs",
               string_agg(distinct f.auxiliary_label, ', ')
                 filter (where f.account_code = '411' or f.account_code ~ ${P.supplier}) as contact,
               (array_agg(f.account_code order by f.amount desc, f.position)
                 filter (where f.account_code not like '445%'))[1] as "categoryCode",
               (array_agg(f.account_label order by f.amount desc, f.position)
                 filter (where f.account_code not like '445%'))[1] as "categoryLabel",
               (array_agg(f.settled_label order by f.amount desc, f.position)
                 filter (where f.settled_label is not null))[1] as "settledCategoryLabel",
               sum(f.amount)::numeric(15,2)::text as amount
        from active a
        join flows f on f.entry_id = a.id
        group by a.id, a.dated_at, a.journal_code, a.journal_label, a.number, a.piece_ref
        having sum(f.amount) > 0 and ${HOLDS[kind]}
        order by a.dated_at, a.journal_code, a.number`)
      return result.rows
    },
  }
}
