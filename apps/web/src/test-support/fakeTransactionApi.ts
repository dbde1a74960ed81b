import type { TaxChoice } from '@app/domain'
import {
  type AccountingEntryDto,
  automaticVat,
  automaticVats,
  type InvoiceSuggestionDto,
  isPositive,
  messages,
  type ReceiptDto,
  type RuleProposalDto,
  sumRuleError,
  type TransactionAllocationDto,
  type TransactionDto,
  type TransactionSuggestionDto,
  toCents,
} from '@app/domain'
import { bodiesSent, fakeServer, jsonResponse, type Route } from '../components/test-utils'
import { fakeReceiptLibrary } from './fakeReceiptLibrary'
import { accountingEntry, importedTransaction } from './transactionFixtures'

const m = messages.transactions

type Tax = TaxChoice & { code: string; name: string }

const TYPE_CODES: Record<number, string> = { 1: 'vt', 2: 'bs', 3: 'im', 4: 'ns' }
const RATE_CODES: Record<number, string> = { 1: 'NOR', 2: 'INT', 3: 'RED', 4: 'SRED', 5: 'PART', 6: 'EXO', 7: 'NUL' }

const tax = (id: number, name: string, amount: string, typeId: number, rateId: number, collected: boolean): Tax => ({
  id,
  code: `${TYPE_CODES[typeId]}-${RATE_CODES[rateId]}`,
  name,
  amount,
  isCollected: collected,
  taxTypeId: typeId,
  taxRateId: rateId,
  taxAreaId: rateId === 7 ? null : 1,
})

/** GET /taxes: the ids of the reference data (collected 1–99, deductible 101–199, not subject 301–302). */
export const TAXES: Tax[] = [
  tax(1, 'TVA collectée 20 %', '20.00', 1, 1, true),
  tax(6, 'Pas de TVA', '0.00', 1, 7, true),
  tax(101, 'TVA déductible 20 %', '20.00', 2, 1, false),
  tax(102, 'TVA déductible 10 %', '10.00', 2, 2, false),
  tax(106, 'TVA déductible non applicable', '0.00', 2, 7, false),
  tax(301, 'Non soumis, collecté', '0.00', 4, 7, true),
  tax(302, 'Non soumis, déductible', '0.00', 4, 7, false),
]

/** GET /accounting-entries: two folders and categories of each kind of VAT (20 %, 10 %, none, not subject). */
export const CATEGORIES: AccountingEntryDto[] = [
  accountingEntry(1, null, '0', 'Charges', 2, 1),
  accountingEntry(10, 1, '606400', 'Fournitures administratives', 2, 1, 'bureau,papeterie'),
  accountingEntry(11, 1, '625100', 'Voyages et déplacements', 2, 2, 'train,hôtel'),
  accountingEntry(12, 1, '616000', 'Primes d’assurance', 2, 7),
  accountingEntry(13, 1, '627000', 'Services bancaires', 4, 7, 'banque,frais'),
  accountingEntry(2, null, '0', 'Produits', 1, 1),
  accountingEntry(20, 2, '706000', 'Prestations de services', 1, 1),
  accountingEntry(30, null, '471000', 'Compte d’attente', 4, 7),
]

export const categoryByCode = (code: string) => {
  const found = CATEGORIES.find((category) => category.code === code)
  if (!found) throw new Error(`no category ${code}`)
  return found
}

/** The tax the server gives a category (deductible for charges, collected for sales). */
const taxOfCategory = (category: AccountingEntryDto, taxFree: boolean) => {
  const rateId = taxFree ? 7 : category.taxRateId
  const found = TAXES.find((row) => row.taxTypeId === category.taxTypeId && row.taxRateId === rateId)
  if (!found) throw new Error(`no tax for ${category.code}`)
  return found
}

let partId = 100

/** A stored part of a split, as the API answers it: the VAT computed from the tax unless given. */
export function part(
  code: string,
  amount: string,
  fields: { taxManual?: boolean; taxAmount?: string; taxId?: number; name?: string; taxFree?: boolean } = {},
): TransactionAllocationDto {
  const category = categoryByCode(code)
  const row = fields.taxId
    ? (TAXES.find((candidate) => candidate.id === fields.taxId) as Tax)
    : taxOfCategory(category, Boolean(fields.taxFree))
  partId += 1
  return {
    id: partId,
    position: 0,
    name: fields.name ?? category.name,
    amount: toCents(amount),
    taxAmount: fields.taxFree
      ? '0.00'
      : fields.taxManual && fields.taxAmount
        ? toCents(fields.taxAmount)
        : automaticVat(amount, row.amount),
    taxManual: Boolean(fields.taxManual),
    taxId: row.id,
    tax: {
      id: row.id,
      code: row.code,
      name: row.name,
      amount: row.amount,
      taxTypeCode: TYPE_CODES[row.taxTypeId] as string,
      taxRateCode: RATE_CODES[row.taxRateId] as string,
    },
    accountingEntryId: category.id,
    accountingEntry: { id: category.id, code: category.code, name: category.name },
    mileage: null,
  }
}

