import type { TaxChoice } from '@app/domain'
import {
  type AccountingEntryDto,
  type JournalDto,
  messages,
  TAX_AREA_IDS,
  TAX_RATE_IDS,
  TAX_TYPE_IDS,
  type TransactionAllocationDto,
  type TransactionDto,
  type TransactionSuggestionDto,
} from '@app/domain'
import { bodiesSent, fakeServer, type Route } from '../components/test-utils'
import { journal } from './fakeJournalsApi'
import { accountingEntry, importedTransaction } from './transactionFixtures'

/** A bank transaction as the API answers it: a card payment of 42,00 € on 3 March 2026, still to categorise. */
export const transaction = (overrides: Partial<TransactionDto> = {}): TransactionDto =>
  importedTransaction(
    {
      id: 1,
      name: 'Boulangerie Martin',
      rawName: 'CB BOULANGERIE MARTIN 03/03 PARIS',
      datedAt: '2026-03-03',
      amount: '-42.00',
      createdAt: '2026-03-04T08:00:00Z',
      updatedAt: '2026-03-04T08:00:00Z',
    },
    overrides,
  )

const category = (id: number, parentId: number | null, code: string, name: string, keywords: string | null = null) =>
  accountingEntry(
    id,
    parentId,
    code,
    name,
    code.startsWith('7') ? TAX_TYPE_IDS.vt : TAX_TYPE_IDS.bs,
    TAX_RATE_IDS.NOR,
    keywords,
  )

export const CATEGORIES = {
  charges: category(1, null, '0', 'Charges'),
  produits: category(2, null, '0', 'Produits'),
  food: category(101, 1, '6257', 'Réceptions', 'restaurant, repas, boulangerie'),
  phone: category(102, 1, '626', 'Frais postaux et de télécommunications', 'téléphone, internet'),
  sales: category(201, 2, '706', 'Prestations de services', 'honoraires'),
  holding: {
    ...category(701, null, '471000', "Compte d'attente", 'attente'),
    taxTypeId: TAX_TYPE_IDS.ns,
    taxRateId: TAX_RATE_IDS.NUL,
  },
}

const tax = (id: number, typeId: number, rateId: number, amount: string, isCollected: boolean) =>
  ({
    id,
    code: `T${id}`,
    name: `TVA ${amount}`,
    amount,
    isCollected,
    taxTypeId: typeId,
    taxRateId: rateId,
    taxAreaId: rateId === TAX_RATE_IDS.NUL ? null : TAX_AREA_IDS.FRANCE,
  }) satisfies TaxChoice & { code: string; name: string }

export const TAXES = [
  tax(1, TAX_TYPE_IDS.vt, TAX_RATE_IDS.NOR, '20.00', true),
  tax(6, TAX_TYPE_IDS.vt, TAX_RATE_IDS.NUL, '0.00', true),
  tax(101, TAX_TYPE_IDS.bs, TAX_RATE_IDS.NOR, '20.00', false),
  tax(106, TAX_TYPE_IDS.bs, TAX_RATE_IDS.NUL, '0.00', false),
  tax(301, TAX_TYPE_IDS.ns, TAX_RATE_IDS.NUL, '0.00', true),
  tax(302, TAX_TYPE_IDS.ns, TAX_RATE_IDS.NUL, '0.00', false),
]

/** The signed-in owner of a mainland organisation with VAT, unless told otherwise. */
export const meBody = ({ isTaxFree = false, isDemo = false, isOwner = true } = {}) => ({
  data: {
    id: 1,
    canDeleteTransaction: isOwner,
    preferences: { pageSize: 25, display: {} },
    currentOrganization: { id: 1, taxAreaId: TAX_AREA_IDS.FRANCE, isTaxFree, isDemo, isOwner, features: [] },
  },
})

export const allocation = (entry: AccountingEntryDto, amount: string, taxId = 101): TransactionAllocationDto => ({
  id: entry.id * 1000,
  position: 0,
  name: entry.name,
  amount,
  taxAmount: '0.00',
  taxManual: false,
  taxId,
  tax: { id: taxId, code: `T${taxId}`, name: 'TVA', amount: '20.00', taxTypeCode: 'bs', taxRateCode: 'NOR' },
  accountingEntryId: entry.id,
  accountingEntry: { id: entry.id, code: entry.code, name: entry.name },
  mileage: null,
})

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

export type FakeBank = {
  transactions: TransactionDto[]
  journals?: JournalDto[]
  suggestions?: Record<number, TransactionSuggestionDto[]>
  me?: ReturnType<typeof meBody>
}

const categories = Object.values(CATEGORIES)
const m = messages.transactions

/**
 * Stubs fetch with a small bank server over copies of `initial`: the list (filtered by uncategorized and sameAs, the
 * same-label lookup comparing names; its other filters are read from the spy), the count to categorise, categories,
 * taxes, suggestions, PATCH of a split and the bulk actions with the spec's refusals (validate without a category,
 * no receipt with an invoice, one category over mixed signs), creation by hand. `routes` answer first. Returns the fetch spy.
 */
