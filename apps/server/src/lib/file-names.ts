import { PARIS_TIME_ZONE } from '@app/domain'

/** "Atelier Martin & Fils" → "atelier-martin-fils": accents dropped, anything else between words becomes one dash. */
export function fileSlug(name: string | null | undefined): string {
  const slug = (name ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug || 'organisation'
}

let parisClock: Intl.DateTimeFormat | undefined

/** 2026-11-24T09:30Z → "20261124-1030": the minute the file was made, as the person's clock in France shows it. */
export function parisTimestamp(now: Date): string {
  parisClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: PARIS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const parts = parisClock.formatToParts(now)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? ''
  return `${part('year')}${part('month')}${part('day')}-${part('hour')}${part('minute')}`
}