/** A bank transaction as the API answers it: a card payment of -120,00 €, imported, uncategorised. */
export const transaction = (overrides: Partial<TransactionDto> = {}): TransactionDto =>
  importedTransaction(
    {
      id: 7,
      name: 'Bureau Vallée',
      rawName: 'CB BUREAU VALLEE 12/03 CARTE 4974',
      datedAt: '2026-03-12',
      amount: '-120.00',
      createdAt: '2026-03-13T08:30:00.000Z',
      updatedAt: '2026-03-13T08:30:00.000Z',
    },
    overrides,
  )

const json = jsonResponse

const invalid = (errors: Record<string, string[]>) =>
  json(422, { message: 'Les données sont invalides.', code: 'VALIDATION_FAILED', errors })

export type FakeOptions = {
  /** The signed-in user owns the organisation (may unlock and delete). */
  owner?: boolean
  /** A platform admin (the technical details). */
  admin?: boolean
  taxFree?: boolean
  suggestions?: TransactionSuggestionDto[]
  /**
   * What GET /transactions/{id}/invoice-suggestions answers for money in that pays no invoice yet (none otherwise, as
   * the server); POST /transactions/{id}/invoices attaches one of their invoices.
   */
  invoiceSuggestions?: InvoiceSuggestionDto[]
  /** What GET /rules/proposals answers (none by default); a declined one leaves the list. */
  proposals?: RuleProposalDto[]
  /**
   * The organisation's receipts (GET /receipts, newest first as given); those the transaction lists are attached to it.
   */
  receipts?: ReceiptDto[]
  /** Answer first, as with stubApi: the refusals a test wants. */
  routes?: Route[]
}

type AllocationBody = {
  name: string
  amount: string
  accountingEntryId: number
  taxId: number
  taxManual?: boolean
  taxAmount?: string | null
}

/**
 * Stubs fetch with a small server over one transaction, keeping the rules of the real one: PATCH merges and checks
 * the sum rule (422 on `allocations`), refuses a locked transaction (409) and the no-receipt flag on a transaction with
 * an invoice or a receipt (422 on hasNoReceipt); the toggles need a split (409), unlocking a validated one is the
 * owner's (403); DELETE; suggestions, categories, taxes, /me, an empty discussion, and the rule proposals (declining
 * one removes it).
 * Receipts, as the real server keeps them: GET /receipts (to associate, search, amount bounds on the TTC), attach
 * (clears the no-receipt flag), detach (204, the flag unchanged), and uploads attached to the transaction (the files'
 * first bytes decide their type: 415 otherwise; more than 10: 422 on `document`). The invoices suggested for money in,
 * and attaching one of them: the line then pays it (for its amount left to pay, or the line's when nothing is left: a
 * payment recorded by hand that the line reconciles). Returns the fetch spy.
 */
