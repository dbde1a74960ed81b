import { messages, RECEIPT_STATE_IDS } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage } from '../../../../components/test-utils'
import { receipt, stubReceiptsApi } from '../fakeReceiptsApi'
import { ReceiptsPage } from '../ReceiptsPage'
import { bankLine, stubReceiptMatches } from './fakeReceiptMatches'

const m = messages.receipts

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** Validated receipts: Orange's bill (12 € on 15 March), a lunch ticket (23,50 € on 2 March, no supplier). */
const bill = receipt({
  id: 1,
  name: 'facture-orange.pdf',
  stateId: RECEIPT_STATE_IDS.VALIDATED,
  contactId: 31,
  contact: { id: 31, name: 'Orange' },
  datedAt: '2026-03-15',
  taxExcluded: '10.00',
  taxIncluded: '12.00',
  createdAt: '2026-03-20T10:00:00Z',
})
const lunch = receipt({
  id: 2,
  name: 'ticket-repas.jpeg',
  stateId: RECEIPT_STATE_IDS.VALIDATED,
  datedAt: '2026-03-02',
  taxIncluded: '23.50',
  createdAt: '2026-03-03T10:00:00Z',
})
/** Unreadable: never offered, though a line of its amount and date exists. */
const unreadable = receipt({
  id: 3,
  name: 'scan-flou.png',
  stateId: RECEIPT_STATE_IDS.FAILED,
  datedAt: '2026-03-02',
  taxIncluded: '8.00',
  failure: 'Le fichier est illisible.',
  createdAt: '2026-03-02T10:00:00Z',
})
const lines = [
  bankLine({ id: 70, name: 'PRLV ORANGE', rawName: 'PRLV SEPA ORANGE SA', datedAt: '2026-03-17', amount: '-12.00' }),
  bankLine({ id: 71, name: 'Relais H', rawName: 'CB RELAIS H GARE', datedAt: '2026-03-03', amount: '-23.50' }),
  bankLine({ id: 72, name: 'Tabac', rawName: 'CB TABAC', datedAt: '2026-03-02', amount: '-8.00' }),
]

function open(receipts = [bill, lunch, unreadable]) {
  const server = stubReceiptsApi({ receipts })
  const spy = stubReceiptMatches(server.receipts, lines)
  renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts' })
  return spy
}

const suggestions = async () => within(await screen.findByRole('region', { name: m.suggestedMatches }))
const rowNames = (section: Pick<typeof screen, 'getAllByRole'>) =>
  section.getAllByRole('listitem').map((row) => row.getAttribute('aria-label'))

describe('Rapprochements suggérés, above the receipts list', () => {
  it('shows each receipt beside the bank line that may have paid it, best first, with why', async () => {
    open()
    const section = await suggestions()
    expect(section.getByRole('heading', { name: 'Rapprochements suggérés' })).toBeTruthy()
    expect(rowNames(section)).toEqual(['Orange ↔ PRLV ORANGE', 'ticket-repas.jpeg ↔ Relais H'])
    const orange = within(section.getByRole('listitem', { name: 'Orange ↔ PRLV ORANGE' }))
    expect(orange.getByText('15/03/2026')).toBeTruthy()
    expect(orange.getByText('12,00 €')).toBeTruthy()
    expect(orange.getByText('17/03/2026')).toBeTruthy()
    expect(orange.getByText('-12,00 €')).toBeTruthy()
    expect(orange.getByText("même montant, 2 jours d'écart, fournisseur ressemblant")).toBeTruthy()
    // Without a supplier, the file's name stands for the receipt.
    const lunchRow = within(section.getByRole('listitem', { name: 'ticket-repas.jpeg ↔ Relais H' }))
    expect(lunchRow.getByText("même montant, 1 jour d'écart")).toBeTruthy()
    // The list is still there below.
    expect(screen.getByRole('button', { name: 'scan-flou.png' })).toBeTruthy()
  })

  it('"Associer" attaches: the toast, the suggestion gone, the receipt associated in the list', async () => {
    const spy = open()
    const section = await suggestions()
    fireEvent.click(section.getByRole('button', { name: 'Associer Orange ↔ PRLV ORANGE' }))
    expect(await screen.findByText('Justificatif associé avec succès !')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/receipts/1/matches/70/confirm')).toHaveLength(1)
    await waitFor(() => expect(rowNames(section)).toEqual(['ticket-repas.jpeg ↔ Relais H']))
    const listed = screen.getByRole('button', { name: 'facture-orange.pdf' }).closest('li') as HTMLElement
    await waitFor(() => expect(within(listed).getByText(m.badgeAssociated)).toBeTruthy())
  })

  it('"Ce n\'est pas ça" removes the suggestion for good; the section goes with the last one', async () => {
    const spy = open()
    const section = await suggestions()
    fireEvent.click(section.getByRole('button', { name: "Ce n'est pas ça : ticket-repas.jpeg ↔ Relais H" }))
    await waitFor(() => expect(rowNames(section)).toEqual(['Orange ↔ PRLV ORANGE']))
    expect(bodiesSent(spy, 'POST', '/receipts/2/matches/71/decline')).toHaveLength(1)
    // Read again: it does not come back, and nothing was attached.
    await waitFor(() => expect(bodiesSent(spy, 'GET', '/receipt-matches').length).toBeGreaterThan(1))
    expect(rowNames(section)).toEqual(['Orange ↔ PRLV ORANGE'])
    expect(bodiesSent(spy, 'POST', '/receipts/2/matches/71/confirm')).toHaveLength(0)

    fireEvent.click(section.getByRole('button', { name: "Ce n'est pas ça : Orange ↔ PRLV ORANGE" }))
    await waitFor(() => expect(screen.queryByRole('region', { name: m.suggestedMatches })).toBeNull())
  })

  it('is absent when there is nothing to suggest', async () => {
    const spy = open([unreadable])
    await screen.findByRole('button', { name: 'scan-flou.png' })
    await waitFor(() => expect(bodiesSent(spy, 'GET', '/receipt-matches')).toHaveLength(1))
    expect(screen.queryByRole('region', { name: m.suggestedMatches })).toBeNull()
    expect(screen.queryByText('Rapprochements suggérés')).toBeNull()
  })
})
