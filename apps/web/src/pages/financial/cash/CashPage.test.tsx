import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, whereIs } from '../../../components/test-utils'
import { cashOperation, stubCashApi } from '../../../test-support/fakeCashApi'
import { allocation, CATEGORIES } from '../../../test-support/fakeTransactionsApi'
import { CashPage } from './CashPage'

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const float = cashOperation({
  id: 51,
  name: 'Fond de caisse',
  datedAt: '2026-02-27',
  amount: '100.00',
  transactionAllocations: [{ ...allocation(CATEGORIES.holding, '100.00', 301), name: 'Entrée' }],
})
const stamps = cashOperation()

const balanceBlock = () => within(screen.getByRole('region', { name: 'Solde de la caisse' }))

describe('CashPage', () => {
  it('shows the cash balance at the top and the movements grouped by month, exits in red', async () => {
    stubCashApi({ operations: [stamps, float] })
    renderPage(<CashPage />, { route: '/app/financial/cash' })
    const march = await screen.findByRole('region', { name: 'Mars 2026' })
    const february = screen.getByRole('region', { name: 'Février 2026' })
    expect(march.compareDocumentPosition(february) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Caisse' })).toBeTruthy()
    expect(screen.getByLabelText('2 au total')).toBeTruthy()
    expect(within(march).getByText('-12,00 €')).toBeTruthy()
    expect(within(march).getByText('mardi 3 mars · Sortie · Frais postaux et de télécommunications')).toBeTruthy()
    expect(within(february).getByText('100,00 €')).toBeTruthy()
    expect(balanceBlock().getByText('88,00 €')).toBeTruthy()
    expect(balanceBlock().queryByRole('alert')).toBeNull()
  })

  it('says so in red when the balance is below zero', async () => {
    stubCashApi({ operations: [stamps] })
    renderPage(<CashPage />, { route: '/app/financial/cash' })
    const alert = await within(await screen.findByRole('region', { name: 'Solde de la caisse' })).findByRole('alert')
    expect(alert.textContent).toBe('Attention : le solde de ta caisse devient négatif (-12,00\u00a0€).')
  })

  it('opens a movement, and "Nouveau mouvement" leads to the form', async () => {
    stubCashApi({ operations: [stamps] })
    const { router } = renderPage(<CashPage />, { route: '/app/financial/cash' })
    fireEvent.click(await screen.findByRole('button', { name: 'Ouvrir Timbres' }))
    expect(whereIs(router)).toBe('/app/financial/cash/50')
    cleanup()
    stubCashApi({ operations: [] })
    renderPage(<CashPage />, { route: '/app/financial/cash' })
    expect(await screen.findByText(messages.cash.empty)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Nouveau mouvement' }).getAttribute('href')).toBe('/app/financial/cash/new')
  })
})
