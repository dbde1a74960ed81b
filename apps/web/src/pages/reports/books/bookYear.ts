import { todayInParis } from '@app/domain'
import { useSearchParams } from 'react-router'

/** The years the API takes (a report's period: 2000 to 2100). */
const FIRST_YEAR = 2000
const LAST_YEAR = 2100

export const thisYear = () => Number(todayInParis().slice(0, 4))

/** ?year=2026 as a number; null when absent or not a year the API takes. */
export function yearOfQuery(value: string | null): number | null {
  if (!value || !/^\d{4}$/.test(value)) return null
  const year = Number(value)
  return year >= FIRST_YEAR && year <= LAST_YEAR ? year : null
}

/**
 * The year menu, newest first: the current year and the previous one (spec/money.md "Year selector"), the years the
 * books hold, and the one shown, so that a year reached by a link stays selectable.
 */
export function bookYearOptions(shown: number, known: readonly number[] = [], now: number = thisYear()): number[] {
  const years = new Set([now, now - 1, ...known, shown])
  return [...years].filter((year) => year >= FIRST_YEAR && year <= LAST_YEAR).sort((a, b) => b - a)
}

/** The books' year, kept in ?year= (a link, a reload, Back: the same year); the current year without one. */
export function useBookYear() {
  const [search, setSearch] = useSearchParams()
  const year = yearOfQuery(search.get('year')) ?? thisYear()
  const setYear = (next: number) =>
    setSearch((previous) => {
      const params = new URLSearchParams(previous)
      params.set('year', String(next))
      return params
    })
  return { year, setYear }
}
