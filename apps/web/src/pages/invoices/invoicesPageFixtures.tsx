import type { InvoiceDto, InvoiceListItemDto, InvoiceSummaryDto } from '@app/domain'
import { type Route, renderPage, stubApi } from '../../components/test-utils'
import { DRAFT_STATE, invoice, invoiceListItem, line, me, stateIn } from '../../test-support/documentFixtures'
import { InvoicesPage } from './InvoicesPage'

// The invoice list's page and its answers, shared by InvoicesPage.test.tsx and InvoiceValidation.test.tsx.

export const listMe = me({ preferences: { display: { invoices: 'list' }, pageSize: 25 } })
export const states = [
  DRAFT_STATE,
  { id: 3, code: 'PENDING', name: 'En attente', color: 'yellow' },
  { id: 5, code: 'PAID', name: 'Payée', color: 'green' },
  { id: 7, code: 'CANCELED', name: 'Annulée', color: 'dark' },
]
export const state = stateIn(states)

export const listItem = (over: Partial<InvoiceListItemDto> = {}): InvoiceListItemDto =>
  invoiceListItem({
    id: 10,
    name: 'Site vitrine',
    amount: '1440.00',
    totalTaxExcluded: '1200.00',
    totalTaxes: '240.00',
    totalTaxIncluded: '1440.00',
    datedAt: '2026-03-03',
    paymentLimitAt: '2026-04-02',
    createdAt: '2026-03-03T09:00:00Z',
    updatedAt: '2026-03-03T09:00:00Z',
    ...over,
  })

export const full = (item: InvoiceListItemDto, over: Partial<InvoiceDto> = {}): InvoiceDto =>
  invoice({
    ...item,
    lines: [line(1, 0, { name: 'Maquette', amount: '1200', totalTaxExcluded: '1200.00' })],
    vatBreakdown: [{ ratePercent: '20', taxExcluded: '1200.00', taxAmount: '240.00', taxIncluded: '1440.00' }],
    remainingToCredit: item.state.code === 'DRAFT' ? '0' : item.totalTaxIncluded,
    remainingToPay: item.state.code === 'DRAFT' || item.isCreditNote ? '0.00' : item.totalTaxIncluded,
    ...over,
  })

const summary: InvoiceSummaryDto = {
  paid: { sum: '1234.5', count: 2 },
  pending: { sum: '300', count: 1 },
  late: { sum: '0', count: 0 },
}

export const draft = listItem({ contactId: 3, contact: { id: 3, name: 'Atelier Dupont', contactTypeId: 1 } })
export const pending = listItem({
  id: 11,
  name: 'Refonte',
  reference: 'F-2026-0001',
  datedAt: '2026-02-10',
  state: state('PENDING'),
  stateId: 3,
  contactId: 3,
  contact: { id: 3, name: 'Atelier Dupont', contactTypeId: 1 },
  transactions: [{ amount: '500', datedAt: '2026-02-20' }],
})
export const creditNote = listItem({
  id: 12,
  name: 'Avoir refonte',
  type: 'AV',
  isCreditNote: true,
  reference: 'AV-2026-0001',
  datedAt: '2026-02-12',
  state: state('PENDING'),
  stateId: 3,
  amount: '-120.00',
  totalTaxExcluded: '-100.00',
  totalTaxes: '-20.00',
  totalTaxIncluded: '-120.00',
})

export const routes = (items: InvoiceListItemDto[], extra: Route[] = []): Route[] => [
  ...extra,
  { path: '/me', body: listMe },
  { path: '/invoices', body: { data: items, meta: { total: items.length, page: 1, pageSize: 25 } } },
  { path: '/invoices/summary', body: { data: summary } },
  { path: '/invoice-states', body: { data: states } },
  ...items.map((item) => ({ path: `/invoices/${item.id}`, body: { data: full(item) } })),
  ...items.map((item) => ({ path: `/invoices/${item.id}/comments`, body: { data: [] } })),
]

export const renderPageWith = (all: Route[]) => {
  stubApi(all)
  return renderPage(<InvoicesPage />)
}
