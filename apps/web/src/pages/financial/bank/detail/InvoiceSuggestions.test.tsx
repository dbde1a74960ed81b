import { allocationMessages, type InvoiceSuggestionDto, messages, type TransactionInvoiceDto } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../../../components/test-utils'
import { TransactionRow } from '../../../../components/transactions/TransactionRow'
import { bodiesSent, stubTransactionApi, transaction } from '../../../../test-support/fakeTransactionApi'
import { openDrawer } from './testHelpers'

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

/** The bank line of a transfer of 1 200,00 € from Atelier Dupont, paying no invoice yet. */
const incoming = (invoices: TransactionInvoiceDto[] = []) =>
  transaction({ name: 'VIR SEPA ATELIER DUPONT', rawName: 'VIR SEPA ATELIER DUPONT', amount: '1200.00', invoices })

const HAND_PAYMENT = 'Paiement de 1 200,00 € enregistré le 02/03/2026 (virement)'

/** F-2026-0001, paid by a transfer recorded by hand that waits for this bank line. */
const reconcile: InvoiceSuggestionDto = {
  kind: 'reconcile',
  reasons: [HAND_PAYMENT, 'Le libellé cite le client Atelier Dupont'],
  invoices: [
    { id: 1, reference: 'F-2026-0001', customerName: 'Atelier Dupont', datedAt: '2026-02-27', leftToPay: '0.00' },
  ],
}

/** Two invoices of one customer whose rests add up to the line. */
const pairOfInvoices: InvoiceSuggestionDto = {
  kind: 'pay',
  reasons: ['Montant de 2 factures du client Atelier Dupont'],
  invoices: [
    { id: 2, reference: 'F-2026-0002', customerName: 'Atelier Dupont', datedAt: '2026-03-01', leftToPay: '700.00' },
    { id: 3, reference: 'F-2026-0003', customerName: 'Atelier Dupont', datedAt: '2026-03-05', leftToPay: '500.00' },
  ],
}

/** What a line shows of an invoice it pays. */
const paid = (id: number, reference: string, amount = '1200.00'): TransactionInvoiceDto => ({
  id,
  reference,
  name: reference,
  customerName: 'Atelier Dupont',
  datedAt: '2026-02-27',
  totalTaxIncluded: amount,
  amount,
})

