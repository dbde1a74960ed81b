import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeServer, jsonResponse, renderPage } from '../../../components/test-utils'
import { BooksPage } from './BooksPage'
import { incomeBook } from './fakeBooks'

const plain = (text: string | null | undefined) => text?.replace(/[\u202f\u00a0]/g, ' ')

describe('BooksPage', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-24T09:30:00Z'))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('offers the two books of the year with their totals, each linked to its months', async () => {
    const spy = fakeServer([], (request) =>
      request.path === '/reports/books/income'
        ? jsonResponse(200, { data: incomeBook() })
        : jsonResponse(200, { data: incomeBook({ kind: 'expenses', months: [], totalYear: '84.20' }) }),
    )
    renderPage(<BooksPage />, { route: '/app/reports/in-out-book?year=2026' })
    expect(screen.getByRole('heading', { name: 'Livres' })).toBeTruthy()

    const income = screen.getByRole('region', { name: 'Livre des recettes' })
    await waitFor(() => expect(plain(income.textContent)).toContain('Encaissé en 20261 835,50 €'))
    const expenses = screen.getByRole('region', { name: 'Registre des achats' })
    await waitFor(() => expect(plain(expenses.textContent)).toContain('Payé en 202684,20 €'))
    expect(within(income).getByRole('link', { name: 'Ouvrir le livre des recettes' }).getAttribute('href')).toBe(
      '/app/reports/in-out-book/recipes?year=2026',
    )
    expect(within(expenses).getByRole('link', { name: 'Ouvrir le registre des achats' }).getAttribute('href')).toBe(
      '/app/reports/in-out-book/expenses?year=2026',
    )
    expect(spy.mock.calls.map(([input]) => String(input)).sort()).toEqual([
      '/api/v1/reports/books/expenses?from=2026-01-01&to=2026-12-31',
      '/api/v1/reports/books/income?from=2026-01-01&to=2026-12-31',
    ])
  })

  it('takes the current year without one in the address, and says when a book cannot be loaded', async () => {
    fakeServer([], (request) =>
      request.path === '/reports/books/income'
        ? jsonResponse(500, { message: 'Boom', code: 'INTERNAL' })
        : jsonResponse(200, { data: incomeBook({ kind: 'expenses', from: '2026-01-01' }) }),
    )
    renderPage(<BooksPage />, { route: '/app/reports/in-out-book' })
    const income = screen.getByRole('region', { name: 'Livre des recettes' })
    expect(await within(income).findByText('Une erreur est survenue lors du chargement de ton livre.')).toBeTruthy()
    expect(
      within(income)
        .getByRole('link', { name: /Ouvrir/ })
        .getAttribute('href'),
    ).toBe('/app/reports/in-out-book/recipes?year=2026')
  })
})
