import {
  type AccountingEntryDto,
  cashOperationAmount,
  cashSaleTotals,
  negativeCashWarning,
  signedCashAmounts,
  sum,
  type TransactionDto,
  toCents,
} from '@app/domain'
import { fakeServer, jsonResponse, type Route } from '../components/test-utils'
import { allocation, CATEGORIES, meBody, TAXES, transaction } from './fakeTransactionsApi'

/** The treasury account 530 "Caisse" (outside VAT), for receipt lines. */
export const CASH_ACCOUNT: AccountingEntryDto = {
  ...CATEGORIES.holding,
  id: 712,
  code: '530',
  name: 'Caisse',
  keywords: 'espèces',
}
const categories = [...Object.values(CATEGORIES), CASH_ACCOUNT]

/** A cash movement as the API answers it: an exit of 12,00 € on 3 March 2026 for stamps. */
export const cashOperation = (overrides: Partial<TransactionDto> = {}): TransactionDto =>
  transaction({
    id: 50,
    journalId: 9,
    journal: { id: 9, name: 'Caisse', code: 'CAI1', journalTypeCode: 'CAI' },
    name: 'Timbres',
    rawName: 'Timbres',
    amount: '-12.00',
    origin: 'manual',
    bank: { name: null },
    transactionAllocations: [{ ...allocation(CATEGORIES.phone, '-12.00'), name: 'Sortie', taxAmount: '-2.00' }],
    ...overrides,
  })

type Part = { name: string; amount: string; accountingEntryId: number; taxId?: number | null }

const partsOf = (parts: Part[], amounts: string[]) =>
  parts.flatMap((part, index) => {
    const entry = categories.find((candidate) => candidate.id === part.accountingEntryId)
    return entry
      ? [{ ...allocation(entry, amounts[index] ?? part.amount, part.taxId ?? 101), name: part.name, position: index }]
      : []
  })

/**
 * Stubs fetch with a small cash server over copies of `initial`: the movements (newest first) with the balance and its
 * warning, creation and PATCH signing the lines as the server does, the cash sales, DELETE /transactions/{id}; and the
 * categories, taxes, the signed-in owner (`canSellCash` as told) and the cash boxes. `routes` answer first.
 */
export function stubCashApi(
  initial: { operations?: TransactionDto[]; sales?: TransactionDto[]; canSellCash?: boolean; startingValue?: string },
  routes: Route[] = [],
) {
  const operations = (initial.operations ?? []).map((item) => structuredClone(item))
  const sales = (initial.sales ?? []).map((item) => structuredClone(item))
  const balance = () => toCents(sum([initial.startingValue ?? '0', ...operations.map((item) => item.amount)]))
  const nextId = () => Math.max(100, ...operations.map((item) => item.id), ...sales.map((item) => item.id)) + 1
  const me = meBody()
  const page = <T>(data: T[]) => ({ data, meta: { total: data.length, page: 1, pageSize: 25 } })
  const saved = (item: TransactionDto) => ({ data: item, balance: balance(), warning: negativeCashWarning(balance()) })

  return fakeServer(routes, ({ method, path, body }) => {
    if (path === '/me')
      return jsonResponse(200, {
        data: {
          ...me.data,
          currentOrganization: { ...me.data.currentOrganization, canSellCash: !!initial.canSellCash },
        },
      })
    if (path === '/accounting-entries') return jsonResponse(200, page(categories))
    if (path === '/taxes') return jsonResponse(200, page(TAXES))
    if (path === '/journals') return jsonResponse(200, page([]))
    if (path === '/cash-operations' && method === 'GET') {
      const listed = page(operations)
      return jsonResponse(200, {
        ...listed,
        meta: { ...listed.meta, balance: balance(), warning: negativeCashWarning(balance()) },
      })
    }
    if (path === '/cash-operations' && method === 'POST') {
      const created = cashOperation({
        id: nextId(),
        name: body.name,
        rawName: body.name,
        datedAt: body.datedAt,
        amount: cashOperationAmount(body.allocations),
        transactionAllocations: partsOf(body.allocations, signedCashAmounts(body.allocations)),
      })
      operations.unshift(created)
      return jsonResponse(201, saved(created))
    }
    if (path === '/cash-sales' && method === 'GET') return jsonResponse(200, page(sales))
    if (path === '/cash-sales' && method === 'POST') {
      const created = cashOperation({
        id: nextId(),
        journal: { id: 10, name: 'Ventes au comptant', code: 'ES1', journalTypeCode: 'ES' },
        name: body.name ?? 'Ventes au comptant',
        datedAt: body.datedAt,
        amount: cashSaleTotals(body.allocations).amount,
        transactionAllocations: partsOf(
          body.allocations,
          body.allocations.map((part: Part) => part.amount),
        ),
      })
      sales.unshift(created)
      return jsonResponse(201, { data: created })
    }
    const match = /^\/(cash-operations|cash-sales|transactions)\/(\d+)$/.exec(path)
    const list = match?.[1] === 'cash-sales' ? sales : operations
    const found = match ? [...operations, ...sales].find((item) => item.id === Number(match[2])) : undefined
    if (!match || !found || (match[1] !== 'transactions' && !list.includes(found)))
      return jsonResponse(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
    if (method === 'DELETE') {
      for (const items of [operations, sales]) if (items.includes(found)) items.splice(items.indexOf(found), 1)
      return jsonResponse(204, null)
    }
    if (method === 'PATCH' && match[1] === 'cash-operations') {
      if (body.name) found.name = body.name
      if (body.allocations) {
        found.amount = cashOperationAmount(body.allocations)
        found.transactionAllocations = partsOf(body.allocations, signedCashAmounts(body.allocations))
      }
      return jsonResponse(200, saved(found))
    }
    return jsonResponse(200, { data: found })
  })
}
