import type { InvoiceDto, QuoteDepositDto, QuoteDto, QuoteListItemDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Route, renderPage, stubApi, whereIs } from '../../components/test-utils'
import {
  bodiesOf,
  DRAFT_STATE,
  line,
  me,
  quote,
  quoteListItem,
  rowMenu,
  stateIn,
} from '../../test-support/documentFixtures'
import { QuotesPage } from './QuotesPage'

const listMe = me({ preferences: { display: { quotes: 'list' }, pageSize: 25 } })
const states = [
  DRAFT_STATE,
  { id: 2, code: 'NEGO', name: 'En négociation', color: 'pink' },
  { id: 3, code: 'VALIDATED', name: 'Validé', color: 'blue' },
  { id: 4, code: 'SENT', name: 'Envoyé', color: 'yellow' },
  { id: 5, code: 'WON', name: 'Gagné', color: 'green' },
  { id: 6, code: 'LOST', name: 'Perdu', color: 'red' },
]
const state = stateIn(states)
const contact = { id: 3, name: 'Atelier Dupont', contactTypeId: 1 }

const listItem = (over: Partial<QuoteListItemDto> = {}): QuoteListItemDto =>
  quoteListItem({
    id: 20,
    name: 'Refonte du site',
    reference: 'D-2026-0001',
    amount: '1200.00',
    totalTaxExcluded: '1000.00',
    totalTaxes: '200.00',
    totalTaxIncluded: '1200.00',
    datedAt: '2026-03-03',
    paymentLimitAt: '2026-04-02',
    contactId: 3,
    contact,
    stateId: 4,
    state: state('SENT'),
    commentsCount: 2,
    createdAt: '2026-03-03T09:00:00Z',
    updatedAt: '2026-03-03T09:00:00Z',
    ...over,
  })

const deposit: QuoteDepositDto = {
  id: 30,
  reference: 'F-2026-0007',
  name: 'Acompte',
  datedAt: '2026-03-04',
  stateId: 3,
  state: { id: 3, code: 'PENDING', name: 'En attente', color: 'yellow' },
  totalTaxExcluded: '300.00',
  totalTaxIncluded: '360.00',
  amount: '360.00',
}

const full = (item: QuoteListItemDto, over: Partial<QuoteDto> = {}): QuoteDto =>
  quote({
    ...item,
    lines: [line(1, 0, { name: 'Maquette', amount: '1000', totalTaxExcluded: '1000.00' })],
    vatBreakdown: [{ ratePercent: '20', taxExcluded: '1000.00', taxAmount: '200.00', taxIncluded: '1200.00' }],
    availableStates: states,
    ...over,
  })

const sent = listItem()
const withDeposit = listItem({ id: 21, name: 'Boutique', depositsCount: 1 })
const noContact = listItem({
  id: 22,
  name: 'Brouillon libre',
  contactId: null,
  contact: null,
  reference: null,
  state: state('DRAFT'),
})

