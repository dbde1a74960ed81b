import { Group, Pagination } from '@mantine/core'

/** spec/sales.md "Pagination window": at most this many page numbers are shown at once. */
export const PAGE_WINDOW = 9

/**
 * The page numbers shown: `size` consecutive pages with the current one in the middle, slid against the first or the
 * last page near the ends (pages 1 to 9 on page 3 of 20, 12 to 20 on page 18), every page when there are fewer.
 */
export function pageWindow(page: number, pages: number, size = PAGE_WINDOW): number[] {
  const count = Math.min(size, pages)
  const first = Math.min(Math.max(page - Math.floor(size / 2), 1), pages - count + 1)
  return Array.from({ length: count }, (_, index) => first + index)
}

/**
 * A list's pagination: the first and previous pages, the window of page numbers, the next and last pages. The first
 * and last pages stay one click away however far the window has slid; the numbers wrap onto a second row when narrow.
 */
export function ListPagination({
  page,
  pages,
  onChange,
}: {
  page: number
  pages: number
  onChange: (page: number) => void
}) {
  return (
    <Pagination.Root total={pages} value={page} onChange={onChange} size="sm">
      <Group gap={6} wrap="wrap" component="nav" aria-label="Pagination">
        <Pagination.First aria-label="Première page" />
        <Pagination.Previous aria-label="Page précédente" />
        {pageWindow(page, pages).map((number) => (
          <Pagination.Control
            key={number}
            active={number === page}
            aria-current={number === page ? 'page' : undefined}
            aria-label={`Page ${number}`}
            onClick={() => onChange(number)}
          >
            {number}
          </Pagination.Control>
        ))}
        <Pagination.Next aria-label="Page suivante" />
        <Pagination.Last aria-label="Dernière page" />
      </Group>
    </Pagination.Root>
  )
}
