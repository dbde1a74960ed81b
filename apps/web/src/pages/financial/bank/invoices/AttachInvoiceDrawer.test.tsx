import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../../../components/test-utils'
import { invoiceListItem } from '../../../../test-support/documentFixtures'
import { AttachInvoiceDrawer } from './AttachInvoiceDrawer'
import { callsTo, linkOf, stubInvoiceLinksApi, transfer } from './fakeInvoiceLinksApi'
import { InvoicePayments } from './InvoicePayments'

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const pending = { id: 3, code: 'PENDING', name: 'En attente', color: 'orange' }
const late = { id: 4, code: 'LATE', name: 'En retard', color: 'red' }
const customer = (name: string) => ({ id: 7, name, contactTypeId: 1 })

/** Three invoices waiting for their payment; only F-2026-014 is of the transfer's 1 200,00 €, and it is the oldest. */
const recent = invoiceListItem({
  id: 21,
  reference: 'F-2026-021',
  amount: '480.00',
  datedAt: '2026-04-02',
  stateId: 3,
  state: pending,
  contact: customer('Atelier Lune'),
})
const older = invoiceListItem({
  id: 18,
  reference: 'F-2026-018',
  amount: '96.00',
  datedAt: '2026-03-20',
  stateId: 4,
  state: late,
  contact: customer('Boulangerie Vidal'),
})
const exact = invoiceListItem({
  id: 14,
  reference: 'F-2026-014',
  amount: '1200.00',
  datedAt: '2026-02-27',
  stateId: 3,
  state: pending,
  contact: customer('Dupont SARL'),
})

const drawer = async () => within(await screen.findByRole('dialog', { name: 'Rattacher une facture' }))
const open = (transaction = transfer()) =>
  renderPage(<AttachInvoiceDrawer transaction={transaction} opened onClose={() => {}} />)
const attachButton = (panel: Awaited<ReturnType<typeof drawer>>) => panel.getByRole('button', { name: /^Rattacher/ })
const rowNames = (panel: Awaited<ReturnType<typeof drawer>>) =>
  panel.getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))

