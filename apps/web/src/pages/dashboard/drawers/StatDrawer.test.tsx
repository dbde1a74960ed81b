import type { OrganizationDto } from '@app/domain'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../../components/test-utils'
import { Cards } from '../blocks/Cards'

const organization = { isTaxFree: false, currentUserRole: { id: 1, code: 'owner' } } as unknown as OrganizationDto
const period = { from: '2026-09-01', to: '2026-11-24' }
type Month = [date: string, label: string, value: string]
const month = ([date, label, value]: Month) => ({ date, label, value })
const figure = (total: string, months: Month[]) => ({
  from: period.from,
  to: period.to,
  total,
  currentMonth: month(months.at(-1) as Month),
  previousMonth: month(months.at(-2) as Month),
  trend: 'up',
  byMonth: months.map(month),
})
const result = figure('1450.00', [
  ['2026-09', 'septembre 2026', '0.00'],
  ['2026-10', 'octobre 2026', '500.00'],
  ['2026-11', 'novembre 2026', '950.00'],
])

function stub(connections: unknown[]) {
  return stubApi([
    {
      path: '/bank-connections',
      body: { data: connections, meta: { total: connections.length, page: 1, pageSize: 25 } },
    },
    {
      path: '/dashboard/activity',
      body: {
        data: {
          ...period,
          activityByMonth: [],
          summary: { income: result, expenses: result, result, treasury: result },
        },
      },
    },
    { path: '/dashboard/expenses', body: { data: result } },
    { path: '/dashboard/gains', body: { data: result } },
    { path: '/dashboard/taxes', body: { data: result } },
    {
      path: '/dashboard/partners',
      body: {
        data: {
          at: period.to,
          total: '2500.00',
          accounts: [{ journalId: 4, name: 'Alix Martin', accountCode: '4551', balance: '2500.00' }],
        },
      },
    },
    { path: '/dashboard/quotes', body: { data: { sent: { count: 0, sum: '0.00' }, total: 0 } } },
    {
      path: '/dashboard/invoices',
      body: {
        data: {
          paid: { count: 0, sum: '0.00' },
          pending: { count: 0, sum: '0.00' },
          late: { count: 0, sum: '0.00' },
          owed: '0.00',
          total: 0,
        },
      },
    },
    { path: '/transactions/to-categorize/count', body: { data: { count: 1 } } },
    {
      path: '/transactions',
      body: {
        data: [{ id: 31, name: 'PRLV SEPA FREE MOBILE', datedAt: '2026-11-05', amount: '-59.99' }],
        meta: { total: 1, page: 1, pageSize: 10 },
      },
    },
  ])
}

/** An element whose own text is exactly `text` (the testing library would fold its non-breaking spaces). */
const textIs = (text: string) => (_: string, element: Element | null) =>
  element?.textContent === text && element.children.length === 0

const card = (title: string) => screen.getByText(title).closest('[data-testid="stat-card"]') as HTMLElement

afterEach(() => vi.unstubAllGlobals())

describe('the cards’ drawers (spec/account.md §2 "Stat drawers linked to a bank connection")', () => {
  it('open on a card with a bank connection: the months of the result, the associates, what is left to categorise', async () => {
    stub([{ id: 1 }])
    renderPage(<Cards organization={organization} period={period} enabled />)
    await waitFor(() => expect(within(card('Résultat')).getByRole('button', { name: 'Voir le détail' })).toBeTruthy())
    fireEvent.click(within(card('Résultat')).getByRole('button', { name: 'Voir le détail' }))
    const months = await screen.findByRole('table', { name: 'Détail par mois' })
    expect(
      within(months)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'MoisMontant',
      'septembre 20260\u00A0€',
      'octobre 2026500\u00A0€',
      'novembre 2026950\u00A0€',
      'Total1\u202F450\u00A0€',
    ])

    fireEvent.click(within(card("Comptes courants d'associés")).getByRole('button', { name: 'Voir le détail' }))
    const accounts = await screen.findByRole('table', { name: "Comptes courants d'associés" })
    expect(within(accounts).getByText('Alix Martin (4551)')).toBeTruthy()

    fireEvent.click(within(card('Transactions à catégoriser')).getByRole('button', { name: 'Voir le détail' }))
    const link = await screen.findByRole('link', { name: 'PRLV SEPA FREE MOBILE' })
    expect(link.getAttribute('href')).toBe('/app/financial/bank/31/show')
    expect(screen.getByText(textIs('-59,99\u00A0€'))).toBeTruthy()
  })

  it('are not offered without a bank connection', async () => {
    const spy = stub([])
    renderPage(<Cards organization={organization} period={period} enabled />)
    await waitFor(() => expect(spy.mock.calls.some(([url]) => String(url).includes('/bank-connections'))).toBe(true))
    await waitFor(() => expect(within(card('Résultat')).getByText(textIs('1\u202F450\u00A0€'))).toBeTruthy())
    expect(screen.queryByRole('button', { name: 'Voir le détail' })).toBeNull()
  })
})