const routes = (items: QuoteListItemDto[], extra: Route[] = [], docs: Record<number, QuoteDto> = {}): Route[] => [
  ...extra,
  { path: '/me', body: listMe },
  { path: '/quotes', body: { data: items, meta: { total: items.length, page: 1, pageSize: 25 } } },
  { path: '/quote-states', body: { data: states } },
  ...items.map((item) => ({ path: `/quotes/${item.id}`, body: { data: docs[item.id] ?? full(item) } })),
]

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('QuotesPage', () => {
  it('shows "Devis" with its count, Tous plus one tab per state, rows grouped by month', async () => {
    const spy = stubApi(routes([sent, noContact]))
    const { router } = renderPage(<QuotesPage />, { route: '/app/sales/quotes' })
    expect(await screen.findByRole('region', { name: 'Mars 2026' })).toBeTruthy()
    expect(screen.getByText('Devis')).toBeTruthy()
    expect(screen.getByLabelText('2 au total')).toBeTruthy()
    expect(screen.getByText('Aucune · Aucun')).toBeTruthy()
    expect(screen.getByText('D-2026-0001 · Atelier Dupont')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Nouveau devis' }).getAttribute('href')).toBe('/app/sales/quotes/new')
    fireEvent.click(await screen.findByRole('tab', { name: 'Gagné' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/quotes?status=WON'))
    await waitFor(() =>
      expect(spy.mock.calls.some(([url]) => String(url).includes('filter%5Bstate%5D=WON'))).toBe(true),
    )
    expect(screen.getByRole('tab', { name: 'Tous' })).toBeTruthy()
  })

  it('says "Aucun devis" on Tous and "Aucun devis gagné" on the Gagné tab', async () => {
    stubApi(routes([]))
    renderPage(<QuotesPage />, { route: '/app/sales/quotes' })
    expect(await screen.findByText('Aucun devis')).toBeTruthy()
    cleanup()
    stubApi(routes([]))
    renderPage(<QuotesPage />, { route: '/app/sales/quotes?status=WON' })
    expect(await screen.findByText('Aucun devis gagné')).toBeTruthy()
  })

  it('switches the state from the row: every state listed, the current one disabled; absent without a contact', async () => {
    const spy = stubApi(
      routes([sent, noContact], [{ method: 'PATCH', path: '/quotes/20/state', body: { data: full(sent) } }]),
    )
    renderPage(<QuotesPage />)
    expect(await screen.findByRole('button', { name: "Changer l'état de Refonte du site (Envoyé)" })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Changer l'état de Brouillon libre/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: "Changer l'état de Refonte du site (Envoyé)" }))
    const items = await screen.findAllByRole('menuitem')
    expect(items.map((item) => item.textContent)).toEqual(states.map((entry) => entry.name))
    const current = screen.getByRole('menuitem', { name: 'Envoyé' })
    expect(current.hasAttribute('disabled') || current.getAttribute('data-disabled') === 'true').toBe(true)
    fireEvent.click(screen.getByRole('menuitem', { name: 'Gagné' }))
    await waitFor(() => expect(bodiesOf(spy, 'PATCH', '/quotes/20/state')).toEqual([{ stateId: 5 }]))
  })

  it('offers Gagné and Perdu on a sent quote, and names the conversion after the deposits', async () => {
    stubApi(routes([sent, withDeposit]))
    renderPage(<QuotesPage />)
    expect(await rowMenu('Refonte du site')).toEqual([
      'Télécharger le PDF',
      'Renvoyer par e-mail',
      'Gagné',
      'Perdu',
      'Convertir en facture',
      "Créer une facture d'acompte",
      'Copier le lien de partage',
      'Dupliquer',
    ])
    cleanup()
    stubApi(routes([sent, withDeposit]))
    renderPage(<QuotesPage />)
    expect(await rowMenu('Boutique')).toContain('Générer la facture finale')
  })

  it('converts a quote into an invoice and lands on it', async () => {
    stubApi(
      routes(
        [sent],
        [{ method: 'POST', path: '/quotes/20/invoice', status: 201, body: { data: { id: 77 } as InvoiceDto } }],
      ),
    )
    const { router } = renderPage(<QuotesPage />)
    await rowMenu('Refonte du site')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Convertir en facture' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/invoices/77'))
  })

  it('records a deposit: the type change clears the values, and the body carries amount, percentage and type', async () => {
    const spy = stubApi(
      routes(
        [sent],
        [{ method: 'POST', path: '/quotes/20/deposits', status: 201, body: { data: { id: 78 } as InvoiceDto } }],
      ),
    )
    renderPage(<QuotesPage />)
    await rowMenu('Refonte du site')
    fireEvent.click(screen.getByRole('menuitem', { name: "Créer une facture d'acompte" }))
    expect(await screen.findByText('Enregistrer un acompte')).toBeTruthy()
    const percentage = screen.getByRole('textbox', { name: /^Pourcentage/ }) as HTMLInputElement
    fireEvent.change(percentage, { target: { value: '30' } })
    // Live: 30 % of the quote's 1 000,00 € HT, with the base and what remains.
    const computation = screen.getByRole('table', { name: "Calcul de l'acompte" })
    await waitFor(() => expect(computation.textContent).toMatch(/Base HT1\s000,00\s€/))
    expect(computation.textContent).toMatch(/Reste à facturer1\s000,00\s€/)
    expect(computation.textContent).toMatch(/Montant de l'acompte300,00\s€/)
    fireEvent.click(screen.getByRole('radio', { name: 'Montant HT' }))
    const amount = screen.getByRole('textbox', { name: /^Montant HT/ }) as HTMLInputElement
    expect(amount.value).toBe('')
    fireEvent.change(amount, { target: { value: '250' } })
    fireEvent.click(screen.getByRole('radio', { name: 'Pourcentage' }))
    expect((screen.getByRole('textbox', { name: /^Pourcentage/ }) as HTMLInputElement).value).toBe('')
    fireEvent.click(screen.getByRole('radio', { name: 'Montant TTC' }))
    expect((screen.getByRole('textbox', { name: /^Montant TTC/ }) as HTMLInputElement).value).toBe('')
    fireEvent.change(screen.getByRole('textbox', { name: /^Montant TTC/ }), { target: { value: '360' } })
    fireEvent.click(screen.getByRole('button', { name: "Créer la facture d'acompte" }))
    expect(await screen.findByText("Ta facture d'acompte a bien été créée.")).toBeTruthy()
    expect(bodiesOf(spy, 'POST', '/quotes/20/deposits')).toEqual([
      { amount: '360', percentage: null, deposit_type: 'amount_with_taxes' },
    ])
  })

  it('opens the quote drawer with its deposits, and says none is recorded otherwise', async () => {
    stubApi(routes([sent, withDeposit], [], { 21: full(withDeposit, { deposits: [deposit] }) }))
    const { router } = renderPage(<QuotesPage />, { route: '/app/sales/quotes?open=21' })
    expect(await screen.findByText("Valable jusqu'au 02/04/2026", { selector: 'div' })).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: 'Acomptes' }))
    expect((await screen.findByRole('link', { name: 'F-2026-0007' })).getAttribute('href')).toBe(
      '/app/sales/invoices?open=30',
    )
    expect(screen.getByText('360,00 €')).toBeTruthy()
    expect(whereIs(router)).toBe('/app/sales/quotes?open=21')
    cleanup()
    stubApi(routes([sent]))
    renderPage(<QuotesPage />, { route: '/app/sales/quotes?open=20' })
    fireEvent.click(await screen.findByRole('tab', { name: 'Acomptes' }))
    expect(await screen.findByText("Aucun acompte n'a été enregistré pour ce devis.")).toBeTruthy()
  })
})
