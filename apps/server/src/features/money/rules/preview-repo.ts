import type { CompiledCondition, CompiledRule } from '@app/domain'
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { accountingEntries, transactionAllocations, transactions } from '../../../db/schema/index'

/** LIKE's own characters taken literally: a user's %, _ or \ is text, never a pattern. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

const KEY_COLUMNS = {
  name: transactions.nameKey,
  rawName: transactions.rawNameKey,
  counterparty: sql`coalesce(${transactions.counterpartyKey}, '')`,
}

/**
 * A compiled condition as SQL on the folded columns, to the letter of the engine (ledger/rules.ts): the same folding,
 * the same comparisons, cents as numeric. Values are bound parameters; LIKE patterns are escaped.
 */
function conditionSql(condition: CompiledCondition): SQL {
  switch (condition.kind) {
    case 'text': {
      const column = KEY_COLUMNS[condition.field]
      const needle = escapeLike(condition.needle)
      switch (condition.op) {
        case 'contains':
          return sql`${column} like ${`%${needle}%`}`
        case 'notContains':
          return sql`${column} not like ${`%${needle}%`}`
        case 'starts':
          return sql`${column} like ${`${needle}%`}`
        case 'ends':
          return sql`${column} like ${`%${needle}`}`
        case 'equals':
          return sql`${column} = ${condition.needle}`
      }
      break
    }
    case 'amount': {
      const cents = sql`(${transactions.amount} * 100)`
      switch (condition.op) {
        case 'eq':
          return sql`${cents} = ${condition.cents}`
        case 'gt':
          return sql`${cents} > ${condition.cents}`
        case 'lt':
          return sql`${cents} < ${condition.cents}`
        case 'between':
          return sql`${cents} between ${condition.cents} and ${condition.upperCents}`
      }
      break
    }
    case 'journal':
      return eq(transactions.journalId, condition.journalId)
  }
  return sql`false`
}

export function ruleSql(rule: CompiledRule): SQL {
  return and(
    ...rule.conditions.map(conditionSql),
    rule.creditOnly ? sql`${transactions.amount} > 0` : undefined,
    rule.debitOnly ? sql`${transactions.amount} < 0` : undefined,
  ) as SQL
}

/** The latest transactions a rule's conditions match, at most `limit`, and how many match in all, read together. */
export function matchingTransactions(db: DbOrTx, organizationId: number, rule: CompiledRule, limit: number) {
  const where = and(eq(transactions.organizationId, organizationId), ruleSql(rule))
  return Promise.all([
    db
      .select({
        id: transactions.id,
        name: transactions.name,
        rawName: transactions.rawName,
        counterparty: transactions.counterparty,
        datedAt: transactions.datedAt,
        amount: transactions.amount,
        journalId: transactions.journalId,
      })
      .from(transactions)
      .where(where)
      .orderBy(desc(transactions.datedAt), desc(transactions.id))
      .limit(limit),
    db.select({ total: sql<number>`count(*)::int` }).from(transactions).where(where),
  ])
}

/** The current categories of some transactions, in split order. */
export async function categoriesOf(db: DbOrTx, organizationId: number, ids: number[]) {
  const result = new Map<number, { id: number; code: string; name: string }[]>()
  if (ids.length === 0) return result
  const rows = await db
    .select({
      transactionId: transactionAllocations.transactionId,
      id: accountingEntries.id,
      code: accountingEntries.code,
      name: accountingEntries.name,
    })
    .from(transactionAllocations)
    .innerJoin(accountingEntries, eq(accountingEntries.id, transactionAllocations.accountingEntryId))
    .where(
      and(
        eq(transactionAllocations.organizationId, organizationId),
        inArray(transactionAllocations.transactionId, ids),
      ),
    )
    .orderBy(transactionAllocations.transactionId, transactionAllocations.position)
  for (const { transactionId, ...entry } of rows)
    result.set(transactionId, [...(result.get(transactionId) ?? []), entry])
  return result
}
