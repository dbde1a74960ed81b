import { desc, eq } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { emails } from '../../db/schema/index'

export function createMailRepo(db: DbOrTx) {
  return {
    async insert(row: { to: string; subject: string; text: string; html: string | null; status: string }) {
      const [created] = await db.insert(emails).values(row).returning({ id: emails.id })
      if (!created) throw new Error('email insert returned nothing')
      return created.id
    },
    async markSent(id: number, sentAt: string) {
      await db.update(emails).set({ status: 'sent', sentAt, error: null }).where(eq(emails.id, id))
    },
    async markFailed(id: number, error: string) {
      await db.update(emails).set({ status: 'failed', error }).where(eq(emails.id, id))
    },
    latest(limit: number) {
      return db.select().from(emails).orderBy(desc(emails.id)).limit(limit)
    },
  }
}
