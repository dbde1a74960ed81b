import { useSearchParams } from 'react-router'

/** The years the API takes (reports' yearField: 2000 to 2100). */
const FIRST_YEAR = 2000
const LAST_YEAR = 2100

export const currentYear = () => new Date().getFullYear()

/** ?year=2026 as a number; null when absent or not a year the API takes. */
export function yearOfQuery(value: string | null): number | null {
  if (!value || !/^\d{4}$/.test(value)) return null
  const year = Number(value)
  return year >= FIRST_YEAR && year <= LAST_YEAR ? year : null
}

/**
 * The exercise menu's years, newest first: the current year and the four before, plus any the report knows of (its
 * availableYears) and the one shown, so that a year reached by a link stays selectable.
 */
export function yearOptions(shown: number, known: readonly number[] = [], now: number = currentYear()): number[] {
  const years = new Set([...Array.from({ length: 5 }, (_, index) => now - index), ...known, shown])
  return [...years].filter((year) => year >= FIRST_YEAR && year <= LAST_YEAR).sort((a, b) => b - a)
}

/**
 * The report's year, kept in ?year= (a link, a reload, Back: the same year). `given` says whether the URL named one,
 * for a page whose default depends on the answer; `setYear` replaces it, keeping the other parameters.
 */
export function useReportYear() {
  const [search, setSearch] = useSearchParams()
  const given = yearOfQuery(search.get('year'))
  const setYear = (year: number, options: { replace?: boolean } = {}) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous)
        next.set('year', String(year))
        return next
      },
      { replace: options.replace },
    )
  return { year: given ?? currentYear(), given: given !== null, setYear }
}
