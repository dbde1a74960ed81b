import { JOURNAL_TYPE_IDS, pageOffset } from '@app/domain'
import { and, asc, count, desc, eq, gt, gte, inArray, like, lte, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { lockForOrganization } from '../../../db/locks'
import { cashJournalEntries, organizations } from '../../../db/schema/index'

export type StoredEntry = typeof cashJournalEntries.$inferSelect
export type NewEntry = Omit<typeof cashJournalEntries.$inferInsert, 'id'>

const MOVEMENT_KINDS = ['RECORD', 'CORRECTION', 'CANCELLATION']

/** The chain's lock, held until the caller's transaction ends: one append to an organisation's chain at a time. */
export const lockChain = (tx: DbOrTx, organizationId: number) => lockForOrganization(tx, 'cash-journal', organizationId)

export async function findConcernFields(db: DbOrTx, organizationId: number) {
  const [row] = await db
    .select({ taxRegimeId: organizations.taxRegimeId, canSellCash: organizations.canSellCash })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return row
}

export async function findOrganizationIdentity(db: DbOrTx, organizationId: number) {
  const [organization] = await db
    .select({ name: organizations.name, siren: organizations.registrySiren })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
  return organization
}

export async function chainHead(tx: DbOrTx, organizationId: number) {
  const [head] = await tx
    .select({ sequence: cashJournalEntries.sequence, signature: cashJournalEntries.signature })
    .from(cashJournalEntries)
    .where(eq(cashJournalEntries.organizationId, organizationId))
    .orderBy(desc(cashJournalEntries.sequence))
    .limit(1)
  return head
}

export async function insertEntry(tx: DbOrTx, values: NewEntry): Promise<StoredEntry> {
  const [stored] = await tx.insert(cashJournalEntries).values(values).returning()
  return stored as StoredEntry
}

/** The latest entry of a cash sale or movement (its state as the journal knows it), or undefined. */
export async function lastEntryOf(tx: DbOrTx, organizationId: number, transactionId: number) {
  const [row] = await tx
    .select()
    .from(cashJournalEntries)
    .where(
      and(eq(cashJournalEntries.organizationId, organizationId), eq(cashJournalEntries.transactionId, transactionId)),
    )
    .orderBy(desc(cashJournalEntries.sequence))
    .limit(1)
  return row
}

/** The entries recorded between two days (both included), in chain order. */
export async function entriesBetween(tx: DbOrTx, organizationId: number, from: string, to: string) {
  return tx
    .select()
    .from(cashJournalEntries)
    .where(
      and(
        eq(cashJournalEntries.organizationId, organizationId),
        gte(cashJournalEntries.recordedOn, from),
        lte(cashJournalEntries.recordedOn, to),
      ),
    )
    .orderBy(asc(cashJournalEntries.sequence))
}

/** The sales and movements (records, corrections, cancellations) recorded between two days, both included. */
export async function movementsBetween(tx: DbOrTx, organizationId: number, from: string, to: string) {
  return tx
    .select({ sequence: cashJournalEntries.sequence, data: cashJournalEntries.data })
    .from(cashJournalEntries)
    .where(
      and(
        eq(cashJournalEntries.organizationId, organizationId),
        inArray(cashJournalEntries.kind, MOVEMENT_KINDS),
        gte(cashJournalEntries.recordedOn, from),
        lte(cashJournalEntries.recordedOn, to),
      ),
    )
}

/** Every sale's VAT-included change since the first entry, up to `to` included, as a decimal string. */
export async function perpetualTotalUntil(tx: DbOrTx, organizationId: number, to: string) {
  const before = await tx.execute<{ total: string | null }>(sql`
    select coalesce(sum((change->>'ttc')::numeric), 0)::text as total
    from ${cashJournalEntries} e, jsonb_array_elements(e.data->'vatChange') change
    where e.organization_id = ${organizationId} and e.kind in ('RECORD', 'CORRECTION', 'CANCELLATION')
      and e.recorded_on <= ${to}`)
  return before.rows[0]?.total ?? '0'
}

/** The closings not made yet of every day, month and year over by `until` that had entries, in the order to make them. */
export async function closingsDue(db: DbOrTx, until: string) {
  const result = await db.execute<{ organization_id: string | number; key: string }>(sql`
    with days as materialized (
      select distinct organization_id, recorded_on from ${cashJournalEntries}
      where kind in ('RECORD', 'CORRECTION', 'CANCELLATION') and recorded_on < ${until}
    ), keys as materialized (
      select organization_id, 'DAY:' || to_char(recorded_on, 'YYYY-MM-DD') as key, recorded_on as ends, 1 as rank
        from days
      union select organization_id, 'MONTH:' || to_char(recorded_on, 'YYYY-MM'),
          (date_trunc('month', max(recorded_on)) + interval '1 month' - interval '1 day')::date, 2 from days
        where (date_trunc('month', recorded_on) + interval '1 month')::date <= ${until}
        group by organization_id, to_char(recorded_on, 'YYYY-MM')
      union select organization_id, 'YEAR:' || to_char(recorded_on, 'YYYY'),
          (date_trunc('year', max(recorded_on)) + interval '1 year' - interval '1 day')::date, 3 from days
        where (date_trunc('year', recorded_on) + interval '1 year')::date <= ${until}
        group by organization_id, to_char(recorded_on, 'YYYY')
    ), closed as materialized (
      select organization_id, closing_key as key from ${cashJournalEntries} where closing_key is not null
    )
    -- A period's closing after those of the periods it holds: the days, then their month, then the year. Every
    -- organisation's at once, from the materialised sets joined here: what Citus runs across shards (decision 0047).
    select k.organization_id, k.key from keys k
      left join closed c on c.organization_id = k.organization_id and c.key = k.key
    where c.key is null
    order by k.organization_id, k.ends, k.rank`)
  return result.rows.map((row) => ({ organizationId: Number(row.organization_id), key: row.key }))
}

export async function hasClosing(tx: DbOrTx, organizationId: number, key: string) {
  const [exists] = await tx
    .select({ id: cashJournalEntries.id })
    .from(cashJournalEntries)
    .where(and(eq(cashJournalEntries.organizationId, organizationId), eq(cashJournalEntries.closingKey, key)))
  return exists !== undefined
}

/** How many of these lines are cash movements (CAI) or cash sales (ES). */
export async function countCashLines(db: DbOrTx, organizationId: number, ids: number[]) {
  const result = await db.execute<{ found: number }>(sql`
    select count(*)::int as found from transactions t
    join journals j on j.organization_id = t.organization_id and j.id = t.journal_id
    where t.organization_id = ${organizationId} and j.journal_type_id in (${JOURNAL_TYPE_IDS.CAI}, ${JOURNAL_TYPE_IDS.ES})
      and t.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`)
  return Number(result.rows[0]?.found ?? 0)
}

/** A bank or cash line's name, date, amount and journal type, as text. */
export async function transactionHead(tx: DbOrTx, organizationId: number, transactionId: number) {
  const head = await tx.execute<{ name: string; dated_at: string; amount: string; journal_type_id: number }>(sql`
    select t.name, t.dated_at::text as dated_at, t.amount::text as amount, j.journal_type_id
    from transactions t join journals j on j.organization_id = t.organization_id and j.id = t.journal_id
    where t.organization_id = ${organizationId} and t.id = ${transactionId}`)
  return head.rows[0]
}

/** A line's allocations in their order, with their VAT rate, amounts as text. */
export async function transactionLines(tx: DbOrTx, organizationId: number, transactionId: number) {
  const lines = await tx.execute<{ name: string; amount: string; tax_amount: string; rate: string }>(sql`
    select a.name, a.amount::text as amount, a.tax_amount::text as tax_amount, x.amount::text as rate
    from transaction_allocations a join taxes x on x.id = a.tax_id
    where a.organization_id = ${organizationId} and a.transaction_id = ${transactionId}
    order by a.position, a.id`)
  return lines.rows
}

/** A search reads what an entry holds (amounts, labels, rates), its kind and its closing's period. */
const searched = (text: string | undefined) =>
  text
    ? sql`(${cashJournalEntries.data}::text || ' ' || ${cashJournalEntries.kind} || ' ' || coalesce(${cashJournalEntries.closingKey}, '')) ilike ${`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`
    : undefined

export const entriesFilter = (kind: string | undefined, search: string | undefined) =>
  and(kind ? eq(cashJournalEntries.kind, kind) : undefined, searched(search))

export const closingsFilter = (period: string | undefined, search: string | undefined) =>
  and(
    eq(cashJournalEntries.kind, 'CLOSING'),
    period ? like(cashJournalEntries.closingKey, `${period}:%`) : undefined,
    searched(search),
  )

/** One page of the chain, newest first, with the count of what `filter` keeps. */
export async function entriesPage(
  db: DbOrTx,
  organizationId: number,
  query: { page: number; pageSize: number },
  filter?: SQL,
) {
  const where = and(eq(cashJournalEntries.organizationId, organizationId), filter)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(cashJournalEntries)
      .where(where)
      .orderBy(desc(cashJournalEntries.sequence))
      .limit(query.pageSize)
      .offset(pageOffset(query)),
    db.select({ total: count() }).from(cashJournalEntries).where(where),
  ])
  return { rows, total: Number(total?.total ?? 0) }
}

/** Up to `limit` entries after the sequence `after`, in chain order. */
export async function entriesAfter(db: DbOrTx, organizationId: number, after: number, limit: number) {
  return db
    .select()
    .from(cashJournalEntries)
    .where(and(eq(cashJournalEntries.organizationId, organizationId), gt(cashJournalEntries.sequence, after)))
    .orderBy(asc(cashJournalEntries.sequence))
    .limit(limit)
}

export async function organizationsWithChain(db: DbOrTx) {
  const result = await db.execute<{ organization_id: string | number }>(
    sql`select distinct organization_id from ${cashJournalEntries} order by organization_id`,
  )
  return result.rows.map((row) => Number(row.organization_id))
}
