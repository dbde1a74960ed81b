import { type CashClosing, type CashJournalVerification, cashJournalMessages } from '@app/domain'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fakeServer, jsonResponse, renderPage } from '../../../components/test-utils'
import { CashJournalPage } from './CashJournalPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const SIGNATURE = 'a'.repeat(64)

const intact: CashJournalVerification = {
  concerned: true,
  notConcernedReason: null,
  message: cashJournalMessages.intact,
  intact: true,
  entries: 3,
  lastSequence: 3,
  lastSignature: SIGNATURE,
  brokenLink: null,
}

const closing: CashClosing = {
  sequence: 4,
  period: 'DAY',
  from: '2026-11-24',
  to: '2026-11-24',
  recordedAt: '2026-11-25T00:01:00.000Z',
  entries: 3,
  rates: [
    { rate: '5.50', ht: '56.87', tva: '3.13', ttc: '60.00' },
    { rate: '20.00', ht: '100.00', tva: '20.00', ttc: '120.00' },
  ],
  total: { ht: '156.87', tva: '23.13', ttc: '180.00' },
  cashMovements: '0.00',
  perpetualTotal: '1180.00',
  signature: 'b'.repeat(64),
}

function stubJournal(verifications: CashJournalVerification[], closings: CashClosing[] = [closing]) {
  let call = 0
  return fakeServer([], ({ path }) => {
    if (path === '/cash-journal/verification') {
      const data = verifications[Math.min(call, verifications.length - 1)]
      call += 1
      return jsonResponse(200, { data })
    }
    if (path === '/cash-journal/closings')
      return jsonResponse(200, { data: closings, meta: { total: closings.length, page: 1, pageSize: 20 } })
    return jsonResponse(404, { message: 'Introuvable', code: 'NOT_FOUND' })
  })
}

describe('CashJournalPage', () => {
  it('shows the chain intact with its last signature, and the closings with their totals per VAT rate', async () => {
    stubJournal([intact])
    renderPage(<CashJournalPage />, { route: '/app/financial/cash-journal' })
    expect(await screen.findByText('Journal de caisse intact')).toBeTruthy()
    expect(screen.getByText('3 écritures vérifiées')).toBeTruthy()
    expect(screen.getByText(SIGNATURE)).toBeTruthy()
    const table = within(await screen.findByRole('table', { name: 'Clôtures' }))
    expect(table.getByText('Journalière · 24/11/2026')).toBeTruthy()
    expect(table.getByText(/^5,50 % : HT/).textContent).toContain('56,87')
    expect(table.getByText(/1\s180,00/)).toBeTruthy()
  })

  it('finds the first broken link when « Vérifier » walks the chain again', async () => {
    const broken: CashJournalVerification = {
      ...intact,
      intact: false,
      message: cashJournalMessages.broken,
      entries: 1,
      lastSequence: 1,
      brokenLink: {
        organizationId: 7,
        sequence: 2,
        recordedOn: '2026-11-24',
        expected: 'c'.repeat(64),
        stored: 'd'.repeat(64),
        reason: 'signature',
        message: cashJournalMessages.brokenReason.signature,
      },
    }
    stubJournal([intact, broken])
    renderPage(<CashJournalPage />, { route: '/app/financial/cash-journal' })
    await screen.findByText('Journal de caisse intact')
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }))
    const alert = within(await screen.findByRole('alert'))
    expect(screen.getByText('Journal de caisse altéré')).toBeTruthy()
    expect(alert.getByText(/Écriture n° 2 du 24\/11\/2026/)).toBeTruthy()
    expect(alert.getByText('c'.repeat(64))).toBeTruthy()
    expect(alert.getByText('d'.repeat(64))).toBeTruthy()
  })

  it('tells an organisation under the VAT franchise that it is not concerned, and shows nothing else', async () => {
    stubJournal([
      {
        ...intact,
        concerned: false,
        notConcernedReason: 'FRANCHISE',
        entries: 0,
        lastSequence: null,
        lastSignature: null,
      },
    ])
    renderPage(<CashJournalPage />, { route: '/app/financial/cash-journal' })
    expect(await screen.findByText(cashJournalMessages.notConcerned.FRANCHISE)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Vérifier' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Télécharger l’archive' })).toBeNull()
  })
})
