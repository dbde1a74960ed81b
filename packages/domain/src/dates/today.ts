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

let offsetFormatter: Intl.DateTimeFormat | undefined

/** Paris's offset from UTC at an instant, in milliseconds: "GMT+02:00" in summer, "GMT+00:09:21" before 1911. */
const parisOffsetMs = (at: Date): number => {
  offsetFormatter ??= new Intl.DateTimeFormat('en-US', { timeZone: PARIS_TIME_ZONE, timeZoneName: 'longOffset' })
  const name = offsetFormatter.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
  const [, sign, hours = '0', minutes = '0', seconds = '0'] = /^GMT(?:([+-])(\d+):(\d+)(?::(\d+))?)?$/.exec(name) ?? []
  const ms = ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds)) * 1000
  return sign === '-' ? -ms : ms
}

/**
 * The instant a calendar day starts in Paris: 2026-03-29 starts at 2026-03-28T23:00Z (winter time), 2026-03-30 at
 * 2026-03-29T22:00Z (summer time). The offset is the one Paris had around that day (UTC+1 or UTC+2 today, UTC from
 * 1911 to 1940, its local mean time before): of the offsets on the eve and on the day, the one whose instant opens it.
 */
export const parisDayStart = (date: IsoDate): Date => {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`)
  if (Number.isNaN(utcMidnight)) throw new RangeError(`Not a date 'YYYY-MM-DD': ${JSON.stringify(date)}`)
  for (const around of [utcMidnight - 43_200_000, utcMidnight + 43_200_000]) {
    const start = new Date(utcMidnight - parisOffsetMs(new Date(around)))
    if (todayInParis(start) === date && todayInParis(new Date(start.getTime() - 1)) !== date) return start
  }
  throw new RangeError(`No start of day in Paris for ${date}`)
}
