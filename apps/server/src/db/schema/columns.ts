import { customType } from 'drizzle-orm/pg-core'

/**
 * PostgreSQL prints timestamptz as "2026-11-22 00:52:22.58+00"; API.md wants ISO 8601 UTC ("2026-11-22T00:52:22.580Z").
 * The conversion happens here, once, for every instant column.
 */
export function toIsoInstant(value: string | Date): string {
  if (value instanceof Date) return value.toISOString()
  const normalized = value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')
  const date = new Date(normalized)
  return Number.isNaN(date.getTime()) ? value : date.toISOString()
}

const instantType = customType<{ data: string; driverData: string | Date }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: toIsoInstant,
  toDriver: (value) => value,
})

export const instant = (name: string) => instantType(name)
