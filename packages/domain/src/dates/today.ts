import type { IsoDate } from './calendar'

export const PARIS_TIME_ZONE = 'Europe/Paris'

let parisFormatter: Intl.DateTimeFormat | undefined

/**
 * The calendar day in Paris at the given instant (now by default): the day of "today" for every
 * business rule, whatever the time zone of the server or the browser.
 * 2026-03-28T23:30:00Z is already 2026-03-29 in Paris.
 */
export const todayInParis = (now: Date = new Date()): IsoDate => {
  if (Number.isNaN(now.getTime())) throw new RangeError('Invalid instant')
  parisFormatter ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: PARIS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
  const found = parisFormatter.formatToParts(now)
  const part = (type: Intl.DateTimeFormatPartTypes) => found.find((entry) => entry.type === type)?.value ?? ''
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`
}
