import type { DbOrTx } from '../../../db/client'
import { tutorialRequests } from '../../../db/schema/index'

export type NewTutorialRequest = typeof tutorialRequests.$inferInsert

export function createTutorialRequestRepo(db: DbOrTx) {
  return {
    async insert(values: NewTutorialRequest) {
      const [row] = await db
        .insert(tutorialRequests)
        .values(values)
        .returning({ id: tutorialRequests.id, createdAt: tutorialRequests.createdAt })
      if (!row) throw new Error('tutorial request not inserted')
      return row
    },
  }
}
