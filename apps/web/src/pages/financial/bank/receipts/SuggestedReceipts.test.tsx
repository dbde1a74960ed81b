import { messages, RECEIPT_STATE_IDS } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  bodiesSent,
  receipt,
  receiptLink,
  stubTransactionApi,
  transaction,
} from '../../../../test-support/fakeTransactionApi'
import { openDrawer } from '../detail/testHelpers'

const m = messages.receipts

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

/** Transaction 7 is a card payment of -120,00 € at Bureau Vallée on 12 March 2026. */
const sameDay = receipt({ id: 501 })
/** Same amount, three days later, another supplier: offered after the first. */
const other = receipt({
  id: 502,
  name: 'ticket-librairie.pdf',
  contactId: 12,
  contact: { id: 12, name: 'Librairie Martin' },
  datedAt: '2026-03-09',
  reference: null,
})
/** Of another amount, or unreadable, or already justifying another line: never offered. */
const otherAmount = receipt({ id: 503, name: 'sncf.pdf', contact: null, taxIncluded: '48.50', taxExcluded: null })
const unreadable = receipt({ id: 504, name: 'scan.png', contact: null, stateId: RECEIPT_STATE_IDS.FAILED })
const elsewhere = receipt({
  id: 505,
  name: 'autre.pdf',
  contact: null,
  transactions: [{ id: 9, name: 'Autre', datedAt: '2026-03-12', amount: '-120.00', journalId: 1 }],
})
const library = [sameDay, other, otherAmount, unreadable, elsewhere]

const receiptsPanel = () => within(screen.getByRole('region', { name: 'Justificatifs' }))
const suggested = async () => within(await screen.findByRole('region', { name: m.suggestedReceipts }))
const rowNames = (section: Pick<typeof screen, 'getAllByRole'>) =>
  section.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))

describe('Justificatifs suggérés, in a transaction’s receipts panel', () => {
  it('offers the receipts that may justify the transaction, best first, with why', async () => {
    stubTransactionApi(transaction(), { receipts: library })
    await openDrawer()
    const section = await suggested()
    expect(section.getByRole('heading', { name: 'Justificatifs suggérés' })).toBeTruthy()
    expect(rowNames(section)).toEqual(['Bureau Vallée', 'Librairie Martin'])
    const best = within(section.getByRole('listitem', { name: 'Bureau Vallée' }))
    expect(best.getByText('12/03/2026')).toBeTruthy()
    expect(best.getByText('120,00 €')).toBeTruthy()
    expect(best.getByText('même montant, payé par carte le jour du ticket, fournisseur ressemblant')).toBeTruthy()
    const second = within(section.getByRole('listitem', { name: 'Librairie Martin' }))
    expect(second.getByText("même montant, 3 jours d'écart")).toBeTruthy()
    // Still said: nothing is attached yet.
    expect(receiptsPanel().getByText('Il n’y a aucun justificatif associé.')).toBeTruthy()
  })

  it('"Associer" attaches the receipt: the toast, the receipt in the panel, the no-receipt flag gone', async () => {
    const spy = stubTransactionApi(transaction({ hasNoReceipt: true }), { receipts: library })
    await openDrawer()
    const section = await suggested()
    fireEvent.click(section.getByRole('button', { name: 'Associer Bureau Vallée' }))
    expect(await screen.findByText('Justificatif associé avec succès !')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/receipts/501/matches/7/confirm')).toHaveLength(1)
    const panel = receiptsPanel()
    expect(await panel.findByRole('listitem', { name: 'facture-bureau-vallee.pdf' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: m.suggestedReceipts })).toBeNull()
    expect(await screen.findByRole('button', { name: "Je n'ai pas de justificatif" })).toBeTruthy()
  })

  it('"Ce n\'est pas ça" removes the suggestion, and it does not come back', async () => {
    const spy = stubTransactionApi(transaction(), { receipts: library })
    await openDrawer()
    const section = await suggested()
    fireEvent.click(section.getByRole('button', { name: "Ce n'est pas ça : Bureau Vallée" }))
    await waitFor(() => expect(rowNames(section)).toEqual(['Librairie Martin']))
    expect(bodiesSent(spy, 'POST', '/receipts/501/matches/7/decline')).toHaveLength(1)
    await waitFor(() => expect(bodiesSent(spy, 'GET', '/transactions/7/receipt-matches').length).toBeGreaterThan(1))
    expect(rowNames(section)).toEqual(['Librairie Martin'])
    expect(bodiesSent(spy, 'POST', '/receipts/501/matches/7/confirm')).toHaveLength(0)
  })

  it('asks nothing for a transaction that has a receipt, nor for money coming in', async () => {
    const justified = stubTransactionApi(transaction({ receipts: [receiptLink(other)] }), { receipts: library })
    await openDrawer()
    expect(receiptsPanel().getByRole('listitem', { name: 'ticket-librairie.pdf' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: m.suggestedReceipts })).toBeNull()
    expect(bodiesSent(justified, 'GET', '/transactions/7/receipt-matches')).toHaveLength(0)
    cleanup()
    const income = stubTransactionApi(transaction({ amount: '120.00' }), { receipts: library })
    await openDrawer()
    expect(screen.queryByRole('region', { name: m.suggestedReceipts })).toBeNull()
    expect(bodiesSent(income, 'GET', '/transactions/7/receipt-matches')).toHaveLength(0)
  })
})
