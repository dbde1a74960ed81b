import { sql } from 'drizzle-orm'
import { bigint, check, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { instant } from './columns'
import { organizations } from './organizations'

/**
 * A ceiling alert of an organisation for a calendar year (spec/account.md §3 "Alert", §4 "Alerts"): made the first
 * time the dashboard reads it, so that it has an id; its figures are computed on each read, only the acknowledgement
 * is kept. checkedLevel is the level the user acknowledged: a graver level makes the alert unchecked again.
 */
export const alerts = pgTable(
  'alerts',
  {
    organizationId: bigint('organization_id', { mode: 'number' })
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** VAT (franchise en base), MICRO (micro-enterprise ceiling) or LEGAL_FORM (the micro/réel comparison). */
    type: text('type').notNull(),
    year: integer('year').notNull(),
    checkedLevel: text('checked_level'),
    checkedAt: instant('checked_at'),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex('alerts_type_year_unique').on(t.organizationId, t.type, t.year),
    check('alerts_type_check', sql`${t.type} in ('VAT', 'MICRO', 'LEGAL_FORM')`),
    check(
      'alerts_checked_level_check',
      sql`${t.checkedLevel} is null or ${t.checkedLevel} in ('none', 'approaching', 'crossed', 'toleranceExceeded')`,
    ),
  ],
)
