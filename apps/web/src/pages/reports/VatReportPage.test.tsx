import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderPage, whereIs } from '../../components/test-utils'
import { meBody, stubReportsApi } from './fakeReportsApi'
import { VatReportPage } from './VatReportPage'

const GRID = 'T.V.A. par mois'
const DOWNLOAD = 'Télécharger la déclaration (3310-CA3-SD)'
const VIEW = 'Voir la déclaration'
const box = (label: string) => within(screen.getByRole('region', { name: label }))
const plain = (text: string | null | undefined) => text?.replace(/[\u202f\u00a0]/g, ' ')

async function choose(label: string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name: label }))
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

describe('VatReportPage', () => {
  it('loads the year, then shows T.V.A. collectée, T.V.A. déductible and T.V.A. à payer in whole euros', async () => {
    const spy = stubReportsApi()
    renderPage(<VatReportPage />, { route: '/app/reports/taxes?year=2026' })
    expect(screen.getByLabelText('Chargement')).toBeTruthy()
    await screen.findByRole('region', { name: 'T.V.A. à payer' })
    expect(spy.mock.calls.some(([url]) => String(url) === '/api/v1/reports/vat?year=2026')).toBe(true)
    expect(box('T.V.A. collectée').getByText('256 €')).toBeTruthy()
    expect(box('T.V.A. déductible').getByText('210 €')).toBeTruthy()
    expect(box('T.V.A. à payer').getByText('46 €')).toBeTruthy()
  })

  it('lays out the 12 months with collected VAT by rate, deductible VAT and the balance, and a Détails link each', async () => {
    stubReportsApi()
    renderPage(<VatReportPage />, { route: '/app/reports/taxes?year=2026' })
    const grid = await screen.findByRole('table', { name: GRID })
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'T.V.A. collectée',
      'Taux normal (20 %)',
      'Taux intermédiaire (10 %)',
      'Taux réduit (5,5 %)',
      'Taux super réduit (2,1 %)',
      'T.V.A. déductible',
      'Biens et services',
      'Immobilisations',
      'T.V.A. à payer',
    ])
    expect(within(grid).getAllByRole('link', { name: /^Détails de / })).toHaveLength(12)
    const march = within(grid).getByRole('link', { name: 'Détails de mars 2026' })
    expect(march.textContent).toBe('Détails')
    expect(march.getAttribute('href')).toBe('/app/reports/taxes/2026-03')
    const balance = within(grid).getByRole('rowheader', { name: 'T.V.A. à payer' }).closest('tr') as HTMLElement
    expect(plain(within(balance).getAllByRole('cell')[2]?.textContent)).toBe('-155 €')
  })

  it("opens a cell's operations in a modal, with the cell as Total", async () => {
    const spy = stubReportsApi()
    renderPage(<VatReportPage />, { route: '/app/reports/taxes?year=2026' })
    fireEvent.click(await screen.findByRole('button', { name: /^Taux normal \(20 %\), mars 2026/ }))
    const modal = within(await screen.findByRole('dialog'))
    expect(await modal.findByText('Lampes')).toBeTruthy()
    expect(modal.queryByText('Livres')).toBeNull()
    expect(modal.queryByText('Orange')).toBeNull()
    expect(spy.mock.calls.some(([url]) => String(url) === '/api/v1/reports/vat/2026-03')).toBe(true)
    const rows = modal.getAllByRole('row')
    expect(plain(rows.at(-1)?.textContent)).toBe('Total50,00 €')
    fireEvent.click(modal.getByRole('button', { name: 'Fermer' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: /^Immobilisations, mars 2026/ }))
    const assets = within(await screen.findByRole('dialog'))
    expect(await assets.findByText('Ordinateur')).toBeTruthy()
    expect(assets.queryByText('Orange')).toBeNull()
    expect(plain(assets.getAllByRole('row').at(-1)?.textContent)).toBe('Total200,00 €')
  })

  it('opens nothing on a zero cell nor on the balance', async () => {
    stubReportsApi()
    renderPage(<VatReportPage />, { route: '/app/reports/taxes?year=2026' })
    await screen.findByRole('table', { name: GRID })
    expect(screen.queryByRole('button', { name: /^Taux normal \(20 %\), janvier 2026/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /^T\.V\.A\. à payer, / })).toBeNull()
  })

  it("shows the spec's error text", async () => {
    stubReportsApi([{ path: '/reports/vat', status: 500, body: { message: 'Boom', code: 'INTERNAL' } }])
    renderPage(<VatReportPage />, { route: '/app/reports/taxes?year=2026' })
    expect((await screen.findByText(/Une erreur est survenue/)).textContent).toBe(
      'Une erreur est survenue lors du chargement de ton rapport de T.V.A.',
    )
  })
})

