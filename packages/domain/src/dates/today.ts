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

/**
 * The instant a calendar day starts in Paris: 2026-03-29 starts at 2026-03-28T23:00Z (winter time), 2026-03-30 at
 * 2026-03-29T22:00Z (summer time). Paris is UTC+1 or UTC+2; the one offset whose instant opens the day is taken.
 */
export const parisDayStart = (date: IsoDate): Date => {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`)
  if (Number.isNaN(utcMidnight)) throw new RangeError(`Not a date 'YYYY-MM-DD': ${JSON.stringify(date)}`)
  for (const hours of [1, 2]) {
    const start = new Date(utcMidnight - hours * 3_600_000)
    if (todayInParis(start) === date && todayInParis(new Date(start.getTime() - 1)) !== date) return start
  }
  throw new RangeError(`No start of day in Paris for ${date}`)
}