export function stubTransactionApi(initial: TransactionDto, options: FakeOptions = {}) {
  const { owner = true, admin = false, taxFree = false, suggestions = [], routes = [] } = options
  let stored = structuredClone(initial)
  let proposals = structuredClone(options.proposals ?? [])
  const receiptLibrary = fakeReceiptLibrary(options.receipts ?? [], {
    get: () => stored,
    set: (next) => {
      stored = next
    },
  })

  const spy = fakeServer(routes, async (request) => {
    const { method, path, body } = request
    if (path === '/me')
      return json(200, {
        data: {
          id: 1,
          isAdmin: admin,
          canDeleteTransaction: false,
          preferences: {},
          currentOrganization: { id: 1, taxAreaId: 1, isTaxFree: taxFree, isOwner: owner, features: [] },
        },
      })
    if (path === '/taxes') return json(200, { data: TAXES, meta: { total: TAXES.length, page: 1, pageSize: 9999 } })
    if (path === '/accounting-entries')
      return json(200, { data: CATEGORIES, meta: { total: CATEGORIES.length, page: 1, pageSize: 1000 } })

    if (path === '/rules/proposals' && method === 'GET')
      return json(200, { data: proposals, meta: { total: proposals.length, page: 1, pageSize: 20 } })
    if (path === '/rules/proposals/decline' && method === 'POST') {
      proposals = proposals.filter((item) => item.key !== body.key || item.accountingEntryId !== body.accountingEntryId)
      return json(204, null)
    }

    const fromLibrary = await receiptLibrary(request)
    if (fromLibrary) return fromLibrary

    const base = `/transactions/${stored.id}`
    if (path === `${base}/suggestions`) return json(200, { data: stored.invoices.length > 0 ? [] : suggestions })
    if (path === `${base}/invoice-suggestions` && method === 'GET')
      return json(200, {
        data: stored.invoices.length > 0 || !isPositive(stored.amount) ? [] : (options.invoiceSuggestions ?? []),
      })
    if (path === `${base}/invoices` && method === 'POST') {
      const invoice = (options.invoiceSuggestions ?? [])
        .flatMap((suggestion) => suggestion.invoices)
        .find((candidate) => candidate.id === body.invoiceId)
      if (!invoice) return json(422, { message: m.invoiceNotPayable, code: 'INVOICE_NOT_PAYABLE' })
      const amount = isPositive(invoice.leftToPay) ? invoice.leftToPay : stored.amount
      stored = {
        ...stored,
        invoices: [
          ...stored.invoices,
          {
            id: invoice.id,
            reference: invoice.reference,
            name: invoice.reference,
            customerName: invoice.customerName,
            datedAt: invoice.datedAt,
            totalTaxIncluded: amount,
            amount,
          },
        ],
      }
      return json(200, { data: stored })
    }
    if (path === `${base}/comments`) return json(200, { data: [], meta: { total: 0, page: 1, pageSize: 1000 } })
    if (path === `${base}/activities`) return json(200, { data: [], meta: { total: 0, page: 1, pageSize: 1000 } })
    if (path === `${base}/note`) return json(200, { data: { comment: '', updatedAt: null, commentator: null } })
    if (path !== base && !path.startsWith(`${base}/`))
      return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })

    const locked = stored.isChecked || stored.isValidated
    if (path === base && method === 'GET') return json(200, { data: stored })
    if (path === base && method === 'DELETE') {
      if (locked) return json(409, { message: m.locked, code: 'TRANSACTION_LOCKED' })
      return json(204, null)
    }
    if (path === base && method === 'PATCH') {
      if (locked) return json(409, { message: m.locked, code: 'TRANSACTION_LOCKED' })
      if (
        body.hasNoReceipt === true &&
        !stored.hasNoReceipt &&
        (stored.invoices.length > 0 || stored.receipts.length > 0)
      )
        return invalid({ hasNoReceipt: [m.noReceiptRefused] })
      const next = { ...stored, updatedAt: new Date().toISOString() }
      if (typeof body.name === 'string') next.name = body.name
      if (typeof body.hasNoReceipt === 'boolean') next.hasNoReceipt = body.hasNoReceipt
      if (Array.isArray(body.allocations)) {
        const parts = body.allocations as AllocationBody[]
        const gap = sumRuleError(
          stored.amount,
          parts.map((item) => item.amount.replace(',', '.')),
        )
        if (parts.length > 0 && gap) return invalid({ allocations: [gap] })
        const allocations = parts.map((item, position) => {
          const category = CATEGORIES.find((candidate) => candidate.id === item.accountingEntryId) as AccountingEntryDto
          return {
            ...part(category.code, item.amount.replace(',', '.'), {
              name: item.name,
              taxId: item.taxId,
              taxManual: item.taxManual,
              taxAmount: item.taxAmount ?? undefined,
              taxFree,
            }),
            position,
          }
        })
        // As the server: the automatic VAT of the parts at one tax is that of their sum.
        const vats = automaticVats(
          allocations.map((item) => ({
            amount: item.amount,
            ratePercent: item.tax.amount,
            taxId: item.taxId,
            manualVat: item.taxManual ? item.taxAmount : null,
          })),
        )
        next.transactionAllocations = allocations.map((item, position) =>
          taxFree ? item : { ...item, taxAmount: vats[position] ?? item.taxAmount },
        )
      }
      stored = next
      return json(200, { data: stored })
    }
    if (path === `${base}/toggle-check` && method === 'POST') {
      if (stored.isValidated) return json(409, { message: m.validatedNotCheckable, code: 'TRANSACTION_VALIDATED' })
      if (!stored.isChecked && stored.transactionAllocations.length === 0)
        return json(409, { message: m.needsAllocations, code: 'TRANSACTION_UNCATEGORIZED' })
      stored = { ...stored, isChecked: !stored.isChecked }
      return json(200, { data: stored })
    }
    if (path === `${base}/toggle-validate` && method === 'POST') {
      if (stored.isValidated) {
        if (!owner) return json(403, { message: m.unlockForbidden, code: 'UNLOCK_FORBIDDEN' })
        stored = { ...stored, isValidated: false }
      } else {
        if (stored.transactionAllocations.length === 0)
          return json(409, { message: m.needsAllocations, code: 'TRANSACTION_UNCATEGORIZED' })
        stored = { ...stored, isValidated: true, isChecked: false }
      }
      return json(200, { data: stored })
    }
    return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
  })
  return spy
}

export { receipt, receiptLink } from './fakeReceiptLibrary'
export { bodiesSent }
