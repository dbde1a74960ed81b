import { describe, expect, it } from 'vitest'
import { openingMonthIndex, scrollToReveal } from './gridOpening'

const year = (y: number) =>
  Array.from({ length: 12 }, (_, index) => ({ month: `${y}-${String(index + 1).padStart(2, '0')}` }))

describe('openingMonthIndex: the month a monthly grid opens on', () => {
  it('is the current month when the grid shows the current year', () => {
    expect(openingMonthIndex(year(2026), '2026-11-28')).toBe(10)
    expect(openingMonthIndex(year(2026), '2026-01-01')).toBe(0)
    expect(openingMonthIndex(year(2026), '2026-12-31')).toBe(11)
  })

  it('is January for another year, and the first column of a grid without months', () => {
    expect(openingMonthIndex(year(2025), '2026-11-28')).toBe(0)
    expect(openingMonthIndex(year(2027), '2026-11-28')).toBe(0)
    expect(openingMonthIndex([], '2026-11-28')).toBe(0)
  })
})

describe('scrollToReveal: the scroll that shows a column beside the sticky labels', () => {
  // A phone: a 358 px frame, labels 156 px wide, 70 px months (November starts at 156 + 10 × 70).
  const phone = { columnWidth: 70, stickyWidth: 156, scrollLeft: 0, frameWidth: 358 }

  it('puts a column out of view right after the labels', () => {
    expect(scrollToReveal({ ...phone, columnLeft: 856 })).toBe(700)
  })

  it('brings back a column hidden under the labels', () => {
    expect(scrollToReveal({ ...phone, columnLeft: 226, scrollLeft: 400 })).toBe(70)
  })

  it('leaves the frame alone when the column is wholly in view', () => {
    expect(scrollToReveal({ ...phone, columnLeft: 156 })).toBeNull()
    expect(scrollToReveal({ ...phone, columnLeft: 856, scrollLeft: 700 })).toBeNull()
    // A wide screen showing November whole.
    expect(scrollToReveal({ columnLeft: 856, columnWidth: 70, stickyWidth: 220, scrollLeft: 0, frameWidth: 966 })).toBe(
      null,
    )
  })

  it('scrolls a column only partly in view until it is whole', () => {
    expect(scrollToReveal({ ...phone, columnLeft: 300 })).toBe(144)
  })
})
