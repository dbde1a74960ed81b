import { monthNameFr } from '../../dates/format'

const SHORT_MONTHS = ['janv.', 'févr.', 'mars', 'avr.', 'mai', 'juin', 'juil.', 'août', 'sept.', 'oct.', 'nov.', 'déc.']

/** The months a period touches, in order, with their French labels ("janvier 2026", "janv."). */
export function reportMonths(from: string, to: string): { month: string; label: string; shortLabel: string }[] {
  const months = []
  let year = Number(from.slice(0, 4))
  let month = Number(from.slice(5, 7))
  // Compared as numbers: as text, the month after December 9999 ("10000-01") would sort before it.
  const last = Number(to.slice(0, 4)) * 12 + Number(to.slice(5, 7))
  for (;;) {
    if (year * 12 + month > last) return months
    const key = `${year}-${String(month).padStart(2, '0')}`
    months.push({ month: key, label: `${monthNameFr(month)} ${year}`, shortLabel: SHORT_MONTHS[month - 1] ?? '' })
    month += 1
    if (month > 12) {
      month = 1
      year += 1
    }
  }
}

/** The last day of a month "YYYY-MM". */
export function monthEnd(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number]
  const day = new Date(Date.UTC(year, number, 0)).getUTCDate()
  return `${month}-${String(day).padStart(2, '0')}`
}

export type VatRateFamily = 'normal' | 'intermediate' | 'reduced' | 'superReduced' | 'other'

/** The VAT report's rows (spec/account.md §2): 20 % normal, 10 % intermediate, 5.5 % reduced, 2.1 % super reduced. */
export function vatRateFamily(ratePercent: string): VatRateFamily {
  const rate = Number(ratePercent)
  if (rate === 20) return 'normal'
  if (rate === 10) return 'intermediate'
  if (rate === 5.5) return 'reduced'
  if (rate === 2.1) return 'superReduced'
  return 'other'
}
