import type { InvoiceDto, InvoiceListItemDto, InvoicePaymentDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Route, renderPage, stubApi } from '../../components/test-utils'
import { bodiesOf, invoice, invoiceListItem, line, me, rowMenu } from '../../test-support/documentFixtures'
import { InvoicesPage } from './InvoicesPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const PENDING = { id: 3, code: 'PENDING', name: 'En attente', color: 'yellow' }

const item: InvoiceListItemDto = invoiceListItem({
  id: 11,
  name: 'Refonte',
  reference: 'F-2026-0001',
  datedAt: '2026-02-10',
  state: PENDING,
  stateId: 3,
  contactId: 3,
  contact: { id: 3, name: 'Atelier Dupont', contactTypeId: 1 },
  amount: '1440.00',
  totalTaxExcluded: '1200.00',
  totalTaxes: '240.00',
  totalTaxIncluded: '1440.00',
})

/** A transfer imported from the bank and attached to the invoice: its bank line is the payment. */
const byBank: InvoicePaymentDto = {
  id: null,
  paidAt: '2026-03-10',
  amount: '300.00',
  method: 'TRANSFER',
  transactionId: 40,
  reconciled: true,
}
/** A cheque recorded by hand, waiting for its bank line. */
const byHand: InvoicePaymentDto = {
  id: 7,
  paidAt: '2026-03-20',
  amount: '200.00',
  method: 'CHEQUE',
  transactionId: null,
  reconciled: false,
}

const full = (over: Partial<InvoiceDto> = {}): InvoiceDto =>
  invoice({
    ...item,
    lines: [line(1, 0, { amount: '1200', totalTaxExcluded: '1200.00' })],
    remainingToCredit: '1440.00',
    remainingToPay: '1440.00',
    ...over,
  })

const routes = (detail: InvoiceDto, extra: Route[] = []): Route[] => [
  ...extra,
  { path: '/me', body: me({ preferences: { display: { invoices: 'list' }, pageSize: 25 } }) },
  { path: '/invoices', body: { data: [item], meta: { total: 1, page: 1, pageSize: 25 } } },
  { path: '/invoices/summary', body: { data: null } },
  { path: '/invoice-states', body: { data: [PENDING] } },
  { path: '/invoices/11', body: { data: detail } },
  { path: '/invoices/11/comments', body: { data: [] } },
]

const openDrawer = () => renderPage(<InvoicesPage />, { route: '/app/sales/invoices?open=11' })
const paymentsSection = async () => within(await screen.findByRole('region', { name: 'Paiements' }))

/** Types a date in a French date field ("20/05/2026") and leaves it, as a person would. */
function typeDate(field: HTMLElement, value: string) {
  fireEvent.focus(field)
  fireEvent.change(field, { target: { value } })
  fireEvent.blur(field)
}

async function chooseMethod(label: string) {
  fireEvent.click(screen.getByRole('combobox', { name: 'Moyen de paiement' }))
  fireEvent.click(await screen.findByRole('option', { name: label }))
}

const recordDialog = async () => within(await screen.findByRole('dialog', { name: 'Enregistrer un paiement' }))

