import type { InvoiceDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Route, renderPage, stubApi } from '../../../components/test-utils'
import { baseRoutes, bodiesOf, customer, invoice, line, quote } from '../../../test-support/documentFixtures'
import { InvoiceEditorPage, QuoteEditorPage } from './DocumentEditorPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const PENDING = { id: 3, code: 'PENDING', name: 'En attente', color: 'yellow' }
const PAID = { id: 5, code: 'PAID', name: 'Payée', color: 'green' }

const pending = invoice({
  id: 5,
  name: 'Refonte',
  reference: 'F-2026-0001',
  contactId: customer.id,
  state: PENDING,
  stateId: 3,
  lines: [line(1, 0, { amount: '1200', totalTaxExcluded: '1200.00' })],
  totalTaxExcluded: '1200.00',
  totalTaxIncluded: '1440.00',
  amount: '1440.00',
  remainingToCredit: '1440.00',
  remainingToPay: '1440.00',
})

const paid: InvoiceDto = {
  ...pending,
  state: PAID,
  stateId: 5,
  paymentDateAt: '2026-03-10',
  remainingToPay: '0.00',
  payments: [
    { id: 8, paidAt: '2026-03-10', amount: '1440.00', method: 'TRANSFER', transactionId: null, reconciled: false },
  ],
  updatedAt: '2026-03-10T10:00:00Z',
}

/**
 * The invoice as the server holds it: GET /invoices/5 answers the pending invoice until "Marquer comme payée" is
 * posted, the paid one after (what the page reads back once the action is done).
 */
function invoiceRoutes(): Route[] {
  let current = pending
  return [
    ...baseRoutes(),
    {
      path: '/invoices/5',
      get body() {
        return { data: current }
      },
    },
    {
      method: 'POST',
      path: '/invoices/5/mark-as-paid',
      get body() {
        current = paid
        return { data: paid }
      },
    },
    { path: '/invoices/5/comments', body: { data: [] } },
  ]
}

const openActions = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Actions' }))
  return screen.findByRole('menu')
}
const entries = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent)

describe("A document's own page", () => {
  it("offers a validated invoice's actions and payments where it is shown, and marks it paid from there", async () => {
    const spy = stubApi(invoiceRoutes())
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/5/show' })
    await screen.findByRole('heading', { name: 'Refonte' })
    const payments = within(screen.getByRole('region', { name: 'Paiements' }))
    expect(payments.getByText('Aucun paiement pour le moment.')).toBeTruthy()
    expect(payments.getByRole('button', { name: 'Enregistrer un paiement' })).toBeTruthy()

    const menu = await openActions()
    expect(entries(menu)).toEqual(
      expect.arrayContaining([
        'Télécharger le PDF',
        'Renvoyer par e-mail',
        'Marquer comme payée',
        'Avoir partiel',
        'Avoir total',
      ]),
    )
    // What the state table refuses a validated invoice is not offered.
    expect(entries(menu)).not.toContain('Valider')
    expect(entries(menu)).not.toContain('Modifier')

    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Marquer comme payée' }))
    // The dialog's script comes with its first opening.
    const dialog = within(await screen.findByRole('dialog', { name: 'Marquer comme payée' }, { timeout: 15_000 }))
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(bodiesOf(spy, 'POST', '/invoices/5/mark-as-paid')).toHaveLength(1))
    // The page reads the invoice back: its state, and the payment in its payments.
    await waitFor(() => expect(screen.getByText('Payée')).toBeTruthy())
    await waitFor(() => expect(screen.getByRole('listitem', { name: 'Paiement du 10/03/2026' })).toBeTruthy())
    expect(screen.queryByRole('dialog', { name: 'Marquer comme payée' })).toBeNull()
  })

  it("offers a draft's Valider from its read view, but no actions while it is being edited", async () => {
    const draft = invoice({
      ...pending,
      reference: null,
      state: { id: 1, code: 'DRAFT', name: 'Brouillon', color: 'gray' },
    })
    stubApi([...baseRoutes(), { path: '/invoices/5', body: { data: draft } }])
    const { router } = renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/5/show' })
    const menu = await openActions()
    expect(entries(menu)).toEqual(expect.arrayContaining(['Télécharger le PDF', 'Valider', 'Modifier']))
    // A draft has no payments yet.
    expect(screen.queryByRole('region', { name: 'Paiements' })).toBeNull()

    await router.navigate('/app/sales/invoices/5')
    await screen.findByRole('button', { name: 'Enregistrer' })
    expect(screen.queryByRole('button', { name: 'Actions' })).toBeNull()
  })

  it("offers a sent quote's own actions on its page: convert it, a deposit, won or lost", async () => {
    const sent = quote({
      id: 9,
      name: 'Devis site',
      reference: 'D-2026-0001',
      contactId: customer.id,
      lines: [line(1, 0, { amount: '500', totalTaxExcluded: '500.00' })],
      state: { id: 4, code: 'SENT', name: 'Envoyé', color: 'blue' },
      stateId: 4,
    })
    const spy = stubApi([
      ...baseRoutes(),
      { path: '/quotes/9', body: { data: sent } },
      { method: 'PATCH', path: '/quotes/9/state', body: { data: sent } },
    ])
    renderPage(<QuoteEditorPage />, { route: '/app/sales/quotes/9/show' })
    await screen.findByRole('heading', { name: 'Devis site' })
    const menu = await openActions()
    expect(entries(menu)).toEqual(
      expect.arrayContaining([
        'Télécharger le PDF',
        'Gagné',
        'Perdu',
        'Convertir en facture',
        "Créer une facture d'acompte",
      ]),
    )
    // No payments on a quote.
    expect(screen.queryByRole('region', { name: 'Paiements' })).toBeNull()
    fireEvent.click(within(menu).getByRole('menuitem', { name: 'Gagné' }))
    await waitFor(() => expect(bodiesOf(spy, 'PATCH', '/quotes/9/state')).toEqual([{ stateId: 5 }]))
  })
})
