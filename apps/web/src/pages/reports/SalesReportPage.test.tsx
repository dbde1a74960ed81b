import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage, whereIs } from '../../components/test-utils'
import { salesReport, stubReportsApi } from './fakeReportsApi'
import { SalesReportPage } from './SalesReportPage'

const GRID = 'Ventes par mois'

/** The row headers of the grid, top to bottom. */
const rowNames = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent)

/** A row's cells as the page prints them (U+202F in thousands, U+00A0 before €), Total last. */
const cellsOf = (grid: HTMLElement, index: number) =>
  within(within(grid).getAllByRole('rowheader')[index]?.closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .map((cell) => cell.textContent?.replace(/\u202f/g, ' ').replace(/\u00a0/g, ' '))

describe('SalesReportPage', () => {
  it('says it is built from validated invoices, then shows 14 columns: the rows, 12 months and Total', async () => {
    stubReportsApi()
    renderPage(<SalesReportPage />, { route: '/app/reports/sales?year=2026' })
    expect(screen.getByText('Ce rapport est établi à partir de tes factures et avoirs validés.')).toBeTruthy()
    expect(screen.getByLabelText('Chargement')).toBeTruthy()
    const grid = await screen.findByRole('table', { name: GRID })
    const columns = within(grid.querySelector('thead') as HTMLElement).getAllByRole('columnheader')
    expect(columns).toHaveLength(14)
    expect(columns.at(-1)?.textContent).toBe('Total')
  })

  it('gives each rate its H.T. and T.V.A. rows, then Total H.T., Total T.V.A. and Total T.T.C.', async () => {
    stubReportsApi()
    renderPage(<SalesReportPage />, { route: '/app/reports/sales?year=2026' })
    const grid = await screen.findByRole('table', { name: GRID })
    expect(rowNames(grid)).toEqual(['H.T.', 'T.V.A.', 'H.T.', 'T.V.A.', 'Total H.T.', 'Total T.V.A.', 'Total T.T.C.'])
    expect(within(grid).getByText('T.V.A. 20 %')).toBeTruthy()
    expect(within(grid).getByText('T.V.A. 5,5 %')).toBeTruthy()
    // November's 1 000 € at 20 %, and the year's Total.
    expect(cellsOf(grid, 0).slice(10)).toEqual(['1 000 €', '0 €', '1 000 €'])
    // March's 5,50 € of VAT at 5,5 %, rounded to whole euros (half away from zero).
    expect(cellsOf(grid, 3)[2]).toBe('6 €')
    expect(cellsOf(grid, 6).at(-1)).toBe('1 306 €')
  })

  it('hides Total H.T. and Total T.V.A. for the franchise en base (FREE), never Total T.T.C.', async () => {
    stubReportsApi([{ path: '/reports/sales', body: { data: salesReport({ taxRegimeCode: 'FREE' }) } }])
    renderPage(<SalesReportPage />, { route: '/app/reports/sales?year=2026' })
    const grid = await screen.findByRole('table', { name: GRID })
    expect(rowNames(grid)).toEqual(['H.T.', 'T.V.A.', 'H.T.', 'T.V.A.', 'Total T.T.C.'])
    expect(within(grid).queryByText('Total H.T.')).toBeNull()
    expect(within(grid).queryByText('Total T.V.A.')).toBeNull()
  })

  it("shows the spec's error text", async () => {
    stubReportsApi([{ path: '/reports/sales', status: 500, body: { message: 'Boom', code: 'INTERNAL' } }])
    renderPage(<SalesReportPage />, { route: '/app/reports/sales?year=2026' })
    expect((await screen.findByText(/Une erreur est survenue/)).textContent).toBe(
      'Une erreur est survenue lors du chargement du rapport des ventes.',
    )
  })

  it('without ?year=, goes to the first year the books know', async () => {
    const spy = stubReportsApi([
      { path: '/reports/sales', body: { data: salesReport({ availableYears: [2024, 2023] }) } },
    ])
    const { router } = renderPage(<SalesReportPage />, { route: '/app/reports/sales' })
    await waitFor(() => expect(whereIs(router)).toBe('/app/reports/sales?year=2024'))
    await waitFor(() => expect(String(spy.mock.calls.at(-1)?.[0])).toBe('/api/v1/reports/sales?year=2024'))
  })
})
