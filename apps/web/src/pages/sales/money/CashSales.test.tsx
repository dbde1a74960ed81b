import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage, whereIs } from '../../../components/test-utils'
import { CASH_ACCOUNT, cashOperation, stubCashApi } from '../../../test-support/fakeCashApi'
import { CATEGORIES } from '../../../test-support/fakeTransactionsApi'
import { pickCategory, typeAndLeave } from '../../../test-support/lineHelpers'
import { CashSalePage } from './CashSalePage'
import { CashSalesPage } from './CashSalesPage'

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const line = (position: number) => within(screen.getByRole('group', { name: `Ligne ${position}` }))
const GAP =
  "Vérifie les montants — Le total de la ventilation n'est pas égal au montant de la transaction : écart +10,00 €"

describe('cash sales', () => {
  it('records the takings: a sale line and a receipt line whose totals must match, named after the day', async () => {
    const spy = stubCashApi({ canSellCash: true })
    const { router } = renderPage(<CashSalePage />, { route: '/app/sales/money/new' })
    expect(await screen.findByRole('heading', { name: messages.cashSales.newSale })).toBeTruthy()
    const name = screen.getByRole('textbox', { name: 'Libellé' }) as HTMLInputElement
    expect(name.placeholder).toMatch(/^Ventes au comptant du \d{2}\/\d{2}\/\d{4}$/)
    expect(line(1).getByRole('combobox', { name: 'Type' })).toHaveProperty('value', 'Vente')
    expect(line(2).getByRole('combobox', { name: 'Type' })).toHaveProperty('value', 'Encaissement')

    typeAndLeave(line(1).getByRole('textbox', { name: 'Montant' }), '-60')
    expect(line(1).getByRole('textbox', { name: 'Montant' })).toHaveProperty('value', '60')
    typeAndLeave(line(2).getByRole('textbox', { name: 'Montant' }), '50')
    expect(screen.getByRole('alert').textContent).toBe(GAP.replace(' €', '\u00a0€'))
    typeAndLeave(line(2).getByRole('textbox', { name: 'Montant' }), '60')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.getByText('Total des ventes : 60,00 €')).toBeTruthy()

    await pickCategory(line(1), CATEGORIES.sales.name)
    // A receipt line is offered treasury accounts only.
    await waitFor(() =>
      expect((line(2).getByRole('button', { name: 'Catégorie' }) as HTMLButtonElement).disabled).toBe(false),
    )
    fireEvent.click(line(2).getByRole('button', { name: 'Catégorie' }))
    expect(screen.queryByRole('option', { name: CATEGORIES.sales.name })).toBeNull()
    fireEvent.click(screen.getByRole('option', { name: CASH_ACCOUNT.name }))

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(bodiesSent(spy, 'POST', '/cash-sales')).toHaveLength(1))
    expect(bodiesSent(spy, 'POST', '/cash-sales')[0]).toMatchObject({
      name: null,
      allocations: [
        { name: 'Vente', amount: '60', accountingEntryId: CATEGORIES.sales.id },
        { name: 'Encaissement', amount: '60', accountingEntryId: CASH_ACCOUNT.id },
      ],
    })
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/money/101'))
  })

  it('leaves without asking once « Enregistrer » is pressed, while the lists refresh after the save', async () => {
    const spy = stubCashApi({ canSellCash: true })
    const answer = spy.getMockImplementation()
    let patched = false
    // After the PATCH, the refresh of the lists never answers: the save is done, its follow-up still running.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === 'PATCH') patched = true
        else if (patched) return new Promise<Response>(() => {})
        return (answer as NonNullable<typeof answer>)(input, init)
      }),
    )
    const { router } = renderPage(<CashSalePage />, { route: '/app/sales/money/new' })
    typeAndLeave(await line(1).findByRole('textbox', { name: 'Montant' }), '60')
    typeAndLeave(line(2).getByRole('textbox', { name: 'Montant' }), '60')
    await pickCategory(line(1), CATEGORIES.sales.name)
    await waitFor(() =>
      expect((line(2).getByRole('button', { name: 'Catégorie' }) as HTMLButtonElement).disabled).toBe(false),
    )
    fireEvent.click(line(2).getByRole('button', { name: 'Catégorie' }))
    fireEvent.click(screen.getByRole('option', { name: CASH_ACCOUNT.name }))
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/money/101'))

    // The saved sale's page (its delete button) before typing, as a user sees it.
    await screen.findByRole('button', { name: 'Supprimer' })
    fireEvent.change(screen.getByRole('textbox', { name: 'Libellé' }), { target: { value: 'Marché du samedi' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(patched).toBe(true))
    fireEvent.click(screen.getByRole('link', { name: 'Retour à la liste' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/money'))
    expect(screen.queryByRole('dialog', { name: messages.generic.leaveGuard })).toBeNull()
  })

  it('lists the sales by month, with "Nouvelle vente au comptant" for an organisation that sells over the counter', async () => {
    const sale = cashOperation({
      id: 60,
      name: 'Ventes au comptant du 03/03/2026',
      amount: '60.00',
      journal: { id: 10, name: 'Ventes au comptant', code: 'ES1', journalTypeCode: 'ES' },
    })
    stubCashApi({ sales: [sale], canSellCash: true })
    renderPage(<CashSalesPage />, { route: '/app/sales/money' })
    const march = await screen.findByRole('region', { name: 'Mars 2026' })
    expect(within(march).getByRole('button', { name: 'Ouvrir Ventes au comptant du 03/03/2026' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Nouvelle vente au comptant' }).getAttribute('href')).toBe(
      '/app/sales/money/new',
    )
  })

  it('tells an organisation that does not sell over the counter, without a button to record one', async () => {
    stubCashApi({ canSellCash: false })
    renderPage(<CashSalesPage />, { route: '/app/sales/money' })
    expect(await screen.findByText(messages.cashSales.notAllowed)).toBeTruthy()
    expect(await screen.findByText(messages.cashSales.empty)).toBeTruthy()
    expect(screen.queryByRole('link', { name: 'Nouvelle vente au comptant' })).toBeNull()
  })
})
