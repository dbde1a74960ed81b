import { DEFAULT_REFERENCE_FORMATS, NUMBERING_SERIES, type NumberingSeries } from '@app/domain'
import { and, eq, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { fonts, invoices, quotes, referenceNumberings, salesSettings } from '../../../db/schema/index'

export type SalesSettingsRow = typeof salesSettings.$inferSelect
export type NumberingRow = typeof referenceNumberings.$inferSelect

// Read and taken by every document made or validated: their SQL built once (db/compiled.ts).
const settingsOf = compiled('sales_settings', (db) =>
  db
    .select()
    .from(salesSettings)
    .where(eq(salesSettings.organizationId, sql.placeholder('organizationId'))),
)
const nextNumber = compiled('numbering_take', (db) =>
  db
    .update(referenceNumberings)
    .set({ currentChrono: sql`${referenceNumberings.currentChrono} + 1` })
    .where(
      and(
        eq(referenceNumberings.organizationId, sql.placeholder('organizationId')),
        eq(referenceNumberings.series, sql.placeholder('series')),
      ),
    )
    .returning(),
)

export function createSalesSettingsRepo(db: DbOrTx) {
  return {
    /** Settings and numberings are made on first use; concurrent first uses insert once (ON CONFLICT). */
    async ensure(organizationId: number) {
      await db.insert(salesSettings).values({ organizationId }).onConflictDoNothing()
      await db
        .insert(referenceNumberings)
        .values(NUMBERING_SERIES.map((series) => ({ organizationId, series, ...DEFAULT_REFERENCE_FORMATS[series] })))
        .onConflictDoNothing()
    },

    async settings(organizationId: number) {
      const [row] = await settingsOf(db, { organizationId })
      return row
    },

    /** A font of the fonts reference list, or undefined. */
    async font(id: number) {
      const [row] = await db.select().from(fonts).where(eq(fonts.id, id))
      return row
    },

    async numberings(organizationId: number) {
      return db.select().from(referenceNumberings).where(eq(referenceNumberings.organizationId, organizationId))
    },

    async updateSettings(organizationId: number, values: Partial<SalesSettingsRow>) {
      await db.update(salesSettings).set(values).where(eq(salesSettings.organizationId, organizationId))
    },

    /** A counter row, locked until the transaction ends: validations of its series wait, as they do for each other. */
    async lockNumbering(organizationId: number, id: number) {
      const [row] = await db
        .select()
        .from(referenceNumberings)
        .where(and(eq(referenceNumberings.organizationId, organizationId), eq(referenceNumberings.id, id)))
        .for('update')
      return row
    },

    /** The highest number a series has given (0 when none): quotes for `quote`, invoices for the two others. */
    async lastChrono(organizationId: number, series: NumberingSeries) {
      const table = series === 'quote' ? quotes : invoices
      const [row] = await db
        .select({ last: sql<string | number | null>`max(${table.chrono})` })
        .from(table)
        .where(and(eq(table.organizationId, organizationId), eq(table.series, series)))
      return Number(row?.last ?? 0)
    },

    async updateNumbering(organizationId: number, id: number, values: Partial<NumberingRow>) {
      const rows = await db
        .update(referenceNumberings)
        .set(values)
        .where(and(eq(referenceNumberings.organizationId, organizationId), eq(referenceNumberings.id, id)))
        .returning({ id: referenceNumberings.id })
      return rows.length > 0
    },

    /**
     * Takes the next number of a series: locks the counter row until the transaction ends, reads it and moves it
     * on. Must run inside the validating transaction (decision 0003).
     */
    async takeNumber(organizationId: number, series: NumberingSeries) {
      const [row] = await nextNumber(db, { organizationId, series })
      return row ? { ...row, currentChrono: row.currentChrono - 1 } : undefined
    },
  }
}
