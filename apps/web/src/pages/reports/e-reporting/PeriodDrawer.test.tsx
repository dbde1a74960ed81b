import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage } from '../../../components/test-utils'
import { EReportingPage } from './EReportingPage'
import { stubEReportingApi, TODAY_INSTANT } from './fakeEReportingApi'

const open = (kind: string, start: string) => `/app/reports/e-reporting?open=${kind}%3A${start}`
const plain = (text: string | null | undefined) => text?.replace(/[\u202f\u00a0]/g, ' ')
const texts = (cells: Iterable<Element>) => Array.from(cells, (cell) => plain(cell.textContent))
/** The cells of a table's line (its header cell first), as text. */
const line = (table: HTMLElement, index: number) =>
  texts(within(table).getAllByRole('row')[index]?.querySelectorAll('th, td') ?? [])
const TO_SEND = 'transactions:2026-11-11'
const POST_PATH = '/e-reporting/periods/transactions/2026-11-11/transmissions'

async function drawer(name: string) {
  return within(await screen.findByRole('dialog', { name }))
}

describe('the period drawer', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(TODAY_INSTANT))
  })

  it('shows the B2C sales by day and the foreign sales one by one, and hides the empty tables', async () => {
    stubEReportingApi()
    renderPage(<EReportingPage />, { route: open('transactions', '2026-11-11') })
    const panel = await drawer('Transactions du 11 au 20 nov. 2026')
    const b2c = await panel.findByRole('table', { name: 'Ventes aux particuliers, par jour' })
    expect(texts(within(b2c).getAllByRole('columnheader'))).toEqual([
      'Jour',
      'Catégorie',
      'Taux',
      'HT',
      'TVA',
      'Ventes',
    ])
    expect(line(b2c, 1)).toEqual(['12/11/2026', 'Livraisons de biens', '20 %', '1 000,00 €', '200,00 €', '10'])
    expect(within(b2c).getByRole('rowheader', { name: '13/11/2026' })).toBeTruthy()
    expect(within(b2c).getByText('Prestations de services')).toBeTruthy()
    const foreign = panel.getByRole('table', { name: 'Ventes à des entreprises étrangères' })
    expect(line(foreign, 1)).toEqual([
      'F-2026-0042',
      '15/11/2026',
      'Belgique',
      'BE0123456789',
      '3 000,00 €',
      '0,00 €',
      '3 000,00 €',
    ])
    expect(panel.queryByRole('table', { name: /^Paiements/ })).toBeNull()
    expect(panel.getByText("Cette période n'a pas encore été transmise.")).toBeTruthy()
    expect(panel.getByText('À transmettre')).toBeTruthy()
  })

  it('says there is nothing to send when every table is empty, and offers no « Transmettre »', async () => {
    stubEReportingApi()
    renderPage(<EReportingPage />, { route: open('transactions', '2026-10-11') })
    const panel = await drawer('Transactions du 11 au 20 oct. 2026')
    expect(await panel.findByText('Rien à transmettre pour cette période')).toBeTruthy()
    expect(panel.queryByRole('table')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Transmettre' })).toBeNull()
  })

  it('lists the transmissions with the PA’s rejection and its messages, and offers the file', async () => {
    stubEReportingApi()
    renderPage(<EReportingPage />, { route: open('payments', '2026-10-01') })
    const panel = await drawer('Paiements du 1 au 31 oct. 2026')
    expect(await panel.findByRole('table', { name: 'Paiements reçus de particuliers, par jour' })).toBeTruthy()
    const foreign = panel.getByRole('table', { name: "Paiements reçus d'entreprises étrangères" })
    expect(line(foreign, 1)).toEqual(['20/10/2026', 'F-2026-0031', 'Allemagne', '1 200,00 €'])
    const sent = within(panel.getByRole('list', { name: 'Transmissions' }))
    expect(sent.getByText('02/11/2026 à 10:00, par Carnet')).toBeTruthy()
    expect(sent.getByText('Rejetée')).toBeTruthy()
    expect(sent.getByText('Le numéro de TVA DE123456789 est inconnu.')).toBeTruthy()
    expect(sent.getByRole('button', { name: 'Télécharger le fichier envoyé le 02/11/2026 à 10:00' })).toBeTruthy()
  })

  it('downloads the XML sent under the server’s name', async () => {
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    URL.createObjectURL = vi.fn(() => 'blob:xml')
    URL.revokeObjectURL = vi.fn()
    const spy = stubEReportingApi()
    const answer = spy.getMockImplementation()
    spy.mockImplementation(async (input, init) =>
      String(input) === '/api/v1/e-reporting/transmissions/7/file'
        ? new Response('<xml/>', { headers: { 'Content-Disposition': 'attachment; filename="frr-7.xml"' } })
        : (answer?.(input, init) as Promise<Response>),
    )
    renderPage(<EReportingPage />, { route: open('transactions', '2026-11-01') })
    const panel = await drawer('Transactions du 1 au 10 nov. 2026')
    expect(await panel.findByText('Acceptée')).toBeTruthy()
    fireEvent.click(panel.getByRole('button', { name: /^Télécharger le fichier envoyé/ }))
    await waitFor(() => expect(saved).toEqual(['frr-7.xml']))
  })

  it('asks for confirmation saying what goes, posts, toasts and shows the refreshed period', async () => {
    const spy = stubEReportingApi()
    renderPage(<EReportingPage />, { route: open('transactions', '2026-11-11') })
    await drawer('Transactions du 11 au 20 nov. 2026')
    fireEvent.click(await screen.findByRole('button', { name: 'Transmettre' }))
    const confirm = within(await screen.findByRole('dialog', { name: 'Transmettre cette période ?' }))
    expect(plain(confirm.getByText(/^Carnet va transmettre/).textContent)).toBe(
      'Carnet va transmettre à ta plateforme agréée tes ventes aux particuliers, totalisées par jour et par taux (1 250,00 € HT, 230,00 € de TVA) et 1 facture à des entreprises étrangères, une par une (3 000,00 € HT).',
    )
    expect(bodiesSent(spy, 'POST', POST_PATH)).toHaveLength(0)
    fireEvent.click(confirm.getByRole('button', { name: 'Transmettre' }))
    expect(await screen.findByText('Données transmises à ta plateforme agréée.')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', POST_PATH)).toHaveLength(1)
    const panel = await drawer('Transactions du 11 au 20 nov. 2026')
    expect(await panel.findByText("En cours d'envoi")).toBeTruthy()
    expect(panel.getByText('Envoi en cours')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Transmettre' })).toBeNull()
  })

  it('shows the API’s refusal (409) in its French words', async () => {
    const message = 'Une transmission de cette période est déjà en cours d’envoi.'
    stubEReportingApi({
      routes: [{ method: 'POST', path: POST_PATH, status: 409, body: { message, code: 'E_REPORTING_IN_FLIGHT' } }],
    })
    renderPage(<EReportingPage />, { route: open('transactions', '2026-11-11') })
    fireEvent.click(await screen.findByRole('button', { name: 'Transmettre' }))
    const confirm = within(await screen.findByRole('dialog', { name: 'Transmettre cette période ?' }))
    fireEvent.click(confirm.getByRole('button', { name: 'Transmettre' }))
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transmettre cette période ?' })).toBeNull())
  })

  it('offers « Transmettre la correction » for a period changed since it was sent', async () => {
    const spy = stubEReportingApi()
    const answer = spy.getMockImplementation()
    spy.mockImplementation(async (input, init) => {
      const response = (await answer?.(input, init)) as Response
      if (!String(input).endsWith('/e-reporting/periods/transactions/2026-11-11')) return response
      const body = await response.json()
      return new Response(JSON.stringify({ data: { ...body.data, state: 'changed', stateLabel: 'Modifiée' } }))
    })
    renderPage(<EReportingPage />, { route: open('transactions', '2026-11-11') })
    fireEvent.click(await screen.findByRole('button', { name: 'Transmettre la correction' }))
    const confirm = within(await screen.findByRole('dialog', { name: 'Transmettre la correction ?' }))
    expect(confirm.getByText(/remplace ce que tu as déjà transmis/)).toBeTruthy()
  })

  it('shows the banner when the organisation is not linked, and no « Transmettre »', async () => {
    stubEReportingApi({ connected: false })
    renderPage(<EReportingPage />, { route: open('transactions', '2026-11-11') })
    const panel = await drawer('Transactions du 11 au 20 nov. 2026')
    expect(await panel.findByRole('link', { name: 'Relier ma plateforme agréée' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Transmettre' })).toBeNull()
  })

  it('shows its loading state, then an error with a retry', async () => {
    const spy = stubEReportingApi({
      routes: [{ path: '/e-reporting/periods/transactions/2026-11-11', status: 500, body: { message: 'Boom' } }],
    })
    renderPage(<EReportingPage />, { route: open('transactions', '2026-11-11') })
    const panel = within(screen.getByRole('dialog', { name: 'Transactions' }))
    expect(panel.getByLabelText('Chargement')).toBeTruthy()
    fireEvent.click(await panel.findByRole('button', { name: 'Réessayer' }))
    await waitFor(() =>
      expect(spy.mock.calls.filter(([url]) => String(url).endsWith(TO_SEND.replace(':', '/')))).toHaveLength(2),
    )
  })
})
