import type { JournalTypeCode, SearchRank } from '@app/domain'
import { type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'

/**
 * What one search looks for, prepared once: the query as typed (trimmed), folded by the domain's searchKey (the
 * form of contacts', items', receipts' and transactions' folded columns), and the amount it stands for, if any.
 */
export type SearchTerms = { organizationId: number; text: string; key: string; amount: string | null; limit: number }

type Ranked = { id: number; rank: SearchRank }
export type DocumentHit = Ranked & {
  name: string
  reference: string | null
  datedAt: string
  amount: string
  isCreditNote: boolean
  isDeposit: boolean
  /** The customer as printed (a validated document's snapshot), else the draft's contact; null without one. */
  customer: string | null
  stateCode: string
  stateName: string
}
export type ContactHit = Ranked & { name: string; email: string | null; isCustomer: boolean; isSupplier: boolean }
export type ItemHit = Ranked & {
  name: string
  reference: string
  amount: string
  priceRule: string
  itemTypeId: number
}
export type ReceiptHit = Ranked & {
  name: string
  reference: string | null
  datedAt: string | null
  amount: string | null
  supplier: string | null
}
export type TransactionHit = Ranked & {
  name: string
  datedAt: string
  amount: string
  journalType: JournalTypeCode
  journalName: string
}

/** A LIKE pattern that takes the typed text literally (% and _ are letters here, not wildcards). */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
const contains = (text: string) => `%${literal(text)}%`
const startsWith = (text: string) => `${literal(text)}%`

/** A numeric column equal to the amount typed, either sign (credit notes and expenses are stored negative). */
const amountIs = (column: SQL, amount: string | null) =>
  amount === null ? sql`false` : sql`abs(${column}) = ${amount}::numeric`

/** Ids come back as strings from node-postgres (bigint) and as numbers from PGlite. */
const withNumericId = <T extends Ranked>(rows: T[]): T[] =>
  rows.map((row) => ({ ...row, id: Number(row.id), rank: Number(row.rank) as SearchRank }))

/**
 * The search's reads, every one filtered on the organisation first. Quotes' and invoices' names, and their customers'
 * (what "Martin" finds: his documents beside him), are compared through search_fold (migration 0023: lower + unaccent, indexed); the other tables through the folded columns they keep.
 * Each read is ordered best first: its rank (SearchRank), then the closest by trigram similarity, then the most recent.
 */
export function createSearchRepo(db: DbOrTx) {
  async function documents(table: 'invoices' | 'quotes', t: SearchTerms): Promise<DocumentHit[]> {
    const d = sql.raw(table)
    const states = sql.raw(table === 'invoices' ? 'invoice_states' : 'quote_states')
    const invoiceOnly = table === 'invoices'
    // A validated document names the customer it was issued to (its snapshot); a draft, its contact of today.
    const customer = sql`coalesce(d.customer->>'name', c.name)`
    const result = await db.execute<DocumentHit>(sql`
      select d.id, d.name, d.reference, d.dated_at::text as "datedAt", d.total_tax_included::text as amount,
             ${invoiceOnly ? sql`d.is_credit_note` : sql`false`} as "isCreditNote",
             ${invoiceOnly ? sql`d.is_deposit` : sql`false`} as "isDeposit",
             ${customer} as customer, s.code as "stateCode", s.name as "stateName",
             case when lower(d.reference) = lower(${t.text}) then 0
                  when lower(d.reference) like lower(${startsWith(t.text)})
                    or search_fold(d.name) like search_fold(${startsWith(t.text)})
                    or search_fold(${customer}) like search_fold(${startsWith(t.text)})
                    or ${amountIs(sql`d.total_tax_included`, t.amount)} or ${amountIs(sql`d.amount`, t.amount)} then 1
                  else 2 end as rank
      from ${d} d
      join ${states} s on s.id = d.state_id
      left join contacts c on c.organization_id = d.organization_id and c.id = d.contact_id
      where d.organization_id = ${t.organizationId}
        ${invoiceOnly ? sql`and not d.is_recurring` : sql``}
        and (d.reference ilike ${contains(t.text)}
          or search_fold(d.name) like search_fold(${contains(t.text)})
          or search_fold(${customer}) like search_fold(${contains(t.text)})
          or ${amountIs(sql`d.total_tax_included`, t.amount)} or ${amountIs(sql`d.amount`, t.amount)})
      order by rank, greatest(similarity(search_fold(d.name), search_fold(${t.text})),
                              similarity(search_fold(coalesce(${customer}, '')), search_fold(${t.text})),
                              similarity(lower(coalesce(d.reference, '')), lower(${t.text}))) desc,
               d.dated_at desc, d.id desc
      limit ${t.limit}`)
    return withNumericId(result.rows)
  }

  return {
    invoices: (t: SearchTerms) => documents('invoices', t),
    quotes: (t: SearchTerms) => documents('quotes', t),

    /** Customers and suppliers by folded name, e-mail or SIREN; room for a full group of each kind. */
    async contacts(t: SearchTerms): Promise<ContactHit[]> {
      const result = await db.execute<ContactHit>(sql`
        select c.id, c.name, c.email, c.is_customer as "isCustomer", c.is_supplier as "isSupplier",
               case when c.sort_key = ${t.key} then 0 when c.sort_key like ${startsWith(t.key)} then 1 else 2 end as rank
        from contacts c
        where c.organization_id = ${t.organizationId} and c.search_text like ${contains(t.key)}
        order by rank, similarity(c.sort_key, ${t.key}) desc, c.id desc
        limit ${t.limit * 3}`)
      return withNumericId(result.rows)
    },

    /** Catalogue products and services by folded name or reference, or by their price as stored. */
    async items(t: SearchTerms): Promise<ItemHit[]> {
      const result = await db.execute<ItemHit>(sql`
        select i.id, i.name, i.reference, i.amount::text as amount, i.price_rule as "priceRule",
               i.item_type_id as "itemTypeId",
               case when lower(i.reference) = lower(${t.text}) then 0
                    when lower(i.reference) like lower(${startsWith(t.text)}) or i.sort_key like ${startsWith(t.key)}
                      or ${amountIs(sql`i.amount`, t.amount)} then 1
                    else 2 end as rank
        from items i
        where i.organization_id = ${t.organizationId}
          and (i.search_text like ${contains(t.key)} or ${amountIs(sql`i.amount`, t.amount)})
        order by rank, similarity(i.sort_key, ${t.key}) desc, i.id desc
        limit ${t.limit}`)
      return withNumericId(result.rows)
    },

    /** Receipts by folded name, reference or description, or by their amount TTC or HT. */
    async receipts(t: SearchTerms): Promise<ReceiptHit[]> {
      const result = await db.execute<ReceiptHit>(sql`
        select r.id, r.name, r.reference, r.dated_at::text as "datedAt", r.tax_included::text as amount,
               c.name as supplier,
               case when lower(r.reference) = lower(${t.text}) then 0
                    when lower(r.reference) like lower(${startsWith(t.text)})
                      or ${amountIs(sql`r.tax_included`, t.amount)} or ${amountIs(sql`r.tax_excluded`, t.amount)} then 1
                    else 2 end as rank
        from receipts r
        left join contacts c on c.organization_id = r.organization_id and c.id = r.contact_id
        where r.organization_id = ${t.organizationId}
          and (r.search_text like ${contains(t.key)}
            or ${amountIs(sql`r.tax_included`, t.amount)} or ${amountIs(sql`r.tax_excluded`, t.amount)})
        order by rank, r.dated_at desc nulls last, r.id desc
        limit ${t.limit}`)
      return withNumericId(result.rows)
    },

    /** Transactions of every journal by folded label, raw label or counterparty, reference, or amount. */
    async transactions(t: SearchTerms): Promise<TransactionHit[]> {
      const result = await db.execute<TransactionHit>(sql`
        select t.id, t.name, t.dated_at::text as "datedAt", t.amount::text as amount,
               jt.code as "journalType", j.name as "journalName",
               case when lower(t.reference) = lower(${t.text}) then 0
                    when t.name_key like ${startsWith(t.key)} or ${amountIs(sql`t.amount`, t.amount)} then 1
                    else 2 end as rank
        from transactions t
        join journals j on j.organization_id = t.organization_id and j.id = t.journal_id
        join journal_types jt on jt.id = j.journal_type_id
        where t.organization_id = ${t.organizationId}
          and (t.name_key like ${contains(t.key)} or t.raw_name_key like ${contains(t.key)}
            or t.counterparty_key like ${contains(t.key)} or t.reference ilike ${contains(t.text)}
            or ${amountIs(sql`t.amount`, t.amount)})
        order by rank, t.dated_at desc, t.id desc
        limit ${t.limit}`)
      return withNumericId(result.rows)
    },
  }
}

export type SearchRepo = ReturnType<typeof createSearchRepo>
