import type { AppearanceFileKind } from '@app/domain'
import { eq } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { salesSettings } from '../../../db/schema/index'

/** The sales_settings column holding each appearance file's storage key. */
const COLUMNS = {
  logo: 'logoPath',
  icon: 'iconPath',
  background: 'backgroundPath',
  background_next_pages: 'backgroundNextPagesPath',
} as const satisfies Record<AppearanceFileKind, keyof typeof salesSettings.$inferSelect>

export function createAppearanceRepo(db: DbOrTx) {
  return {
    /** The storage key of a kind's file, or null. */
    async key(organizationId: number, kind: AppearanceFileKind): Promise<string | null> {
      const [row] = await db
        .select({ key: salesSettings[COLUMNS[kind]] })
        .from(salesSettings)
        .where(eq(salesSettings.organizationId, organizationId))
      return row?.key ?? null
    },

    /**
     * Points a kind at a new key (or none) and answers the key it replaced, in one statement: the row is locked while
     * the old key is read, so two uploads at once each get back the key they replaced and no file is left behind.
     */
    async switchKey(organizationId: number, kind: AppearanceFileKind, key: string | null, updatedAt: string) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select({ key: salesSettings[COLUMNS[kind]] })
          .from(salesSettings)
          .where(eq(salesSettings.organizationId, organizationId))
          .for('update')
        await tx
          .update(salesSettings)
          .set({ [COLUMNS[kind]]: key, updatedAt })
          .where(eq(salesSettings.organizationId, organizationId))
        return row?.key ?? null
      })
    },
  }
}
