import { parseInstant } from '../instant'

/** "28/11/2026 à 22:50", in Paris: the network's statuses carry the law's time, not the browser's. */
const parisDate = new Intl.DateTimeFormat('fr-FR', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
})
const parisTime = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', hour: '2-digit', minute: '2-digit' })

export function parisDateTime(instant: string): string {
  const date = parseInstant(instant).toDate()
  return `${parisDate.format(date)} à ${parisTime.format(date)}`
}

export const parisDay = (instant: string) => parisDate.format(parseInstant(instant).toDate())
