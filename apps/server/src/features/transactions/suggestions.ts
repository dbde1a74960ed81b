import type { TransactionSuggestionDto } from '@app/domain'
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { accountingEntries, transactionAllocations, transactions } from '../../db/schema/index'
import type { Tenant } from '../account/tenant'
import type { OrganizationService } from '../organizations/service'
import { categoryTaxId } from './category-tax'
import { createTransactionRepo } from './repo'

/** Suggested categories per transaction (spec/money.md §9). */
export const SUGGESTIONS_MAX = 3

type Source = TransactionSuggestionDto['source']

/**
 * Up to three categories for an uncategorised transaction, learned from this organisation's own books first: the
 * categories most used by transactions with the same label, then by the same counterparty, then the usual categories
 * of its direction (expense categories for money out, sales for money in). Only categories whose direction matches
 * the amount's sign are learned, so a refund never suggests the sale it reverses.
 */
export function createTransactionSuggestions(deps: { db: Db; organizations: OrganizationService }) {
  const entries = accountingEntries

  /** Categories used by the organisation's other transactions matching `where`, the most used first. */
  const learned = (organizationId: number, id: number, where: ReturnType<typeof sql>, income: boolean) =>
    deps.db
      .select({ id: entries.id, code: entries.code, name: entries.name, uses: sql<number>`count(*)::int` })
      .from(transactionAllocations)
      .innerJoin(
        transactions,
        and(
          eq(transactions.organizationId, transactionAllocations.organizationId),
          eq(transactions.id, transactionAllocations.transactionId),
        ),
      )
      .innerJoin(entries, eq(entries.id, transactionAllocations.accountingEntryId))
      .where(
        and(
          eq(transactionAllocations.organizationId, organizationId),
          ne(transactions.id, id),
          income ? sql`${transactions.amount} > 0` : sql`${transactions.amount} < 0`,
          where,
        ),
      )
      .groupBy(entries.id, entries.code, entries.name)
      .orderBy(desc(sql`count(*)`), asc(entries.id))
      .limit(SUGGESTIONS_MAX)

  const usual = (income: boolean) =>
    deps.db
      .select({ id: entries.id, code: entries.code, name: entries.name })
      .from(entries)
      .where(
        and(
          income ? eq(entries.isSale, true) : eq(entries.isExp, true),
          eq(entries.isCommon, true),
          eq(entries.isDisplayed, true),
          ne(entries.code, '0'),
        ),
      )
      .orderBy(asc(entries.position))
      .limit(SUGGESTIONS_MAX)

  return async function suggestions(
    tenant: Tenant,
    transaction: { id: number; name: string; counterparty: string | null; amount: string },
  ): Promise<TransactionSuggestionDto[]> {
    const organizationId = tenant.organizationId
    const income = !transaction.amount.startsWith('-')
    const label = transaction.name.trim().toLowerCase()
    const candidates: { id: number; code: string; name: string; source: Source }[] = []
    const add = (rows: { id: number; code: string; name: string }[], source: Source) => {
      for (const row of rows)
        if (!candidates.some((c) => c.id === row.id))
          candidates.push({ id: row.id, code: row.code, name: row.name, source })
    }
    add(
      await learned(organizationId, transaction.id, sql`lower(trim(${transactions.name})) = ${label}`, income),
      'history',
    )
    if (transaction.counterparty && candidates.length < SUGGESTIONS_MAX)
      add(
        await learned(
          organizationId,
          transaction.id,
          sql`lower(${transactions.counterparty}) = ${transaction.counterparty.toLowerCase()}`,
          income,
        ),
        'counterparty',
      )
    if (candidates.length < SUGGESTIONS_MAX) add(await usual(income), 'tags')
    const chosen = candidates.slice(0, SUGGESTIONS_MAX)
    const repo = createTransactionRepo(deps.db)
    const [full, taxFree] = await Promise.all([
      repo.entriesByIds(
        organizationId,
        chosen.map((c) => c.id),
      ),
      deps.organizations.isTaxFree(organizationId),
    ])
    const out: TransactionSuggestionDto[] = []
    for (const candidate of chosen) {
      const entry = full.find((e) => e.id === candidate.id && e.isActive)
      const taxId = entry ? await categoryTaxId(repo, organizationId, entry, transaction.amount, taxFree) : null
      if (taxId === null) continue
      out.push({
        accountingEntry: { id: candidate.id, code: candidate.code, name: candidate.name },
        taxId,
        source: candidate.source,
      })
    }
    return out
  }
}
