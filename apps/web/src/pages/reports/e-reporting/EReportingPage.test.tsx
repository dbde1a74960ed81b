import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { renderPage, whereIs } from '../../../components/test-utils'
import { EReportingPage } from './EReportingPage'
import { stubEReportingApi, TODAY_INSTANT } from './fakeEReportingApi'

const ROUTE = '/app/reports/e-reporting'
const plain = (text: string | null | undefined) => text?.replace(/[\u202f\u00a0]/g, ' ')
const periodCalls = (spy: ReturnType<typeof stubEReportingApi>) =>
  spy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/e-reporting/periods')
    .map((url) => Object.fromEntries(url.searchParams))
const row = (name: RegExp) => screen.getByRole('button', { name }).closest('li') as HTMLElement

describe('EReportingPage', () => {
  beforeEach(() => {
    // Only the date is frozen; timers stay real for the page's promises.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(TODAY_INSTANT))
  })

  it('says what e-reporting is, the cadence of the regime and the next deadline with what it concerns', async () => {
    stubEReportingApi()
    renderPage(<EReportingPage />, { route: ROUTE })
    const header = within(await screen.findByRole('region', { name: 'Ton calendrier de e-reporting' }))
    expect(header.getByText(/ventes aux particuliers et aux entreprises étrangères/)).toBeTruthy()
    expect(await header.findByText('Réel normal mensuel : transactions par décade, paiements par mois')).toBeTruthy()
    expect(header.getByText('le 30/11/2026 : transactions du 11 au 20 nov. 2026')).toBeTruthy()
  })

  it('lists the periods of this year with their state, deadline (red when late) and what they hold', async () => {
    const spy = stubEReportingApi()
    renderPage(<EReportingPage />, { route: ROUTE })
    expect(screen.getByLabelText('Chargement')).toBeTruthy()
    await screen.findByRole('button', { name: 'Voir : Transactions du 11 au 20 nov. 2026' })
    expect(periodCalls(spy)[0]).toEqual({ year: '2026', page: '1', pageSize: '25' })

    const toSend = within(row(/du 11 au 20 nov/))
    expect(toSend.getByText('À transmettre')).toBeTruthy()
    expect(toSend.getByText('avant le 30/11/2026')).toBeTruthy()
    expect(plain(toSend.getByText(/^Particuliers/).textContent)).toBe(
      'Particuliers : 1 250,00 € HT + 230,00 € de TVA · International : 1 facture, 3 000,00 € HT',
    )

    const late = within(row(/du 21 au 31 oct/))
    expect(late.getByText('En retard')).toBeTruthy()
    expect(late.getByText('avant le 10/11/2026').getAttribute('style')).toContain('color: var(--mantine-color-red')
    expect(within(row(/du 1 au 10 nov/)).getByText('Acceptée par la plateforme')).toBeTruthy()
    expect(
      within(row(/du 1 au 10 nov/))
        .getByText('avant le 20/11/2026')
        .getAttribute('style') ?? '',
    ).not.toContain('red')
    const payments = within(row(/Paiements du 1 au 31 oct/))
    expect(payments.getByText('Rejetée')).toBeTruthy()
    expect(plain(payments.getByText(/^Particuliers/).textContent)).toBe(
      'Particuliers : 480,00 € encaissés TTC · International : 1 paiement, 1 200,00 € TTC',
    )
    expect(within(row(/du 11 au 20 oct/)).getByText('Aucune vente concernée')).toBeTruthy()
  })

  it('asks the API again for the kind chosen and for the year chosen', async () => {
    const spy = stubEReportingApi()
    const { router } = renderPage(<EReportingPage />, { route: ROUTE })
    await screen.findByRole('button', { name: 'Voir : Transactions du 11 au 20 nov. 2026' })
    fireEvent.click(screen.getByRole('tab', { name: 'Paiements' }))
    await waitFor(() => expect(periodCalls(spy).at(-1)?.['filter[kind]']).toBe('payments'))
    expect(await screen.findByRole('button', { name: 'Voir : Paiements du 1 au 31 oct. 2026' })).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Voir : Transactions/ })).toBeNull())
    expect(whereIs(router)).toBe(`${ROUTE}?kind=payments`)

    fireEvent.click(screen.getByRole('tab', { name: 'Tous' }))
    await waitFor(() => expect(periodCalls(spy).at(-1)?.['filter[kind]']).toBeUndefined())

    fireEvent.click(screen.getByRole('combobox', { name: 'Année' }))
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['2026'])
  })

  it('reads the year of the link, and shows the empty state of a year without periods', async () => {
    vi.setSystemTime(new Date('2027-02-01T10:00:00Z'))
    const spy = stubEReportingApi()
    renderPage(<EReportingPage />, { route: ROUTE })
    expect(await screen.findByText('Aucune période à afficher pour cette année.')).toBeTruthy()
    expect(periodCalls(spy)[0]?.year).toBe('2027')
    fireEvent.click(screen.getByRole('combobox', { name: 'Année' }))
    fireEvent.click(await screen.findByRole('option', { name: '2026' }))
    await waitFor(() => expect(periodCalls(spy).at(-1)?.year).toBe('2026'))
    expect(await screen.findByRole('button', { name: 'Voir : Transactions du 11 au 20 nov. 2026' })).toBeTruthy()
  })

  it('sends the search typed, after a pause', async () => {
    const spy = stubEReportingApi()
    renderPage(<EReportingPage />, { route: ROUTE })
    await screen.findByRole('button', { name: 'Voir : Transactions du 11 au 20 nov. 2026' })
    fireEvent.change(screen.getByRole('textbox', { name: 'Rechercher une période' }), { target: { value: 'retard' } })
    await waitFor(() => expect(periodCalls(spy).at(-1)?.search).toBe('retard'))
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Voir :/ })).toHaveLength(1))
  })

  it('shows the way to link a PA when the organisation has none', async () => {
    stubEReportingApi({ connected: false })
    renderPage(<EReportingPage />, { route: ROUTE })
    const link = await screen.findByRole('link', { name: 'Relier ma plateforme agréée' })
    expect(link.getAttribute('href')).toBe('/app/setting/e-invoicing')
    expect(screen.getByText("Ta plateforme agréée n'est pas reliée")).toBeTruthy()
  })

  it('says the VAT regime is missing in the API’s words, with the way to set it', async () => {
    const message = 'Indique ton régime de TVA dans Paramètres › Mon entreprise : il fixe le calendrier du e-reporting.'
    stubEReportingApi({
      routes: [{ path: '/e-reporting/periods', status: 409, body: { message, code: 'TAX_REGIME_MISSING' } }],
    })
    renderPage(<EReportingPage />, { route: ROUTE })
    expect(await screen.findByText(message)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Indiquer mon régime de TVA' }).getAttribute('href')).toBe(
      '/app/setting/account',
    )
  })

  it('shows an error with a retry that asks again', async () => {
    const spy = stubEReportingApi({
      routes: [{ path: '/e-reporting/periods', status: 500, body: { message: 'Boom', code: 'INTERNAL' } }],
    })
    renderPage(<EReportingPage />, { route: ROUTE })
    fireEvent.click(await screen.findByRole('button', { name: 'Réessayer' }))
    await waitFor(() => expect(periodCalls(spy)).toHaveLength(2))
  })

  it('opens a period from « Voir » in the URL', async () => {
    stubEReportingApi()
    const { router } = renderPage(<EReportingPage />, { route: ROUTE })
    fireEvent.click(await screen.findByRole('button', { name: 'Voir : Transactions du 11 au 20 nov. 2026' }))
    await waitFor(() => expect(whereIs(router)).toBe(`${ROUTE}?open=transactions%3A2026-11-11`))
    expect(await screen.findByRole('dialog', { name: 'Transactions du 11 au 20 nov. 2026' })).toBeTruthy()
  })
})