describe('AttachInvoiceDrawer', () => {
  it('opens on the unpaid validated invoices, the one of the transfer’s amount first; attaching needs a choice', async () => {
    const spy = stubInvoiceLinksApi(transfer(), [recent, older, exact])
    open()
    const panel = await drawer()
    expect(panel.getByRole('tab', { name: 'Factures', selected: true })).toBeTruthy()
    expect(panel.getByRole('tab', { name: 'Factures rattachées' })).toBeTruthy()
    await panel.findByRole('listitem', { name: 'F-2026-014' })
    expect(rowNames(panel)).toEqual(['F-2026-014', 'F-2026-021', 'F-2026-018'])
    const first = within(panel.getByRole('listitem', { name: 'F-2026-014' }))
    expect(first.getByText('Même montant')).toBeTruthy()
    expect(first.getByText('1 200,00 €')).toBeTruthy()
    expect(within(panel.getByRole('listitem', { name: 'F-2026-021' })).queryByText('Même montant')).toBeNull()

    // Only validated invoices still waiting for their payment, never a credit note.
    const [query] = callsTo(spy, 'GET', '/invoices').map((call) => call.query)
    expect(query?.get('filter[state]')).toBe('VALIDATED,PENDING,LATE')
    expect(query?.get('filter[creditNote]')).toBe('false')

    expect(attachButton(panel)).toHaveProperty('disabled', true)
    fireEvent.click(panel.getByRole('checkbox', { name: 'Choisir F-2026-014' }))
    expect(attachButton(panel)).toHaveProperty('disabled', false)
    fireEvent.click(panel.getByRole('checkbox', { name: 'Choisir F-2026-014' }))
    expect(attachButton(panel)).toHaveProperty('disabled', true)
  })

  it('attaches every invoice ticked, says they are paid and shows them on the attached tab', async () => {
    // 1 296,00 €: enough for both.
    const spy = stubInvoiceLinksApi(transfer({ amount: '1296.00' }), [recent, older, exact])
    open(transfer({ amount: '1296.00' }))
    const panel = await drawer()
    fireEvent.click(await panel.findByRole('checkbox', { name: 'Choisir F-2026-014' }))
    fireEvent.click(panel.getByRole('checkbox', { name: 'Choisir F-2026-018' }))
    fireEvent.click(panel.getByRole('button', { name: 'Rattacher les 2 factures' }))

    expect(await screen.findByText('Facture rattachée : elle est marquée payée.')).toBeTruthy()
    expect(callsTo(spy, 'POST', '/transactions/40/invoices').map((call) => call.body)).toEqual([
      { invoiceId: 14 },
      { invoiceId: 18 },
    ])
    expect(panel.getByRole('tab', { name: 'Factures rattachées (2)', selected: true })).toBeTruthy()
    expect(rowNames(panel)).toEqual(['F-2026-014', 'F-2026-018'])
  })

  it('shows the server’s refusal and keeps the choice', async () => {
    stubInvoiceLinksApi(
      transfer(),
      [exact],
      [
        {
          method: 'POST',
          path: '/transactions/40/invoices',
          status: 422,
          body: { message: messages.transactions.invoiceNotPayable, code: 'INVOICE_NOT_PAYABLE' },
        },
      ],
    )
    open()
    const panel = await drawer()
    fireEvent.click(await panel.findByRole('checkbox', { name: 'Choisir F-2026-014' }))
    fireEvent.click(attachButton(panel))
    expect(await screen.findByText(messages.transactions.invoiceNotPayable)).toBeTruthy()
    expect(panel.getByRole('checkbox', { name: 'Choisir F-2026-014' })).toHaveProperty('checked', true)
    expect(panel.getByRole('tab', { name: 'Factures', selected: true })).toBeTruthy()
  })

  it('opens on the invoices already attached and detaches one, down to the empty state', async () => {
    const spy = stubInvoiceLinksApi(transfer({ invoices: [linkOf(exact)] }), [recent])
    open(transfer({ invoices: [linkOf(exact)] }))
    const panel = await drawer()
    expect(panel.getByRole('tab', { name: 'Factures rattachées (1)', selected: true })).toBeTruthy()
    const row = within(panel.getByRole('listitem', { name: 'F-2026-014' }))
    expect(row.getByText('Dupont SARL · 27/02/2026')).toBeTruthy()
    fireEvent.click(row.getByRole('button', { name: 'Détacher F-2026-014' }))
    expect(await panel.findByText('Il n’y a aucune facture associée')).toBeTruthy()
    expect(callsTo(spy, 'DELETE', '/transactions/40/invoices/14')).toHaveLength(1)
    // The attached tab has no attach button.
    expect(panel.queryByRole('button', { name: /^Rattacher/ })).toBeNull()
  })

  it('offers what is left of an invoice paid in part, and leaves out one its transfers paid in full', async () => {
    const halfPaid = invoiceListItem({
      ...exact,
      id: 15,
      reference: 'F-2026-015',
      transactions: [{ amount: '500.00', datedAt: '2026-03-10' }],
    })
    const paidByTransfers = invoiceListItem({
      ...recent,
      id: 22,
      reference: 'F-2026-022',
      transactions: [
        { amount: '300.00', datedAt: '2026-04-03' },
        { amount: '180.00', datedAt: '2026-04-05' },
      ],
    })
    stubInvoiceLinksApi(transfer({ amount: '700.00' }), [recent, halfPaid, paidByTransfers, exact])
    open(transfer({ amount: '700.00' }))
    const panel = await drawer()
    await panel.findByRole('listitem', { name: 'F-2026-015' })
    // Its 700,00 € left is the transfer's amount: it comes first.
    expect(rowNames(panel)).toEqual(['F-2026-015', 'F-2026-021', 'F-2026-014'])
    const row = within(panel.getByRole('listitem', { name: 'F-2026-015' }))
    expect(row.getByText('1 200,00 €')).toBeTruthy()
    expect(row.getByText('Reste à payer : 700,00 €')).toBeTruthy()
    expect(row.getByText('Même montant')).toBeTruthy()
    expect(within(panel.getByRole('listitem', { name: 'F-2026-014' })).queryByText(/Reste à payer/)).toBeNull()

    // 700 € for the 1 200 € left of another: it waits for the rest.
    fireEvent.click(panel.getByRole('checkbox', { name: 'Choisir F-2026-014' }))
    fireEvent.click(attachButton(panel))
    expect(await screen.findByText(messages.transactions.invoiceAttachedInPart)).toBeTruthy()
  })

  it('offers at the top the invoice paid by hand that waits for this line, left out of the list, and reconciles it in one click', async () => {
    const waiting = {
      kind: 'reconcile' as const,
      reasons: ['Paiement de 1 200,00 € enregistré le 02/04/2026 (virement)'],
      invoices: [
        { id: 30, reference: 'F-2026-030', customerName: 'Dupont SARL', datedAt: '2026-03-30', leftToPay: '0.00' },
      ],
    }
    const spy = stubInvoiceLinksApi(transfer(), [recent, exact], [], [waiting])
    open()
    const panel = await drawer()
    const suggestions = within(await panel.findByRole('region', { name: 'Factures suggérées' }))
    expect(suggestions.getByText('Paiement de 1 200,00 € enregistré le 02/04/2026 (virement)')).toBeTruthy()
    // The search list stays as it is, without the paid invoice.
    await panel.findByRole('listitem', { name: 'F-2026-014' })
    expect(panel.queryByRole('listitem', { name: 'F-2026-030' })).toBeNull()

    fireEvent.click(suggestions.getByRole('button', { name: 'Rapprocher de la facture F-2026-030' }))
    expect(await screen.findByText(messages.transactions.invoiceAttached)).toBeTruthy()
    expect(callsTo(spy, 'POST', '/transactions/40/invoices').map((call) => call.body)).toEqual([{ invoiceId: 30 }])
    expect(await panel.findByRole('tab', { name: 'Factures rattachées (1)', selected: true })).toBeTruthy()
    expect(panel.getByRole('listitem', { name: 'F-2026-030' })).toBeTruthy()
  })

  it('searches the invoices by what is typed', async () => {
    const spy = stubInvoiceLinksApi(transfer(), [recent, older, exact])
    open()
    const panel = await drawer()
    await panel.findByRole('listitem', { name: 'F-2026-021' })
    fireEvent.change(panel.getByRole('textbox', { name: 'Rechercher une facture' }), { target: { value: '018' } })
    await waitFor(() => expect(rowNames(panel)).toEqual(['F-2026-018']))
    expect(callsTo(spy, 'GET', '/invoices').some((call) => call.query.get('search') === '018')).toBe(true)
  })

  it('offers no invoice to money going out', async () => {
    const spy = stubInvoiceLinksApi(transfer({ amount: '-54.90' }), [exact])
    open(transfer({ amount: '-54.90' }))
    const panel = await drawer()
    expect(panel.getByText(messages.transactions.invoiceNeedsCredit)).toBeTruthy()
    expect(callsTo(spy, 'GET', '/invoices')).toHaveLength(0)
  })
})

