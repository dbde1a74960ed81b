import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeServer, jsonResponse, renderPage, whereIs } from '../../../components/test-utils'
import { BookPage } from './BookPage'
import { incomeBook } from './fakeBooks'

const CSV_NAME = 'livre-des-recettes-2026.csv'

/** Text as the page prints it, with plain spaces for U+202F (thousands) and U+00A0 (before €). */
const plain = (text: string | null | undefined) => text?.replace(/[\u202f\u00a0]/g, ' ')
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => plain(cell.textContent))

/** Files saved as a click on a download link saves them. */
const saved: { href: string; download: string }[] = []

describe('BookPage', () => {
  beforeEach(() => {
    saved.length = 0
    // Only the date is frozen: 24 November 2026 in Paris; timers stay real for the page's promises.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-24T09:30:00Z'))
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download })
    })
    URL.createObjectURL = vi.fn(() => 'blob:book')
    URL.revokeObjectURL = vi.fn()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('shows the year’s months: date, reference cut to 8 characters, contact, category, mode, amount, totals', async () => {
    const spy = fakeServer([{ path: '/reports/books/income', body: { data: incomeBook() } }], () =>
      jsonResponse(404, {}),
    )
    renderPage(<BookPage kind="income" />, { route: '/app/reports/in-out-book/recipes' })
    expect(screen.getByRole('heading', { name: 'Livre des recettes' })).toBeTruthy()
    expect(screen.getByLabelText('Chargement')).toBeTruthy()

    const march = await screen.findByRole('table', { name: 'Mars 2026' })
    // Without ?year=, the current year.
    expect(String(spy.mock.calls[0]?.[0])).toBe('/api/v1/reports/books/income?from=2026-01-01&to=2026-12-31')
    expect(
      within(march)
        .getAllByRole('columnheader')
        .map((cell) => plain(cell.textContent)),
    ).toEqual(['Date', 'Référence', 'Client', 'Catégorie', 'Mode', 'Montant', 'Total du mois', '1 235,50 €'])
    const [first, second] = within(march).getAllByRole('row').slice(1, 3) as HTMLElement[]
    expect(cellsOf(first as HTMLElement)).toEqual([
      '20/03/2026',
      'F-2026-0',
      'Danone',
      'Encaissement facture',
      'Compte pro',
      '1 200,00 €',
    ])
    expect(
      within(first as HTMLElement)
        .getByText('F-2026-0')
        .getAttribute('title'),
    ).toBe('F-2026-0001')
    expect(cellsOf(second as HTMLElement)).toEqual([
      '28/03/2026',
      'T42',
      '—',
      'Prestations de services',
      'Caisse',
      '35,50 €',
    ])
    expect(screen.getByRole('table', { name: 'Mai 2026' })).toBeTruthy()
    const year = screen.getByRole('region', { name: "Total de l'année" })
    expect(plain(year.textContent)).toBe("Total de l'année1 835,50 €")
  })

  it('asks for the year chosen in the menu and keeps it in the address', async () => {
    const spy = fakeServer([{ path: '/reports/books/income', body: { data: incomeBook() } }], () =>
      jsonResponse(404, {}),
    )
    const { router } = renderPage(<BookPage kind="income" />, { route: '/app/reports/in-out-book/recipes?year=2026' })
    await screen.findByRole('table', { name: 'Mars 2026' })
    fireEvent.click(screen.getByRole('combobox', { name: 'Exercice' }))
    // The current year, the previous one, and the years the books hold.
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['2026', '2025', '2024'])
    fireEvent.click(screen.getByRole('option', { name: '2024' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/reports/in-out-book/recipes?year=2024'))
    await waitFor(() =>
      expect(spy.mock.calls.map(([input]) => String(input))).toContain(
        '/api/v1/reports/books/income?from=2024-01-01&to=2024-12-31',
      ),
    )
  })

  it('says when the year holds nothing, in the spec’s words', async () => {
    fakeServer(
      [
        {
          path: '/reports/books/expenses',
          body: { data: incomeBook({ kind: 'expenses', months: [], totalYear: '0.00' }) },
        },
      ],
      () => jsonResponse(404, {}),
    )
    renderPage(<BookPage kind="expenses" />, { route: '/app/reports/in-out-book/expenses?year=2025' })
    expect(screen.getByRole('heading', { name: 'Registre des achats' })).toBeTruthy()
    expect(await screen.findByText('Aucune donnée pour la période sélectionnée')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says the book could not be loaded, and a refusal in the server’s words', async () => {
    fakeServer([{ path: '/reports/books/income', status: 500, body: { message: 'Boom', code: 'INTERNAL' } }], () =>
      jsonResponse(404, {}),
    )
    renderPage(<BookPage kind="income" />)
    expect(await screen.findByText('Une erreur est survenue lors du chargement de ton livre.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy()

    const refusal = "Seuls le propriétaire, les administrateurs et l'expert-comptable ont accès à la comptabilité."
    fakeServer(
      [{ path: '/reports/books/income', status: 403, body: { message: refusal, code: 'BOOKS_FORBIDDEN' } }],
      () => jsonResponse(404, {}),
    )
    renderPage(<BookPage kind="income" />)
    expect(await screen.findByText(refusal)).toBeTruthy()
  })

  it('downloads the CSV of the year under the name the server gives', async () => {
    let answer: (response: Response) => void = () => {}
    const spy = fakeServer([], (request) =>
      request.url.searchParams.get('format') === 'csv'
        ? new Promise<Response>((resolve) => {
            answer = resolve
          })
        : jsonResponse(200, { data: incomeBook({ kind: 'expenses' }) }),
    )
    renderPage(<BookPage kind="expenses" />, { route: '/app/reports/in-out-book/expenses?year=2026' })
    const march = await screen.findByRole('table', { name: 'Mars 2026' })
    expect(within(march).getByRole('columnheader', { name: 'Fournisseur' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Télécharger en CSV' }))
    expect(await screen.findByRole('button', { name: /Préparation du fichier…/ })).toBeTruthy()
    expect(spy.mock.calls.map(([input]) => String(input))).toContain(
      '/api/v1/reports/books/expenses?from=2026-01-01&to=2026-12-31&format=csv',
    )
    answer(
      new Response('\uFEFFDate;Référence\r\n', {
        headers: {
          'Content-Type': 'text/csv; charset=utf-8',
          'Content-Disposition': `attachment; filename="${CSV_NAME}"; filename*=UTF-8''${CSV_NAME}`,
        },
      }),
    )
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:book', download: CSV_NAME }]))
    expect(await screen.findByRole('button', { name: 'Télécharger en CSV' })).toBeTruthy()
  })
})
