import { asc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { legalForms } from '../../../db/schema/index'

export function createCompanyRepo(db: DbOrTx) {
  return {
    /** Our legal form for an INSEE catégorie juridique; the first one when several share it (1000: EI). */
    async findLegalFormByInseeCode(inseeCode: string) {
      const [row] = await db
        .select({ id: legalForms.id, code: legalForms.code, name: legalForms.name })
        .from(legalForms)
        .where(eq(legalForms.inseeCode, inseeCode))
        .orderBy(asc(legalForms.id))
        .limit(1)
      return row ?? null
    },
  }
}
