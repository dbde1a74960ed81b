import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { renderPage, whereIs } from '../../components/test-utils'
import { meBody, stubReportsApi } from './fakeReportsApi'
import { VatMonthPage } from './VatMonthPage'

/** The page under its route, as the app's router has it, so that it reads :month. */
const monthPage = (
  <Routes>
    <Route path="/app/reports/taxes/:month" element={<VatMonthPage />} />
  </Routes>
)
const plain = (text: string | null | undefined) => text?.replace(/[\u202f\u00a0]/g, ' ')

describe('VatMonthPage', () => {
  it("lists the month's operations, collected then deductible, each with its total, then what is due", async () => {
    const spy = stubReportsApi()
    renderPage(monthPage, { route: '/app/reports/taxes/2026-03' })
    const collected = await screen.findByRole('table', { name: 'T.V.A. collectée' })
    expect(spy.mock.calls.some(([url]) => String(url) === '/api/v1/reports/vat/2026-03')).toBe(true)
    expect(screen.getByRole('heading', { name: 'Détail de la T.V.A. de mars 2026' })).toBeTruthy()
    const rows = within(collected).getAllByRole('row')
    expect(rows[0]?.textContent).toBe('DateJournalPièceLibelléTauxBaseT.V.A.')
    expect(plain(rows[1]?.textContent)).toBe('12/03/2026VTF-2026-0002Lampes20 %250,00 €50,00 €')
    expect(plain(rows[2]?.textContent)).toBe('12/03/2026VTF-2026-0003Livres5,5 %100,00 €5,50 €')
    expect(plain(rows.at(-1)?.textContent)).toBe('T.V.A. collectée55,50 €')
    const deductible = screen.getByRole('table', { name: 'T.V.A. déductible' })
    expect(within(deductible).getByText('Ordinateur')).toBeTruthy()
    expect(plain(within(deductible).getAllByRole('row').at(-1)?.textContent)).toBe('T.V.A. déductible210,00 €')
    expect(plain(screen.getByRole('region', { name: 'T.V.A. à payer' }).textContent)).toBe('T.V.A. à payer-154,50 €')
  })

  it('leads back to the year of the VAT report, and prints', async () => {
    stubReportsApi()
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    renderPage(monthPage, { route: '/app/reports/taxes/2026-03' })
    const back = await screen.findByRole('link', { name: 'Retour au rapport de T.V.A.' })
    expect(back.getAttribute('href')).toBe('/app/reports/taxes?year=2026')
    fireEvent.click(screen.getByRole('button', { name: 'Imprimer' }))
    expect(print).toHaveBeenCalledTimes(1)
  })

  it("says so, in the spec's words, when the month has no operation", async () => {
    stubReportsApi()
    renderPage(monthPage, { route: '/app/reports/taxes/2026-02' })
    expect((await screen.findByText(/pas d'opération/)).textContent).toBe(
      "Il n'y a pas d'opération pour le mois sélectionné !",
    )
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('offers the months of the year as tabs when the financial period ends in December', async () => {
    stubReportsApi()
    const { router } = renderPage(monthPage, { route: '/app/reports/taxes/2026-03' })
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'janv.',
      'févr.',
      'mars',
      'avr.',
      'mai',
      'juin',
      'juil.',
      'août',
      'sept.',
      'oct.',
      'nov.',
      'déc.',
    ])
    expect(screen.getByRole('tab', { name: 'mars' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.click(screen.getByRole('tab', { name: 'avr.' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/reports/taxes/2026-04'))
    expect(await screen.findByText("Il n'y a pas d'opération pour le mois sélectionné !")).toBeTruthy()
  })

  it('has no tabs when the financial period ends in another month', async () => {
    const spy = stubReportsApi([], meBody({ financialPeriodEnd: 6 }))
    renderPage(monthPage, { route: '/app/reports/taxes/2026-03' })
    await screen.findByRole('table', { name: 'T.V.A. collectée' })
    // The organisation was asked for with the month: its answer is in well before this pause ends.
    expect(spy.mock.calls.some(([url]) => String(url) === '/api/v1/me')).toBe(true)
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(screen.queryByRole('tablist')).toBeNull()
    expect(screen.queryAllByRole('tab')).toHaveLength(0)
  })

  it('answers "page not found" for a month that is not one', async () => {
    stubReportsApi()
    renderPage(monthPage, { route: '/app/reports/taxes/2026-13' })
    expect(await screen.findByText('Retour au tableau de bord')).toBeTruthy()
  })
})
