import type { TransactionDto } from '@app/domain'
import { groupByMonth, type ItemGroup } from '../../../lib/grouping'

export const FUTURE_LABEL = 'À venir'

type Dated = Pick<TransactionDto, 'id' | 'datedAt' | 'isFuture'>

/**
 * The bank list's sections (spec/money.md §2): the future transactions first under their own heading, then one
 * section per month, newest first; the server's order is kept inside each.
 */
export function groupTransactions<T extends Dated>(items: readonly T[]): ItemGroup<T>[] {
  const future = items.filter((item) => item.isFuture)
  const past = items.filter((item) => !item.isFuture)
  const months = groupByMonth(past, (item) => item.datedAt)
  return future.length > 0 ? [{ key: 'future', label: FUTURE_LABEL, items: future }, ...months] : months
}

/** The transactions that open a new day inside their section: each gets the day's heading above it. */
export function firstOfDay<T extends Dated>(groups: readonly ItemGroup<T>[]): Set<number> {
  const first = new Set<number>()
  for (const group of groups) {
    let day: string | null = null
    for (const item of group.items) {
      const date = item.datedAt.slice(0, 10)
      if (date !== day) first.add(item.id)
      day = date
    }
  }
  return first
}