describe('InvoicePayments', () => {
  it('lists the transfers that paid the invoice, each a link to its transaction', async () => {
    stubApi([
      {
        path: '/invoices/14/transactions',
        body: {
          data: [
            { id: 40, name: 'VIR DUPONT SARL', datedAt: '2026-04-09', amount: '1200.00', journalName: 'Compte pro' },
          ],
        },
      },
    ])
    renderPage(<InvoicePayments invoiceId={14} />)
    const section = within(await screen.findByRole('region', { name: 'Encaissements' }))
    expect(section.getByRole('link', { name: 'VIR DUPONT SARL' }).getAttribute('href')).toBe(
      '/app/financial/bank/40/show',
    )
    expect(section.getByText('09/04/2026 · Compte pro')).toBeTruthy()
    expect(section.getByText('1 200,00 €')).toBeTruthy()
  })

  it('says what is left to pay of an invoice its transfers paid in part', async () => {
    stubApi([
      {
        path: '/invoices/14/transactions',
        body: {
          data: [
            { id: 40, name: 'VIR DUPONT ACOMPTE', datedAt: '2026-04-09', amount: '500.00', journalName: 'Compte pro' },
          ],
        },
      },
    ])
    renderPage(<InvoicePayments invoiceId={14} leftToPay="700.00" />)
    const section = within(await screen.findByRole('region', { name: 'Encaissements' }))
    expect(section.getByText('500,00 €')).toBeTruthy()
    expect(section.getByText('Reste à payer : 700,00 €')).toBeTruthy()
  })

  it('shows nothing for an invoice no transfer paid', async () => {
    const spy = stubApi([{ path: '/invoices/14/transactions', body: { data: [] } }])
    renderPage(<InvoicePayments invoiceId={14} />)
    await waitFor(() => expect(spy).toHaveBeenCalled())
    // The answer has been read once the fetch's promise chain has run.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('region', { name: 'Encaissements' })).toBeNull()
    expect(screen.queryByText('Encaissements')).toBeNull()
  })
})
