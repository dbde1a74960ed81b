import {
  type AccountingEntryDto,
  abs,
  automaticVat,
  expenseDefaultName,
  type JournalDto,
  mileageAllowance,
  sum,
  type TransactionAllocationDto,
  type TransactionDto,
  toCents,
} from '@app/domain'
import { fakeServer, jsonResponse, type Route } from '../components/test-utils'
import { journal } from './fakeJournalsApi'
import { CATEGORIES, categoryByCode, TAXES, transaction } from './fakeTransactionApi'

const json = jsonResponse

/** 6251 "Voyages et déplacements" at 10 %: a mileage line's category. */
export const TRAVEL: AccountingEntryDto = { ...categoryByCode('625100'), id: 14, code: '6251' }
const ALL_CATEGORIES = [...CATEGORIES, TRAVEL]

/** Jeanne Dupont's associate current account, CC1 / 4551, its category 500. */
export const associate = (overrides: Partial<JournalDto> = {}) =>
  journal({
    id: 5,
    name: 'CCA Jeanne Dupont',
    code: 'CC1',
    accountCode: '4551',
    journalTypeId: 2,
    journalType: { id: 2, code: 'CC', name: 'Compte courant' },
    iban: null,
    bank: null,
    startingValue: '0.00',
    balance: '0.00',
    accountingEntryId: 500,
    owed: '0.00',
    ...overrides,
  })

type LineBody = {
  name: string
  amount: string | null
  accountingEntryId: number
  taxId?: number | null
  mileage?: {
    vehicleType: 'voiture' | 'moto' | 'cyclomoteur'
    fiscalPower: number | null
    distanceKm: string
    yearlyDistanceKm: string
  } | null
}

/** A stored line as the server answers it: positive, the VAT from its tax, a mileage line priced by the barème. */
function lineOf(body: LineBody, position: number, datedAt: string): TransactionAllocationDto {
  const category = ALL_CATEGORIES.find((candidate) => candidate.id === body.accountingEntryId) ?? TRAVEL
  const allowance = body.mileage ? mileageAllowance(body.mileage, datedAt) : null
  const tax = body.mileage
    ? (TAXES.find((row) => row.id === 106) as (typeof TAXES)[number])
    : (TAXES.find((row) => row.id === body.taxId) ??
      (TAXES.find(
        (row) => row.taxTypeId === category.taxTypeId && row.taxRateId === category.taxRateId,
      ) as (typeof TAXES)[number]))
  const amount = toCents(allowance ? allowance.amount : abs(body.amount ?? '0'))
  return {
    id: 900 + position,
    position,
    name: body.name,
    amount,
    taxAmount: automaticVat(amount, tax.amount),
    taxManual: false,
    taxId: tax.id,
    tax: { id: tax.id, code: tax.code, name: tax.name, amount: tax.amount, taxTypeCode: 'bs', taxRateCode: 'NOR' },
    accountingEntryId: category.id,
    accountingEntry: { id: category.id, code: category.code, name: category.name },
    mileage: body.mileage && allowance ? { ...body.mileage, scaleYear: allowance.band.incomeYear } : null,
  }
}

/** An expense note of the associate's account, as the API answers it. */
export const note = (overrides: Partial<TransactionDto> = {}): TransactionDto =>
  transaction({
    id: 70,
    journalId: 5,
    journal: { id: 5, name: 'CCA Jeanne Dupont', code: 'CC1', journalTypeCode: 'CC' },
    name: 'Note de frais du 20/11/2026',
    rawName: 'Note de frais du 20/11/2026',
    datedAt: '2026-11-20',
    amount: '30.00',
    origin: 'manual',
    ...overrides,
  })

export type ExpensesFake = {
  notes?: TransactionDto[]
  accounts?: JournalDto[]
  /** The legal form's type: SO (company) unless told; EI, PL, ME use an operator account. */
  legalFormType?: string
  routes?: Route[]
}

/**
 * Stubs fetch with a small expense-notes server: /me, taxes and categories, the active associate and operator
 * accounts, GET/POST /expenses (a new note: default name, positive lines, mileage priced by the barème, id 71 on),
 * GET/PATCH/DELETE /transactions/{id}. Returns the fetch spy.
 */
export function stubExpensesApi({ notes = [], accounts = [], legalFormType = 'SO', routes = [] }: ExpensesFake = {}) {
  let stored = structuredClone(notes)
  let nextId = 71
  const noteOf = (
    id: number,
    body: { name?: string; datedAt: string; allocations: LineBody[] },
    base: TransactionDto,
  ) => {
    const lines = body.allocations.map((line, position) => lineOf(line, position, body.datedAt))
    return {
      ...base,
      id,
      name: body.name || expenseDefaultName(body.datedAt),
      rawName: body.name || expenseDefaultName(body.datedAt),
      datedAt: body.datedAt,
      amount: toCents(sum(lines.length > 0 ? lines.map((line) => line.amount) : ['0'])),
      transactionAllocations: lines,
    }
  }
  return fakeServer(routes, ({ method, path, body }) => {
    if (path === '/me')
      return json(200, {
        data: {
          id: 1,
          preferences: { pageSize: 25, display: {} },
          currentOrganization: { id: 1, taxAreaId: 1, isTaxFree: false, isOwner: true, legalFormType, features: [] },
        },
      })
    if (path === '/taxes') return json(200, { data: TAXES, meta: { total: TAXES.length, page: 1, pageSize: 9999 } })
    if (path === '/accounting-entries')
      return json(200, { data: ALL_CATEGORIES, meta: { total: ALL_CATEGORIES.length, page: 1, pageSize: 1000 } })
    if (path === '/journals')
      return json(200, { data: accounts, meta: { total: accounts.length, page: 1, pageSize: 900 } })
    if (path === '/expenses' && method === 'GET')
      return json(200, { data: stored, meta: { total: stored.length, page: 1, pageSize: 25 } })
    if (path === '/expenses' && method === 'POST') {
      const account = accounts.find((candidate) => candidate.id === body.journalId) ?? accounts[0]
      const created = noteOf(nextId++, body, note({ journalId: account?.id, sourceTransactionId: null }))
      stored = [created, ...stored]
      return json(201, { data: created })
    }
    const match = /^\/transactions\/(\d+)$/.exec(path)
    const found = match ? stored.find((item) => item.id === Number(match[1])) : undefined
    if (!found) return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
    if (method === 'GET') return json(200, { data: found })
    if (method === 'DELETE') {
      stored = stored.filter((item) => item.id !== found.id)
      return json(204, null)
    }
    const patched = noteOf(found.id, { ...found, ...body }, found)
    stored = stored.map((item) => (item.id === found.id ? patched : item))
    return json(200, { data: patched })
  })
}
