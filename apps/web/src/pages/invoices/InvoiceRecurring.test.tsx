import type { InvoiceListItemDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Route, renderPage, stubApi, whereIs } from '../../components/test-utils'
import { DRAFT_STATE, invoice, invoiceListItem, line, me, rowMenu } from '../../test-support/documentFixtures'
import { subscription } from '../../test-support/subscriptionFixtures'
import { InvoicesPage } from './InvoicesPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const pending = invoiceListItem({
  id: 11,
  name: 'Refonte',
  reference: 'F-2026-0001',
  state: { id: 3, code: 'PENDING', name: 'En attente', color: 'yellow' },
  stateId: 3,
  contactId: 3,
  contact: { id: 3, name: 'Atelier Dupont', contactTypeId: 1 },
  totalTaxIncluded: '1440.00',
  // Created by the recurring invoice 30.
  subscriptionId: 30,
})

const routes = (items: InvoiceListItemDto[], features: string[], extra: Route[] = []): Route[] => [
  ...extra,
  { path: '/me', body: me({ features, preferences: { display: { invoices: 'list' }, pageSize: 25 } }) },
  { path: '/invoices', body: { data: items, meta: { total: items.length, page: 1, pageSize: 25 } } },
  { path: '/invoices/summary', body: { data: null } },
  { path: '/invoice-states', body: { data: [DRAFT_STATE] } },
  ...items.map((item) => ({
    path: `/invoices/${item.id}`,
    body: { data: invoice({ ...item, lines: [line(1, 0)], remainingToCredit: item.totalTaxIncluded }) },
  })),
  ...items.map((item) => ({ path: `/invoices/${item.id}/comments`, body: { data: [] } })),
]

const recurringEntry = () => screen.getByRole('menuitem', { name: /^Créer une facture récurrente/ })
const duplicateCalls = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/duplicate'))

describe('Invoices: "Créer une facture récurrente"', () => {
  it('makes a recurring invoice of the invoice and lands on it (spec/sales.md §4)', async () => {
    const spy = stubApi(
      routes(
        [pending],
        ['recurring_invoices'],
        [{ method: 'POST', path: '/invoices/11/duplicate', status: 201, body: { data: subscription({ id: 77 }) } }],
      ),
    )
    const { router } = renderPage(<InvoicesPage />, { route: '/app/sales/invoices' })
    await rowMenu('Refonte')
    expect(within(recurringEntry()).getByRole('img', { name: 'Fonctionnalité des formules Plus' })).toBeTruthy()
    fireEvent.click(recurringEntry())
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/subscriptions/77'))
    expect(duplicateCalls(spy)).toEqual(['/api/v1/invoices/11/duplicate?recurring=true'])
  })

  it('shows it locked by a star on a plan without recurring invoices, and opens the upsell instead', async () => {
    const spy = stubApi(routes([pending], ['alerts']))
    const { router } = renderPage(<InvoicesPage />, { route: '/app/sales/invoices' })
    await rowMenu('Refonte')
    expect(within(recurringEntry()).getByRole('img', { name: 'Réservé aux formules Plus' })).toBeTruthy()
    fireEvent.click(recurringEntry())
    const dialog = await screen.findByRole('dialog', { name: 'Créer une facture récurrente' })
    expect(within(dialog).getByText(/réservées aux formules Plus/)).toBeTruthy()
    // The only way on is to the Pop+ offer.
    expect(within(dialog).getByRole('link', { name: 'Voir les formules' }).getAttribute('href')).toBe(
      '/app/oups/must-upgrade-plan',
    )
    expect(duplicateCalls(spy)).toEqual([])
    expect(whereIs(router)).toBe('/app/sales/invoices')
  })
})

describe('Invoices: the details of an invoice a recurring invoice created', () => {
  it('links to that recurring invoice, and offers the entry in its actions too', async () => {
    stubApi(routes([pending], ['recurring_invoices']))
    renderPage(<InvoicesPage />, { route: '/app/sales/invoices?open=11' })
    const link = await screen.findByRole('link', { name: 'Créée par une facture récurrente' })
    expect(link.getAttribute('href')).toBe('/app/sales/subscriptions/30')
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }))
    expect(await screen.findByRole('menuitem', { name: /^Créer une facture récurrente/ })).toBeTruthy()
  })
})
