import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { defaultAccountingEntries } from '../../db/schema/index'
import { containsPattern } from '../contacts/repo'

export type AccountingEntryFilters = { isSale?: boolean; isExp?: boolean; search?: string }

/**
 * Accounting categories. Only the general categories exist so far (reference rows every organisation shares);
 * organisations' own categories and disabled ones will join here, filtered by organisation.
 */
export function createAccountingEntryRepo(db: DbOrTx) {
  return {
    async list(filters: AccountingEntryFilters, limit: number, offset: number) {
      const entries = defaultAccountingEntries
      const where: SQL | undefined = and(
        filters.isSale === undefined ? undefined : eq(entries.isSale, filters.isSale),
        filters.isExp === undefined ? undefined : eq(entries.isExp, filters.isExp),
        filters.search
          ? or(
              ilike(entries.name, containsPattern(filters.search)),
              ilike(entries.code, containsPattern(filters.search)),
            )
          : undefined,
      )
      const rows = await db.select().from(entries).where(where).orderBy(asc(entries.id)).limit(limit).offset(offset)
      const [total] = await db.select({ total: count() }).from(entries).where(where)
      return { rows, total: total?.total ?? 0 }
    },
  }
}
