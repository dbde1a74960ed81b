import dayjs from 'dayjs'

/**
 * Instants arrive as ISO 8601 ("2026-03-03T09:15:00.000Z") or, from some routes, in PostgreSQL's text form
 * ("2026-03-03 09:15:00.58+00"), which Safari's Date cannot read. Both become a dayjs value.
 */
export function parseInstant(value: string) {
  const normalized = value.replace(/^(\d{4}-\d{2}-\d{2}) /, '$1T').replace(/([+-]\d{2})$/, '$1:00')
  return dayjs(normalized)
}

/** The date of forms and tables: "03/03/2026". */
export const formatInstantDate = (value: string) => parseInstant(value).format('DD/MM/YYYY')

/** "03/03/2026 à 09:15", local time. */
export const formatInstantDateTime = (value: string) => parseInstant(value).format('DD/MM/YYYY [à] HH:mm')
