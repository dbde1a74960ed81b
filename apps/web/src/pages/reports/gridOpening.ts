import { type IsoDate, todayInParis } from '@app/domain'

/**
 * The month a monthly grid opens on: this month (in Paris) when the grid shows it, else its first. A phone shows two
 * months at a time: opened on January, November's figures would be ten swipes away.
 */
export function openingMonthIndex(months: readonly { month: string }[], today: IsoDate = todayInParis()): number {
  const index = months.findIndex((month) => month.month === today.slice(0, 7))
  return index === -1 ? 0 : index
}

/** Where a column lies in its scrolling frame, all in pixels from the start of what scrolls. */
export type ColumnInFrame = {
  columnLeft: number
  columnWidth: number
  /** The sticky label column's width: what it covers of the columns scrolled under it. */
  stickyWidth: number
  scrollLeft: number
  frameWidth: number
}

/**
 * The scroll that shows a column right after the sticky labels, or null when it is already wholly in view (a wide
 * screen that shows the whole year is left as it is).
 */
export function scrollToReveal({ columnLeft, columnWidth, stickyWidth, scrollLeft, frameWidth }: ColumnInFrame) {
  const visibleFrom = scrollLeft + stickyWidth
  const visibleTo = scrollLeft + frameWidth
  if (columnLeft >= visibleFrom && columnLeft + columnWidth <= visibleTo) return null
  return Math.max(0, columnLeft - stickyWidth)
}
