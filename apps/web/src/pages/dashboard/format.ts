import { formatEuro, formatNumberFr } from '@app/domain'

/** The dashboard's amounts have no decimals (spec/account.md §9): "12 345 €". */
export const euros = (amount: string | number) => formatEuro(amount, { decimals: 0 })

/** A chart axis abbreviates thousands as k (spec/account.md §9): "12 k", "1,5 k", "-3 k", "800". */
export function axisK(value: number): string {
  if (Math.abs(value) >= 1000) return `${formatNumberFr(value / 1000, { maxDecimals: 1 })} k`
  return formatNumberFr(value, { maxDecimals: 0 })
}