describe('the monthly VAT declaration', () => {
  const saved: { href: string; download: string }[] = []

  beforeEach(() => {
    saved.length = 0
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download })
    })
    // jsdom has no blob URLs (as in components/pdf/download.test.tsx).
    URL.createObjectURL = vi.fn(() => 'blob:ca3')
    URL.revokeObjectURL = vi.fn()
  })

  it('is not offered under the franchise en base (FREE) nor the yearly CA12 (YEAR)', async () => {
    for (const taxRegimeCode of ['FREE', 'YEAR']) {
      stubReportsApi([], meBody({ taxRegimeCode }))
      const { unmount } = renderPage(<VatReportPage />, { route: '/app/reports/taxes?year=2026' })
      await screen.findByRole('table', { name: GRID })
      expect(screen.queryByRole('button', { name: DOWNLOAD }), taxRegimeCode).toBeNull()
      expect(screen.queryByRole('button', { name: VIEW }), taxRegimeCode).toBeNull()
      unmount()
    }
  })

  it('asks for a quarter (T1 to T4) under tax regime QUARTER, and sends its last month', async () => {
    const spy = stubReportsApi([], meBody({ taxRegimeCode: 'QUARTER' }))
    renderPage(<VatReportPage />, { route: '/app/reports/taxes?year=2026' })
    const button = await screen.findByRole('button', { name: DOWNLOAD })
    expect(screen.getByRole('region', { name: 'Déclaration de T.V.A. trimestrielle' })).toBeTruthy()
    expect(screen.queryByRole('combobox', { name: 'Mois' })).toBeNull()
    await choose('Année', '2026')
    fireEvent.click(screen.getByRole('combobox', { name: 'Trimestre' }))
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      '—',
      'T1',
      'T2',
      'T3',
      'T4',
    ])
    fireEvent.click(screen.getByRole('option', { name: 'T2' }))
    expect(button.hasAttribute('disabled')).toBe(false)
    fireEvent.click(button)
    await waitFor(() =>
      expect(
        spy.mock.calls.some(([url]) => String(url) === '/api/v1/reports/vat-declaration.pdf?year=2026&month=6'),
      ).toBe(true),
    )
  })

  it('shows the declaration on screen once a year and a month are chosen', async () => {
    stubReportsApi()
    const { router } = renderPage(<VatReportPage />, { route: '/app/reports/taxes?year=2026' })
    const view = await screen.findByRole('button', { name: VIEW })
    expect(view.hasAttribute('disabled')).toBe(true)
    await choose('Mois', 'Mars')
    expect(view.hasAttribute('disabled')).toBe(true)
    await choose('Année', '2026')
    fireEvent.click(view)
    await waitFor(() => expect(whereIs(router)).toBe('/app/reports/taxes/declaration?year=2026&month=3'))
  })

  it('waits for a year and a month, then saves the PDF under the name the server gives', async () => {
    const disposition = 'attachment; filename="declaration-tva-2026-03.pdf"'
    const spy = stubReportsApi()
    const pdfUrl = '/api/v1/reports/vat-declaration.pdf?year=2026&month=3'
    const answer = spy.getMockImplementation()
    spy.mockImplementation(async (input, init) =>
      String(input) === pdfUrl
        ? new Response('%PDF-1.7', {
            headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': disposition },
          })
        : (answer?.(input, init) as Promise<Response>),
    )
    renderPage(<VatReportPage />, { route: '/app/reports/taxes?year=2026' })
    const button = await screen.findByRole('button', { name: DOWNLOAD })
    expect((screen.getByRole('combobox', { name: 'Année' }) as HTMLInputElement).value).toBe('—')
    expect((screen.getByRole('combobox', { name: 'Mois' }) as HTMLInputElement).value).toBe('—')
    expect(button.hasAttribute('disabled')).toBe(true)
    await choose('Année', '2026')
    expect(button.hasAttribute('disabled')).toBe(true)
    await choose('Mois', 'Mars')
    expect(button.hasAttribute('disabled')).toBe(false)
    await choose('Année', '—')
    expect(button.hasAttribute('disabled')).toBe(true)
    await choose('Année', '2026')

    fireEvent.click(button)
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:ca3', download: 'declaration-tva-2026-03.pdf' }]))
    expect(spy.mock.calls.some(([url]) => String(url) === pdfUrl)).toBe(true)
  })
})
