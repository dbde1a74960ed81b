import { and, desc, eq, isNull } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { shareLinks } from '../../../db/schema/index'

export type ShareSubject = 'invoice' | 'quote'

export function createShareLinkRepo(db: DbOrTx) {
  const ofDocument = (organizationId: number, subjectType: ShareSubject, subjectId: number) =>
    and(
      eq(shareLinks.organizationId, organizationId),
      eq(shareLinks.subjectType, subjectType),
      eq(shareLinks.subjectId, subjectId),
      isNull(shareLinks.revokedAt),
    )
  return {
    async active(organizationId: number, subjectType: ShareSubject, subjectId: number) {
      const [row] = await db
        .select({ token: shareLinks.token })
        .from(shareLinks)
        .where(ofDocument(organizationId, subjectType, subjectId))
        .orderBy(desc(shareLinks.id))
        .limit(1)
      return row?.token ?? null
    },
    async insert(row: {
      organizationId: number
      subjectType: ShareSubject
      subjectId: number
      token: string
      createdBy: number
      createdAt: string
    }) {
      await db.insert(shareLinks).values(row)
    },
    async revoke(organizationId: number, subjectType: ShareSubject, subjectId: number, at: string) {
      await db
        .update(shareLinks)
        .set({ revokedAt: at })
        .where(ofDocument(organizationId, subjectType, subjectId))
    },
    /** The live link behind a token, or null (unknown or revoked: the same answer). */
    async byToken(token: string) {
      const [row] = await db
        .select({
          organizationId: shareLinks.organizationId,
          subjectType: shareLinks.subjectType,
          subjectId: shareLinks.subjectId,
        })
        .from(shareLinks)
        .where(and(eq(shareLinks.token, token), isNull(shareLinks.revokedAt)))
      return row ? { ...row, subjectType: row.subjectType as ShareSubject } : null
    },
  }
}
