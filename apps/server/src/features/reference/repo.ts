import { asc, eq } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { DbOrTx } from '../../db/client'
import { legalForms } from '../../db/schema/index'

export function createReferenceRepo(db: DbOrTx) {
  return {
    /** Reference tables are small (a few hundred rows at most): they are listed whole, by id. */
    listAll(table: PgTable & { id: unknown }) {
      return db
        .select()
        .from(table)
        .orderBy(asc((table as unknown as { id: typeof legalForms.id }).id))
    },
    listLegalForms(popOnly: boolean | undefined) {
      const query = db.select().from(legalForms)
      return (popOnly === undefined ? query : query.where(eq(legalForms.isPop, popOnly))).orderBy(asc(legalForms.id))
    },
  }
}