export function stubBankApi(initial: FakeBank, routes: Route[] = []) {
  const transactions = initial.transactions.map((item) => structuredClone(item))
  const journals = initial.journals ?? [journal()]
  const spy = fakeServer(routes, async ({ url, method, path, body }) => {
    const filter = (name: string) => url.searchParams.get(`filter[${name}]`)

    if (path === '/me') return json(200, initial.me ?? meBody())
    if (path === '/journals') {
      const active = filter('isActive')
      const data = journals.filter((item) => active === null || String(item.isActive) === active)
      return json(200, { data, meta: { total: data.length, page: 1, pageSize: 900 } })
    }
    if (path === '/accounting-entries')
      return json(200, { data: categories, meta: { total: categories.length, page: 1, pageSize: 1000 } })
    if (path === '/taxes') return json(200, { data: TAXES, meta: { total: TAXES.length, page: 1, pageSize: 9999 } })
    if (path === '/transactions/to-categorize/count')
      return json(200, {
        data: { count: transactions.filter((item) => item.transactionAllocations.length === 0).length },
      })
    if (path === '/transactions' && method === 'GET') {
      const sameAs = filter('sameAs')
      const source = transactions.find((item) => String(item.id) === sameAs)
      const data = transactions.filter(
        (item) =>
          (filter('uncategorized') !== 'true' || item.transactionAllocations.length === 0) &&
          (!source || (item.id !== source.id && item.name === source.name)),
      )
      const page = Number(url.searchParams.get('page') ?? 1)
      const pageSize = Number(url.searchParams.get('pageSize') ?? 25)
      return json(200, {
        data: data.slice((page - 1) * pageSize, page * pageSize),
        meta: { total: data.length, page, pageSize },
      })
    }
    if (path === '/transactions' && method === 'POST') {
      const created = transaction({
        id: Math.max(0, ...transactions.map((item) => item.id)) + 1,
        journalId: body.journalId,
        name: body.name,
        rawName: body.name,
        datedAt: body.datedAt,
        amount: body.amount,
        origin: 'manual',
        transactionAllocations: (body.allocations ?? []).flatMap(
          (part: { accountingEntryId: number; amount: string; taxId: number }) => {
            const entry = categories.find((candidate) => candidate.id === part.accountingEntryId)
            return entry ? [allocation(entry, part.amount, part.taxId)] : []
          },
        ),
      })
      transactions.unshift(created)
      return json(201, { data: created })
    }
    if (path === '/transactions/bulk' && method === 'POST') {
      const picked = transactions.filter((item) => body.ids.includes(item.id))
      if (picked.some((item) => item.isChecked || item.isValidated))
        return json(422, { message: m.bulkLocked, code: 'BULK_REFUSED' })
      if (body.action === 'validate') {
        if (picked.some((item) => item.transactionAllocations.length === 0))
          return json(422, { message: m.bulkNotCategorized, code: 'BULK_REFUSED' })
        for (const item of picked) item.isValidated = true
      } else if (body.action === 'no-receipt') {
        if (picked.some((item) => item.invoices.length > 0))
          return json(422, { message: m.bulkHasReceipt, code: 'BULK_REFUSED' })
        for (const item of picked) item.hasNoReceipt = true
      } else {
        if (new Set(picked.map((item) => item.amount.startsWith('-'))).size > 1)
          return json(422, { message: m.bulkMixedSigns, code: 'BULK_REFUSED' })
        const entry = categories.find((candidate) => candidate.id === body.accountingEntryId)
        if (!entry) return json(422, { message: m.bulkCategoryRequired, code: 'BULK_REFUSED' })
        for (const item of picked) item.transactionAllocations = [allocation(entry, item.amount)]
      }
      return json(200, { data: { updated: picked.length } })
    }
    const match = /^\/transactions\/(\d+)(\/suggestions)?$/.exec(path)
    const found = match ? transactions.find((item) => item.id === Number(match[1])) : undefined
    if (!match || !found) return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
    if (match[2]) return json(200, { data: initial.suggestions?.[found.id] ?? [] })
    if (method === 'PATCH') {
      if (found.isChecked || found.isValidated) return json(409, { message: m.locked, code: 'TRANSACTION_LOCKED' })
      found.transactionAllocations = (body.allocations ?? []).flatMap(
        (part: { accountingEntryId: number; amount: string; taxId: number }) => {
          const entry = categories.find((candidate) => candidate.id === part.accountingEntryId)
          return entry ? [allocation(entry, part.amount, part.taxId)] : []
        },
      )
      return json(200, { data: found })
    }
    return json(200, { data: found })
  })
  return spy
}

/** The URLs of the GET requests made to `path` (exact, without the query string). */
export const getsTo = (spy: ReturnType<typeof stubBankApi>, path: string) =>
  spy.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === 'GET' && new URL(String(input), 'http://localhost').pathname === `/api/v1${path}`,
    )
    .map(([input]) => new URL(String(input), 'http://localhost'))

/** The parsed bodies sent with `method` to `path`. */
export const sentTo = bodiesSent