describe('the payments of an invoice, in its details', () => {
  it('lists each payment with its date, means, amount and whether its bank line carries it, then what is left', async () => {
    const transfer = {
      id: 40,
      name: 'VIR ATELIER DUPONT',
      datedAt: '2026-03-10',
      amount: '300.00',
      journalName: 'Banque',
    }
    stubApi(
      routes(full({ payments: [byBank, byHand], remainingToPay: '940.00' }), [
        { path: '/invoices/11/transactions', body: { data: [transfer] } },
      ]),
    )
    openDrawer()
    const section = await paymentsSection()
    const bank = within(section.getByRole('listitem', { name: 'Paiement du 10/03/2026' }))
    expect(bank.getByText('10/03/2026 · Virement')).toBeTruthy()
    expect(bank.getByText('300,00 €')).toBeTruthy()
    expect(bank.getByText('Rapprochée')).toBeTruthy()
    // The way back to the bank line, named after it.
    expect((await bank.findByRole('link', { name: 'VIR ATELIER DUPONT' })).getAttribute('href')).toBe(
      '/app/financial/bank/40/show',
    )
    const hand = within(section.getByRole('listitem', { name: 'Paiement du 20/03/2026' }))
    expect(hand.getByText('20/03/2026 · Chèque')).toBeTruthy()
    expect(hand.getByText('200,00 €')).toBeTruthy()
    expect(hand.getByText('En attente de sa ligne bancaire')).toBeTruthy()
    expect(section.getByText('Reste à payer')).toBeTruthy()
    expect(section.getByText('940,00 €')).toBeTruthy()
    expect(section.getByRole('button', { name: 'Enregistrer un paiement' })).toBeTruthy()
  })

  it('says there is no payment yet, and offers none to record once nothing is left to pay', async () => {
    stubApi(routes(full()))
    openDrawer()
    expect((await paymentsSection()).getByText('Aucun paiement pour le moment.')).toBeTruthy()
    cleanup()
    stubApi(routes(full({ payments: [{ ...byHand, amount: '1440.00' }], remainingToPay: '0.00' })))
    openDrawer()
    const section = await paymentsSection()
    expect(section.getByText('0,00 €')).toBeTruthy()
    expect(section.queryByRole('button', { name: 'Enregistrer un paiement' })).toBeNull()
  })

  it('records a partial payment: posts {paidAt, amount, method}, says "Paiement enregistré." and closes', async () => {
    const spy = stubApi(
      routes(full(), [
        {
          method: 'POST',
          path: '/invoices/11/payments',
          status: 201,
          body: { data: full({ payments: [{ ...byHand, amount: '500.00' }], remainingToPay: '940.00' }) },
        },
      ]),
    )
    openDrawer()
    fireEvent.click((await paymentsSection()).getByRole('button', { name: 'Enregistrer un paiement' }))
    const dialog = await recordDialog()
    expect(dialog.getByText('Reste à payer : 1 440,00 €')).toBeTruthy()
    const amount = dialog.getByRole('textbox', { name: 'Montant' }) as HTMLInputElement
    expect(amount.value).toBe('1440,00')
    expect((dialog.getByRole('combobox', { name: 'Moyen de paiement' }) as HTMLInputElement).value).toBe('Virement')
    typeDate(dialog.getByRole('textbox', { name: 'Date de paiement' }), '20/05/2026')
    fireEvent.change(amount, { target: { value: '500' } })
    await chooseMethod('Chèque')
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Paiement enregistré.')).toBeTruthy()
    expect(bodiesOf(spy, 'POST', '/invoices/11/payments')).toEqual([
      { paidAt: '2026-05-20', amount: '500.00', method: 'CHEQUE' },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Enregistrer un paiement' })).toBeNull())
  })

  it('is reached from the row menu too, and checks the amount before sending it', async () => {
    const spy = stubApi(routes(full({ remainingToPay: '700.00' })))
    renderPage(<InvoicesPage />)
    expect(await rowMenu('Refonte')).toContain('Enregistrer un paiement')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Enregistrer un paiement' }))
    const dialog = await recordDialog()
    fireEvent.change(dialog.getByRole('textbox', { name: 'Montant' }), { target: { value: '800' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    expect(await dialog.findByText('Le montant ne peut pas dépasser ce qui reste à payer (700,00 €).')).toBeTruthy()
    fireEvent.change(dialog.getByRole('textbox', { name: 'Montant' }), { target: { value: '0' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    expect(await dialog.findByText('Le montant doit être supérieur à 0')).toBeTruthy()
    expect(bodiesOf(spy, 'POST', '/invoices/11/payments')).toEqual([])
  })

  it("shows the server's 422 under its field and keeps what was typed", async () => {
    const spy = stubApi(
      routes(full(), [
        {
          method: 'POST',
          path: '/invoices/11/payments',
          status: 422,
          body: {
            message: 'Données invalides',
            code: 'VALIDATION',
            errors: { amount: ['Le montant ne peut pas dépasser ce qui reste à payer (700,00 €).'] },
          },
        },
      ]),
    )
    openDrawer()
    fireEvent.click((await paymentsSection()).getByRole('button', { name: 'Enregistrer un paiement' }))
    const dialog = await recordDialog()
    typeDate(dialog.getByRole('textbox', { name: 'Date de paiement' }), '20/05/2026')
    fireEvent.change(dialog.getByRole('textbox', { name: 'Montant' }), { target: { value: '900' } })
    await chooseMethod('Espèces')
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    const amount = dialog.getByRole('textbox', { name: 'Montant' }) as HTMLInputElement
    const error = await dialog.findByText('Le montant ne peut pas dépasser ce qui reste à payer (700,00 €).')
    expect(amount.getAttribute('aria-describedby')).toContain(error.id)
    expect(amount.value).toBe('900')
    expect((dialog.getByRole('textbox', { name: 'Date de paiement' }) as HTMLInputElement).value).toBe('20/05/2026')
    expect((dialog.getByRole('combobox', { name: 'Moyen de paiement' }) as HTMLInputElement).value).toBe('Espèces')
    expect(bodiesOf(spy, 'POST', '/invoices/11/payments')).toEqual([
      { paidAt: '2026-05-20', amount: '900.00', method: 'CASH' },
    ])
    expect(screen.queryByText('Paiement enregistré.')).toBeNull()
  })

  it('asks before removing a payment recorded by hand, then sends DELETE; a reconciled one cannot be removed', async () => {
    const spy = stubApi(
      routes(full({ payments: [byBank, byHand], remainingToPay: '940.00' }), [
        {
          method: 'DELETE',
          path: '/invoices/11/payments/7',
          body: { data: full({ payments: [byBank], remainingToPay: '1140.00' }) },
        },
      ]),
    )
    openDrawer()
    const section = await paymentsSection()
    expect(section.queryByRole('button', { name: 'Supprimer le paiement du 10/03/2026' })).toBeNull()
    fireEvent.click(section.getByRole('button', { name: 'Supprimer le paiement du 20/03/2026' }))
    const confirm = within(await screen.findByRole('dialog', { name: 'Supprimer le paiement du 20/03/2026 ?' }))
    expect(confirm.getByText(/Le paiement de 200,00 € \(Chèque\) sera retiré de la facture/)).toBeTruthy()
    expect(bodiesOf(spy, 'DELETE', '/invoices/11/payments/7')).toEqual([])
    fireEvent.click(confirm.getByRole('button', { name: 'Supprimer' }))
    expect(await screen.findByText('Paiement supprimé.')).toBeTruthy()
    expect(bodiesOf(spy, 'DELETE', '/invoices/11/payments/7')).toHaveLength(1)
  })

  it('"Marquer comme payée" says what it records and sends the means chosen', async () => {
    const spy = stubApi(
      routes(full({ payments: [byHand], remainingToPay: '1240.00' }), [
        { method: 'POST', path: '/invoices/11/mark-as-paid', body: { data: full() } },
      ]),
    )
    renderPage(<InvoicesPage />)
    await rowMenu('Refonte')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Marquer comme payée' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Marquer comme payée' }))
    expect(dialog.getByText('Un paiement de 1 240,00 €, tout ce qui reste à payer, sera enregistré.')).toBeTruthy()
    typeDate(dialog.getByRole('textbox', { name: 'Date de paiement' }), '01/03/2026')
    await chooseMethod('Carte')
    fireEvent.click(dialog.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() =>
      expect(bodiesOf(spy, 'POST', '/invoices/11/mark-as-paid')).toEqual([
        { paymentDateAt: '2026-03-01', method: 'CARD' },
      ]),
    )
  })
})
