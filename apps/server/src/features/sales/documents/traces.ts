import { and, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { activities, comments, notes, shareLinks } from '../../../db/schema/index'

/**
 * A deleted draft takes its comments, note, history and share links with it, in the deleting transaction: nothing
 * may stay behind that names a document nobody can open any more.
 */
export async function deleteDocumentTraces(
  tx: DbOrTx,
  organizationId: number,
  subjectType: 'invoice' | 'quote',
  subjectId: number,
) {
  for (const table of [comments, notes, activities, shareLinks]) {
    await tx
      .delete(table)
      .where(
        and(
          eq(table.organizationId, organizationId),
          eq(table.subjectType, subjectType),
          eq(table.subjectId, subjectId),
        ),
      )
  }
}
