import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { jsonResponse, renderPage, whereIs } from '../../components/test-utils'
import { operatingAccount, stubReportsApi } from './fakeReportsApi'
import { OperatingAccountPage } from './OperatingAccountPage'

/**
 * French amounts as the page prints them, for a textContent: U+202F between thousands, U+00A0 before € (getByText
 * folds them into spaces by itself).
 */
const euros = (text: string) => text.replace(/ (?=\d)/g, '\u202f').replace(/ €/, '\u00a0€')

const box = (label: string) => within(screen.getByRole('region', { name: label }))
const requested = (spy: ReturnType<typeof stubReportsApi>) =>
  spy.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/reports/'))

describe('OperatingAccountPage', () => {
  it('loads the year of ?year= from 1 January to 31 December, then shows Produits, Charges and Bénéfice', async () => {
    let answer: (response: Response) => void = () => {}
    const spy = stubReportsApi()
    spy.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)))
    renderPage(<OperatingAccountPage />, { route: '/app/reports/operating-account?year=2026' })

    expect(screen.getByLabelText('Chargement')).toBeTruthy()
    expect(requested(spy)).toEqual(['/api/v1/reports/operating-account?from=2026-01-01&to=2026-12-31'])
    answer(jsonResponse(200, { data: operatingAccount() }))

    expect(await screen.findByRole('region', { name: 'Bénéfice' })).toBeTruthy()
    expect(screen.queryByLabelText('Chargement')).toBeNull()
    expect(box('Produits').getByText('1 250 €')).toBeTruthy()
    expect(box('Charges').getByText('50 €')).toBeTruthy()
    expect(box('Bénéfice').getByText('1 200 €')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Déficit' })).toBeNull()
  })

  it('lays the grid out as Produits rows, Total des produits, Charges rows, Total des charges, Résultats', async () => {
    stubReportsApi()
    renderPage(<OperatingAccountPage />, { route: '/app/reports/operating-account?year=2026' })
    const grid = await screen.findByRole('table', { name: "Compte d'exploitation par mois" })
    const heads = within(grid)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent)
    expect(heads).toEqual([
      '706 Prestations de services',
      '707 Ventes de marchandises',
      'Total des produits',
      '626 Frais postaux et télécommunications',
      'Total des charges',
      'Résultats',
    ])
    const columns = within(grid.querySelector('thead') as HTMLElement)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
    expect(columns).toHaveLength(14)
    expect(columns.slice(1, 4)).toEqual(['janv.', 'févr.', 'mars'])
    expect(columns.at(-1)).toBe('Total')
    const result = within(grid).getByRole('rowheader', { name: 'Résultats' }).closest('tr') as HTMLElement
    const cells = within(result)
      .getAllByRole('cell')
      .map((cell) => cell.textContent)
    expect(cells.slice(2, 4)).toEqual([euros('950 €'), euros('250 €')])
    expect(cells.at(-1)).toBe(euros('1 200 €'))
  })

  it('says Déficit, not Bénéfice, when the result of the year is not above zero', async () => {
    const summary = { income: '100.00', outcome: '100.00', balance: '0.00' }
    stubReportsApi([{ path: '/reports/operating-account', body: { data: operatingAccount({ summary }) } }])
    renderPage(<OperatingAccountPage />, { route: '/app/reports/operating-account?year=2026' })
    expect(within(await screen.findByRole('region', { name: 'Déficit' })).getByText('0 €')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Bénéfice' })).toBeNull()
  })

  it('opens a row in a modal: its months, their amounts and its Total', async () => {
    stubReportsApi()
    renderPage(<OperatingAccountPage />, { route: '/app/reports/operating-account?year=2026' })
    fireEvent.click(await screen.findByRole('button', { name: '706 Prestations de services' }))
    const modal = within(await screen.findByRole('dialog'))
    const rows = modal.getAllByRole('row').map((row) => row.textContent)
    expect(rows[0]).toBe('MoisMontant')
    expect(rows).toContain(`mars 2026${euros('1 000 €')}`)
    expect(rows).toContain(`janvier 2026${euros('0 €')}`)
    expect(rows).toHaveLength(14)
    expect(rows.at(-1)).toBe(`Total${euros('1 000 €')}`)
  })

  it('opens the Résultats row too, with the year result as its Total', async () => {
    stubReportsApi()
    renderPage(<OperatingAccountPage />, { route: '/app/reports/operating-account?year=2026' })
    fireEvent.click(await screen.findByRole('button', { name: 'Résultats' }))
    const rows = within(await screen.findByRole('dialog')).getAllByRole('row')
    expect(rows.at(-1)?.textContent).toBe(`Total${euros('1 200 €')}`)
  })

  it('scrolls the grid by dragging it, and a drag over a row does not open it', async () => {
    stubReportsApi()
    renderPage(<OperatingAccountPage />, { route: '/app/reports/operating-account?year=2026' })
    const row = await screen.findByRole('button', { name: '706 Prestations de services' })
    const frame = screen.getByRole('region', { name: "Compte d'exploitation par mois" })
    frame.scrollLeft = 100
    fireEvent.mouseDown(row, { button: 0, clientX: 300 })
    fireEvent.mouseMove(window, { clientX: 240 })
    expect(frame.scrollLeft).toBe(160)
    fireEvent.mouseUp(window, { clientX: 240 })
    fireEvent.click(row)
    expect(screen.queryByRole('dialog')).toBeNull()
    // A press without moving is a click.
    fireEvent.mouseDown(row, { button: 0, clientX: 300 })
    fireEvent.mouseUp(window, { clientX: 301 })
    fireEvent.click(row)
    expect(await screen.findByRole('dialog')).toBeTruthy()
  })

  it('shows the empty text when the year has no income nor charge', async () => {
    const empty = operatingAccount({
      income: [],
      outcome: [],
      summary: { income: '0.00', outcome: '0.00', balance: '0.00' },
    })
    stubReportsApi([{ path: '/reports/operating-account', body: { data: empty } }])
    renderPage(<OperatingAccountPage />, { route: '/app/reports/operating-account?year=2024' })
    expect((await screen.findByText(/Pas de données/)).textContent).toBe('Pas de données pour cette période.')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it("shows the spec's error text, or the server's refusal for a collaborator", async () => {
    stubReportsApi([{ path: '/reports/operating-account', status: 500, body: { message: 'Boom', code: 'INTERNAL' } }])
    const { unmount } = renderPage(<OperatingAccountPage />, { route: '/app/reports/operating-account?year=2026' })
    expect((await screen.findByText(/Une erreur est survenue/)).textContent).toBe(
      "Une erreur est survenue lors du chargement de ton rapport de compte d'exploitation.",
    )
    unmount()
    const refusal = "Seuls le propriétaire, les administrateurs et l'expert-comptable ont accès à la comptabilité."
    stubReportsApi([{ path: '/reports/operating-account', status: 403, body: { message: refusal, code: 'FORBIDDEN' } }])
    renderPage(<OperatingAccountPage />, { route: '/app/reports/operating-account?year=2026' })
    expect(await screen.findByText(refusal)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull()
  })

  it('defaults to the current year, and the exercise menu puts the chosen year in ?year=', async () => {
    const now = new Date().getFullYear()
    const spy = stubReportsApi()
    const { router } = renderPage(<OperatingAccountPage />, { route: '/app/reports/operating-account' })
    await screen.findByRole('region', { name: 'Bénéfice' })
    expect(requested(spy)).toEqual([`/api/v1/reports/operating-account?from=${now}-01-01&to=${now}-12-31`])

    fireEvent.click(screen.getByRole('combobox', { name: 'Exercice' }))
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual([now, now - 1, now - 2, now - 3, now - 4].map(String))
    fireEvent.click(screen.getByRole('option', { name: String(now - 2) }))
    await waitFor(() => expect(whereIs(router)).toBe(`/app/reports/operating-account?year=${now - 2}`))
    await waitFor(() =>
      expect(requested(spy).at(-1)).toBe(`/api/v1/reports/operating-account?from=${now - 2}-01-01&to=${now - 2}-12-31`),
    )
  })
})
