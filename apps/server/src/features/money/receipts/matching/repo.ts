import { JOURNAL_TYPE_IDS, type MatchReceipt, type MatchTransaction, RECEIPT_STATE_IDS } from '@app/domain'
import { and, asc, desc, eq, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../../db/client'
import {
  contacts,
  journals,
  receiptMatchDeclines,
  receiptMatchLabels,
  receipts,
  receiptTransactions,
  transactions,
} from '../../../../db/schema/index'

/** A bank line as the matcher reads it, with what the answers show of it. */
export type MatchLine = MatchTransaction & { journalId: number }
/** A receipt as the matcher reads it, with whether it may be offered at all. */
export type MatchableReceipt = MatchReceipt & { stateId: number; attachedTo: number[] }

const receiptAttached = sql`exists (select 1 from ${receiptTransactions} rt where rt.organization_id = ${receipts.organizationId} and rt.receipt_id = ${receipts.id})`
const lineAttached = sql`exists (select 1 from ${receiptTransactions} rt where rt.organization_id = ${transactions.organizationId} and rt.transaction_id = ${transactions.id})`

/** Bank lines for receipts, read and written for the matcher (receipts/matching: suggestions, memory). */
export function createReceiptMatchRepo(db: DbOrTx) {
  const receiptSelect = () =>
    db
      .select({
        id: receipts.id,
        datedAt: receipts.datedAt,
        taxIncluded: receipts.taxIncluded,
        taxExcluded: receipts.taxExcluded,
        // The supplier chosen, else the name read on the receipt (its text, OCR, e-invoice) and not yet made a contact.
        supplierName: sql<string | null>`coalesce(${contacts.name}, ${receipts.supplierName})`,
        reference: receipts.reference,
        stateId: receipts.stateId,
      })
      .from(receipts)
      .leftJoin(
        contacts,
        and(eq(contacts.organizationId, receipts.organizationId), eq(contacts.id, receipts.contactId)),
      )

  /** The organisation's money going out of its bank accounts that no receipt justifies yet. */
  const openLines = (organizationId: number, ...conditions: (SQL | undefined)[]) =>
    db
      .select({
        id: transactions.id,
        datedAt: transactions.datedAt,
        amount: transactions.amount,
        name: transactions.name,
        rawName: transactions.rawName,
        counterparty: transactions.counterparty,
        journalId: transactions.journalId,
      })
      .from(transactions)
      .innerJoin(
        journals,
        and(eq(journals.organizationId, transactions.organizationId), eq(journals.id, transactions.journalId)),
      )
      .where(
        and(
          eq(transactions.organizationId, organizationId),
          eq(journals.journalTypeId, JOURNAL_TYPE_IDS.BQ),
          sql`${transactions.amount} < 0`,
          sql`not ${lineAttached}`,
          ...conditions,
        ),
      )

  /** Receipts that may still be offered: attached to nothing, not a failed reading, with an amount to compare. */
  const openReceipt = and(
    sql`not ${receiptAttached}`,
    ne(receipts.stateId, RECEIPT_STATE_IDS.FAILED),
    or(sql`${receipts.taxIncluded} is not null`, sql`${receipts.taxExcluded} is not null`),
  )

  return {
    /** One receipt of the organisation with the transactions it is attached to; null when it has no such receipt. */
    async receipt(organizationId: number, id: number): Promise<MatchableReceipt | null> {
      const [row] = await receiptSelect().where(and(eq(receipts.organizationId, organizationId), eq(receipts.id, id)))
      if (!row) return null
      const links = await db
        .select({ transactionId: receiptTransactions.transactionId })
        .from(receiptTransactions)
        .where(and(eq(receiptTransactions.organizationId, organizationId), eq(receiptTransactions.receiptId, id)))
      return { ...row, attachedTo: links.map((link) => link.transactionId) }
    },

    /** One transaction of the organisation and whether it is a bank account's; null when it has no such line. */
    async line(organizationId: number, id: number): Promise<(MatchLine & { isBank: boolean }) | null> {
      const [row] = await db
        .select({
          id: transactions.id,
          datedAt: transactions.datedAt,
          amount: transactions.amount,
          name: transactions.name,
          rawName: transactions.rawName,
          counterparty: transactions.counterparty,
          journalId: transactions.journalId,
          journalTypeId: journals.journalTypeId,
        })
        .from(transactions)
        .innerJoin(
          journals,
          and(eq(journals.organizationId, transactions.organizationId), eq(journals.id, transactions.journalId)),
        )
        .where(and(eq(transactions.organizationId, organizationId), eq(transactions.id, id)))
      if (!row) return null
      const { journalTypeId, ...line } = row
      return { ...line, isBank: journalTypeId === JOURNAL_TYPE_IDS.BQ }
    },

    /** Whether a receipt justifies the transaction already. */
    async lineHasReceipt(organizationId: number, transactionId: number) {
      const [row] = await db
        .select({ id: receiptTransactions.receiptId })
        .from(receiptTransactions)
        .where(
          and(
            eq(receiptTransactions.organizationId, organizationId),
            eq(receiptTransactions.transactionId, transactionId),
          ),
        )
        .limit(1)
      return row !== undefined
    },

    /** Open bank lines of one of these amounts (positive, to the cent), within the dates when given. */
    linesPaying(organizationId: number, amounts: string[], window: { from: string; to: string } | null, limit: number) {
      if (amounts.length === 0) return Promise.resolve([])
      return openLines(
        organizationId,
        inArray(
          transactions.amount,
          amounts.map((amount) => `-${amount}`),
        ),
        window ? gte(transactions.datedAt, window.from) : undefined,
        window ? lte(transactions.datedAt, window.to) : undefined,
      )
        .orderBy(desc(transactions.datedAt), desc(transactions.id))
        .limit(limit)
    },

    /**
     * Open receipts a payment of `paid` (positive) may be for: TTC equal, or HT at one of `rates` (percent) giving it,
     * rounded half-up as the matcher does; dated within the window, or not dated.
     */
    receiptsPaidBy(
      organizationId: number,
      paid: string,
      rates: readonly string[],
      window: { from: string; to: string },
      limit: number,
    ) {
      const amountFits = or(
        eq(receipts.taxIncluded, paid),
        ...rates.map((rate) => sql`round(${receipts.taxExcluded} * (1 + ${rate}::numeric / 100), 2) = ${paid}`),
      )
      return receiptSelect()
        .where(
          and(
            eq(receipts.organizationId, organizationId),
            openReceipt,
            amountFits,
            or(
              sql`${receipts.datedAt} is null`,
              and(gte(receipts.datedAt, window.from), lte(receipts.datedAt, window.to)),
            ),
          ),
        )
        .orderBy(desc(receipts.createdAt), desc(receipts.id))
        .limit(limit)
    },

    /** Open receipts dated on or after `since` (or not dated), newest first. */
    openReceipts(organizationId: number, since: string, limit: number) {
      return receiptSelect()
        .where(
          and(
            eq(receipts.organizationId, organizationId),
            openReceipt,
            or(sql`${receipts.datedAt} is null`, gte(receipts.datedAt, since)),
          ),
        )
        .orderBy(desc(receipts.createdAt), desc(receipts.id))
        .limit(limit)
    },

    /** Open bank lines dated on or after `since`, newest first. */
    openLinesSince(organizationId: number, since: string, limit: number) {
      return openLines(organizationId, gte(transactions.datedAt, since))
        .orderBy(desc(transactions.datedAt), desc(transactions.id))
        .limit(limit)
    },

    /** The pairs declined among these receipts or these transactions. */
    async declines(organizationId: number, among: { receiptIds?: number[]; transactionIds?: number[] }) {
      const { receiptIds = [], transactionIds = [] } = among
      if (receiptIds.length === 0 && transactionIds.length === 0) return []
      return db
        .select({ receiptId: receiptMatchDeclines.receiptId, transactionId: receiptMatchDeclines.transactionId })
        .from(receiptMatchDeclines)
        .where(
          and(
            eq(receiptMatchDeclines.organizationId, organizationId),
            or(
              receiptIds.length > 0 ? inArray(receiptMatchDeclines.receiptId, receiptIds) : undefined,
              transactionIds.length > 0 ? inArray(receiptMatchDeclines.transactionId, transactionIds) : undefined,
            ),
          ),
        )
    },

    /** The labels confirmed for these suppliers (folded names). */
    async labels(organizationId: number, supplierKeys: string[]) {
      if (supplierKeys.length === 0) return []
      return db
        .select({ supplierKey: receiptMatchLabels.supplierKey, labelKey: receiptMatchLabels.labelKey })
        .from(receiptMatchLabels)
        .where(
          and(
            eq(receiptMatchLabels.organizationId, organizationId),
            inArray(receiptMatchLabels.supplierKey, supplierKeys),
          ),
        )
        .orderBy(asc(receiptMatchLabels.supplierKey), asc(receiptMatchLabels.labelKey))
    },

    /** "Ce n'est pas ça": the pair is never offered again; declining twice changes nothing. */
    async decline(organizationId: number, receiptId: number, transactionId: number) {
      await db.insert(receiptMatchDeclines).values({ organizationId, receiptId, transactionId }).onConflictDoNothing()
    },

    /** A confirmed pair teaches that this supplier is paid under this label: counted once more. */
    async teach(organizationId: number, supplierKey: string, labelKey: string) {
      await db
        .insert(receiptMatchLabels)
        .values({ organizationId, supplierKey, labelKey })
        .onConflictDoUpdate({
          target: [receiptMatchLabels.organizationId, receiptMatchLabels.supplierKey, receiptMatchLabels.labelKey],
          // The inserted row's time, not now(): Citus takes no function in the SET of an upsert (decision 0047).
          set: { confirmations: sql`${receiptMatchLabels.confirmations} + 1`, updatedAt: sql`excluded.updated_at` },
        })
    },
  }
}

export type ReceiptMatchRepo = ReturnType<typeof createReceiptMatchRepo>
