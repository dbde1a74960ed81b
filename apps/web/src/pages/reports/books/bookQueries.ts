import type { BookDto, BookKind, ItemResponse } from '@app/domain'
import { useQuery } from '@tanstack/react-query'
import { get } from '../../../lib/api'

export const BOOKS_PATH = '/app/reports/in-out-book'

/** The pages' own words in the URL: /recipes for the income book (spec/account.md §2), /expenses for purchases. */
const PAGE_SEGMENTS: Record<BookKind, string> = { income: 'recipes', expenses: 'expenses' }

/** /app/reports/in-out-book/recipes?year=2026 */
export const bookPagePath = (kind: BookKind, year: number) => `${BOOKS_PATH}/${PAGE_SEGMENTS[kind]}?year=${year}`
export const booksPath = (year: number) => `${BOOKS_PATH}?year=${year}`

/** A book covers the calendar year: 1 January to 31 December. */
const yearQuery = (year: number) => new URLSearchParams({ from: `${year}-01-01`, to: `${year}-12-31` })

/** GET /reports/books/{kind}?from&to&format=csv, as downloadExport asks for it (without /api/v1). */
export const bookCsvPath = (kind: BookKind, year: number) => {
  const query = yearQuery(year)
  query.set('format', 'csv')
  return `/reports/books/${kind}?${query}`
}

/** The file name when the server gives none: the one it gives for a calendar year. */
export const bookCsvFallbackName = (kind: BookKind, year: number) =>
  `${kind === 'income' ? 'livre-des-recettes' : 'registre-des-achats'}-${year}.csv`

/** GET /reports/books/{kind} over a calendar year; under the reports' key, so that what refreshes them refreshes it. */
export function useBook(kind: BookKind, year: number) {
  return useQuery({
    queryKey: ['reports', 'books', kind, year],
    queryFn: async () => (await get<ItemResponse<BookDto>>(`/reports/books/${kind}?${yearQuery(year)}`)).data,
  })
}