const suggested = async () => within(await screen.findByRole('region', { name: 'Factures suggérées' }))
const callsTo = (spy: ReturnType<typeof stubTransactionApi>, path: string) =>
  spy.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/api/v1${path}`)

describe('the invoices suggested for an incoming line', () => {
  it('shows why, and one click reconciles the payment recorded by hand: the line is then categorised by the invoice', async () => {
    const spy = stubTransactionApi(incoming(), { invoiceSuggestions: [reconcile] })
    await openDrawer()
    const block = await suggested()
    const card = within(block.getByRole('listitem', { name: 'Rapprocher de la facture F-2026-0001' }))
    expect(card.getByText('Atelier Dupont')).toBeTruthy()
    expect(card.getByText('F-2026-0001 · 27/02/2026')).toBeTruthy()
    expect(card.getByText('Reste à payer : 0,00 €')).toBeTruthy()
    const reasons = within(card.getByRole('list', { name: 'Pourquoi cette suggestion' }))
    expect(reasons.getAllByRole('listitem').map((item) => item.textContent)).toEqual(reconcile.reasons)

    fireEvent.click(card.getByRole('button', { name: 'Rapprocher de la facture F-2026-0001' }))
    expect(await screen.findByText(messages.transactions.invoiceAttached)).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/transactions/7/invoices')).toEqual([{ invoiceId: 1 }])
    // The line pays the invoice: no more suggestion, and it reads as categorised by it.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Factures suggérées' })).toBeNull())
    expect(screen.getByText('Facture F-2026-0001')).toBeTruthy()
    expect(screen.queryByText(allocationMessages.toCategorize)).toBeNull()
    expect(
      screen.getByText('Cette ligne paie la facture F-2026-0001 : elle est catégorisée par elle (compte client 411).'),
    ).toBeTruthy()
  })

  it('attaches both invoices of a suggestion that pays two, in turn', async () => {
    const spy = stubTransactionApi(incoming(), { invoiceSuggestions: [reconcile, pairOfInvoices] })
    await openDrawer()
    const block = await suggested()
    const card = within(block.getByRole('listitem', { name: 'Rattacher aux factures F-2026-0002, F-2026-0003' }))
    expect(card.getByText('Reste à payer : 700,00 €')).toBeTruthy()
    expect(card.getByText('Reste à payer : 500,00 €')).toBeTruthy()
    expect(card.getByText('Montant de 2 factures du client Atelier Dupont')).toBeTruthy()
    // The best first, as the primary action.
    expect(
      block.getByRole('button', { name: 'Rapprocher de la facture F-2026-0001' }).getAttribute('data-variant'),
    ).toBe('filled')

    fireEvent.click(card.getByRole('button', { name: 'Rattacher aux factures F-2026-0002, F-2026-0003' }))
    expect(await screen.findByText(messages.transactions.invoiceAttached)).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/transactions/7/invoices')).toEqual([{ invoiceId: 2 }, { invoiceId: 3 }])
    expect(await screen.findByText('Factures F-2026-0002, F-2026-0003')).toBeTruthy()
  })

  it('says when the server refuses, and keeps the suggestion', async () => {
    stubTransactionApi(incoming(), {
      invoiceSuggestions: [reconcile],
      routes: [
        {
          method: 'POST',
          path: '/transactions/7/invoices',
          status: 422,
          body: { message: messages.transactions.invoiceNotPayable, code: 'INVOICE_NOT_PAYABLE' },
        },
      ],
    })
    await openDrawer()
    fireEvent.click((await suggested()).getByRole('button', { name: 'Rapprocher de la facture F-2026-0001' }))
    expect(await screen.findByText(messages.transactions.invoiceNotPayable)).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Factures suggérées' })).toBeTruthy()
  })

  it('offers to try again when the suggestions cannot be read', async () => {
    let failing = true
    stubTransactionApi(incoming(), { invoiceSuggestions: [reconcile] })
    const fake = globalThis.fetch
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      failing && String(input).includes('/invoice-suggestions')
        ? new Response(JSON.stringify({ message: 'Erreur', code: 'INTERNAL' }), { status: 500 })
        : fake(input, init),
    )
    await openDrawer()
    const block = await suggested()
    expect(block.getByText('Les factures suggérées n’ont pas pu être chargées.')).toBeTruthy()
    failing = false
    fireEvent.click(block.getByRole('button', { name: 'Réessayer' }))
    expect(await screen.findByRole('button', { name: 'Rapprocher de la facture F-2026-0001' })).toBeTruthy()
  })

  it('shows nothing when nothing fits, and asks nothing for money going out', async () => {
    const spy = stubTransactionApi(incoming())
    await openDrawer()
    await waitFor(() => expect(callsTo(spy, '/transactions/7/invoice-suggestions')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByLabelText('Chargement des factures suggérées')).toBeNull())
    expect(screen.queryByRole('region', { name: 'Factures suggérées' })).toBeNull()
    cleanup()

    const out = stubTransactionApi(transaction(), { invoiceSuggestions: [reconcile] })
    await openDrawer()
    expect(screen.queryByRole('region', { name: 'Factures suggérées' })).toBeNull()
    expect(callsTo(out, '/transactions/7/invoice-suggestions')).toHaveLength(0)
  })
})

describe('a line that pays invoices', () => {
  it('is categorised by its invoice in the drawer: no « À catégoriser », no category suggestion, a note', async () => {
    const spy = stubTransactionApi(incoming([paid(1, 'F-2026-0001')]), {
      invoiceSuggestions: [reconcile],
      suggestions: [
        { accountingEntry: { id: 20, code: '706000', name: 'Prestations de services' }, taxId: 1, source: 'history' },
      ],
    })
    await openDrawer()
    const split = within(screen.getByRole('region', { name: 'Ventilation' }))
    expect(
      split.getByText('Cette ligne paie la facture F-2026-0001 : elle est catégorisée par elle (compte client 411).'),
    ).toBeTruthy()
    expect(split.queryByText(allocationMessages.toCategorize)).toBeNull()
    expect(split.queryByRole('button', { name: 'Ajouter une ligne' })).toBeNull()
    expect(screen.queryByRole('group', { name: 'Suggestions' })).toBeNull()
    expect(screen.getByText('Facture F-2026-0001')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Factures suggérées' })).toBeNull()
    // Neither categories (a sale counted twice) nor invoices are asked for.
    expect(callsTo(spy, '/transactions/7/suggestions')).toHaveLength(0)
    expect(callsTo(spy, '/transactions/7/invoice-suggestions')).toHaveLength(0)
  })

  it('leaves the rest to categorise when its invoices take only part of it', async () => {
    stubTransactionApi(incoming([paid(1, 'F-2026-0001', '1000.00')]))
    await openDrawer()
    const split = within(screen.getByRole('region', { name: 'Ventilation' }))
    expect(split.queryByText(/compte client 411/)).toBeNull()
    expect(split.getByRole('button', { name: 'Catégorie' })).toBeTruthy()
  })

  it('names its invoices in the list where « À catégoriser » would be, and offers no category', async () => {
    const spy = stubApi([])
    const onOpen = vi.fn()
    renderPage(
      <TransactionRow
        transaction={incoming([paid(1, 'F-2026-0001', '700.00'), paid(2, 'F-2026-0002', '500.00')])}
        selected={false}
        onSelect={() => {}}
        onOpen={onOpen}
        onPickCategory={() => {}}
        onPickSuggestion={() => {}}
      />,
    )
    const category = screen.getByRole('button', {
      name: 'Catégorie de VIR SEPA ATELIER DUPONT : Factures F-2026-0001, F-2026-0002',
    })
    expect(screen.queryByText(allocationMessages.toCategorize)).toBeNull()
    fireEvent.click(category)
    expect(onOpen).toHaveBeenCalled()
    expect(screen.queryByRole('listbox')).toBeNull()
    expect(spy).not.toHaveBeenCalled()
  })
})
