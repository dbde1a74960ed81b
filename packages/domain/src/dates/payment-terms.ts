import { addDays, endOfMonth, type IsoDate } from './calendar'

/** "fin de mois" is offered for payment terms of 30 days or more (spec/sales.md §9). */
export const END_OF_MONTH_MIN_DAYS = 30

const checkDays = (days: number): void => {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Payment days must be a whole number ≥ 0, got ${days}`)
}

/** Whether the "fin de mois" option applies to a payment term of this many days. */
export const canUseEndOfMonth = (days: number): boolean => days >= END_OF_MONTH_MIN_DAYS

/**
 * How a payment term reads: 0 → "Paiement comptant", 1 → "1 jour", 45 → "45 jours",
 * 45 at end of month → "45 jours fin de mois". Below 30 days the end-of-month flag is ignored,
 * as the option is not offered there.
 */
export const paymentTermLabel = (days: number, atEndOfMonth = false): string => {
  checkDays(days)
  if (days === 0) return 'Paiement comptant'
  const base = `${days} ${days === 1 ? 'jour' : 'jours'}`
  return atEndOfMonth && canUseEndOfMonth(days) ? `${base} fin de mois` : base
}

/**
 * The due date of an invoice. "N jours": the issue date plus N days. "N jours fin de mois": the issue
 * date plus N days, then the end of that month (the computation most French businesses use, and one
 * of the two the DGCCRF accepts under Code de commerce L441-10). Ignored below 30 days, like the label.
 */
export const paymentLimitDate = (datedAt: IsoDate, days: number, atEndOfMonth = false): IsoDate => {
  checkDays(days)
  const due = addDays(datedAt, days)
  return atEndOfMonth && canUseEndOfMonth(days) ? endOfMonth(due) : due
}
