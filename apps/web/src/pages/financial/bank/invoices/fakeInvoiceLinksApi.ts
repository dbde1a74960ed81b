import {
  equals,
  type InvoiceListItemDto,
  type InvoiceSuggestionDto,
  isPositive,
  type TransactionDto,
  type TransactionInvoiceDto,
} from '@app/domain'
import { fakeServer, type Route } from '../../../../components/test-utils'
import { importedTransaction } from '../../../../test-support/transactionFixtures'

/** An incoming transfer of 1 200,00 € into "Compte pro", with nothing attached, unless told otherwise. */
export const transfer = (overrides: Partial<TransactionDto> = {}): TransactionDto =>
  importedTransaction(
    {
      id: 40,
      name: 'VIR DUPONT SARL',
      rawName: 'VIR SEPA DUPONT SARL REF 2026-014',
      datedAt: '2026-04-09',
      amount: '1200.00',
      createdAt: '2026-04-10T08:00:00Z',
      updatedAt: '2026-04-10T08:00:00Z',
    },
    { counterparty: 'DUPONT SARL', ...overrides },
  )

/** What a transaction shows of an invoice it paid. */
export const linkOf = (invoice: InvoiceListItemDto): TransactionInvoiceDto => ({
  id: invoice.id,
  reference: invoice.reference,
  name: invoice.name,
  customerName: invoice.customer?.name ?? invoice.contact?.name ?? null,
  datedAt: invoice.datedAt,
  totalTaxIncluded: invoice.totalTaxIncluded,
  amount: invoice.amount,
})

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

/**
 * Stubs fetch with the routes the drawer uses, over one transaction and the payable `invoices`: GET /invoices
 * (search on the reference, the amount bounds), attach (the invoice leaves the payable ones) and detach. `routes`
 * answer first, for the refusals a test wants. `suggestions`: what GET /transactions/{id}/invoice-suggestions answers
 * while the line pays no invoice; their invoices may be attached too, even when not payable (an invoice paid by a
 * payment recorded by hand that waits for its bank line). Returns the fetch spy.
 */
export function stubInvoiceLinksApi(
  initial: TransactionDto,
  invoices: InvoiceListItemDto[],
  routes: Route[] = [],
  suggestions: InvoiceSuggestionDto[] = [],
) {
  const current = structuredClone(initial)
  let payable = invoices.map((invoice) => structuredClone(invoice))
  const all = [...payable]
  const spy = fakeServer(routes, async ({ url, method, path, init }) => {
    if (path === '/invoices' && method === 'GET') {
      const search = url.searchParams.get('search')?.toLowerCase()
      const min = url.searchParams.get('filter[amountMin]')
      const data = payable.filter(
        (invoice) =>
          (!search || (invoice.reference ?? '').toLowerCase().includes(search)) &&
          (min === null || equals(invoice.amount, min)),
      )
      return json(200, { data, meta: { total: data.length, page: 1, pageSize: 100 } })
    }
    if (path === `/transactions/${current.id}/invoice-suggestions` && method === 'GET')
      return json(200, { data: current.invoices.length > 0 ? [] : suggestions })
    const link = /^\/transactions\/(\d+)\/invoices(?:\/(\d+))?$/.exec(path)
    if (link && Number(link[1]) === current.id) {
      if (method === 'POST') {
        const { invoiceId } = JSON.parse(String(init?.body)) as { invoiceId: number }
        const invoice = payable.find((entry) => entry.id === invoiceId)
        const suggested = suggestions.flatMap((entry) => entry.invoices).find((entry) => entry.id === invoiceId)
        if (!invoice && suggested && !current.invoices.some((entry) => entry.id === invoiceId)) {
          const amount = isPositive(suggested.leftToPay) ? suggested.leftToPay : current.amount
          current.invoices.push({
            id: suggested.id,
            reference: suggested.reference,
            name: suggested.reference,
            customerName: suggested.customerName,
            datedAt: suggested.datedAt,
            totalTaxIncluded: amount,
            amount,
          })
          return json(200, { data: structuredClone(current) })
        }
        if (!invoice) return json(422, { message: 'Facture introuvable.', code: 'VALIDATION_FAILED' })
        payable = payable.filter((entry) => entry !== invoice)
        current.invoices.push(linkOf(invoice))
        return json(200, { data: structuredClone(current) })
      }
      if (method === 'DELETE') {
        const invoiceId = Number(link[2])
        current.invoices = current.invoices.filter((entry) => entry.id !== invoiceId)
        const back = all.find((entry) => entry.id === invoiceId)
        if (back) payable.push(back)
        return json(200, { data: structuredClone(current) })
      }
    }
    return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
  })
  return spy
}

/** The calls made to `path` (without the query string) with `method`: their query and parsed body. */
export const callsTo = (spy: ReturnType<typeof stubInvoiceLinksApi>, method: string, path: string) =>
  spy.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost')
      return (init?.method ?? 'GET') === method && url.pathname === `/api/v1${path}`
    })
    .map(([input, init]) => ({
      query: new URL(String(input), 'http://localhost').searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    }))
