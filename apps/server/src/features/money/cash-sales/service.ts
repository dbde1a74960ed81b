import {
  abs,
  type CashSaleCreateBody,
  type CashSaleInput,
  type CashSaleListQuery,
  type CashSaleUpdateBody,
  cashSaleCreateSchema,
  cashSaleDefaultName,
  cashSaleLineKind,
  cashSaleMergedSchema,
  cashSaleTotals,
  isCashReceiptCategory,
  isCashSaleCategory,
  messages,
  type TransactionDto,
  toCents,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { fieldError, forbidden } from '../../../lib/errors'
import { mergePatch } from '../../../lib/patch'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { assertUnlocked, cashTransactionOf, createCashWrites } from '../cash-journal/cash-writes'
import { allocationBodiesOf } from '../transactions/allocation-bodies'
import type { TransactionService } from '../transactions/service'
import { createCashSaleRepo } from './repo'

const m = messages.cashSales

/**
 * Cash sales (takings, spec/money.md §2 /app/sales/money; spec/sales.md): transactions of the organisation's "Ventes
 * au comptant" journal (ES, made on first use). Each line is a sale ("Vente…": a sales category, its VAT collected)
 * or a receipt ("Encaissement…": the treasury account the money went to, 530 cash or 580 cheques and cards to
 * deposit); every amount is positive, the sale lines make the takings (the transaction's amount) and the receipt
 * lines add up to the same amount. Only organisations that sell over the counter (canSellCash) record them (403);
 * reading stays open, so that switching the option off never hides takings already in the books.
 */
export function createCashSaleService(deps: { db: Db; books: Books; transactions: TransactionService; clock?: Clock }) {
  const repo = createCashSaleRepo(deps.db)
  const now = () => deps.clock?.() ?? new Date()
  const writes = createCashWrites({ db: deps.db, books: deps.books, now })

  async function assertAllowed(tenant: Tenant) {
    if (!(await repo.canSellCash(tenant.organizationId))) throw forbidden(m.notAllowed, 'CASH_SALES_DISABLED')
  }

  const load = (tenant: Tenant, id: number) => cashTransactionOf(deps.transactions, tenant, id, 'ES')

  /**
   * The stored lines (positive amounts, VAT with them) once the transactions service has checked their categories
   * and taxes; then each line's account must fit its kind.
   */
  async function partsOf(tenant: Tenant, input: CashSaleInput) {
    const lines = input.allocations.map((line) => ({
      ...line,
      amount: toCents(abs(line.amount)),
      taxAmount:
        line.taxAmount === null || line.taxAmount === undefined ? line.taxAmount : toCents(abs(line.taxAmount)),
    }))
    const parts = await deps.transactions.partsOf(tenant, lines)
    const codes = await repo.codesOf([...new Set(lines.map((line) => line.accountingEntryId))])
    lines.forEach((line, position) => {
      const code = codes.get(line.accountingEntryId) ?? ''
      const field = `allocations.${position}.accountingEntryId`
      if (cashSaleLineKind(line.name) === 'sale' && !isCashSaleCategory(code))
        throw fieldError(field, messages.validation.salesCategory)
      if (cashSaleLineKind(line.name) === 'receipt' && !isCashReceiptCategory(code))
        throw fieldError(field, m.receiptCategory)
    })
    return parts
  }

  /** The takings follow the sale lines unless an amount is sent. */
  const valuesOf = (input: CashSaleInput) => ({
    name: input.name ?? cashSaleDefaultName(input.datedAt),
    datedAt: input.datedAt,
    amount: cashSaleTotals(input.allocations, input.amount ?? undefined).amount,
  })

  return {
    /** Newest first. */
    async list(tenant: Tenant, query: CashSaleListQuery) {
      return deps.transactions.listOfJournalTypes(tenant, query, ['ES'])
    },

    get: load,

    async create(tenant: Tenant, body: CashSaleCreateBody): Promise<TransactionDto> {
      await assertAllowed(tenant)
      const input = cashSaleCreateSchema.parse(body)
      const parts = await partsOf(tenant, input)
      const id = await writes.record(
        tenant.organizationId,
        { typeCode: 'ES', defaultName: m.defaultJournalName },
        valuesOf(input),
        parts,
      )
      return deps.transactions.get(tenant, id)
    },

    /**
     * PATCH: merged into the stored sale and checked whole; the takings follow the sale lines unless an amount is
     * sent. Written here rather than by PATCH /transactions/{id}: a cash sale's lines make its amount twice (sales and
     * receipts), which the bank split's sum rule would refuse. Refused while the sale is checked or validated (409).
     */
    async update(tenant: Tenant, id: number, body: CashSaleUpdateBody): Promise<TransactionDto> {
      await assertAllowed(tenant)
      const current = await load(tenant, id)
      assertUnlocked(current)
      const input = mergePatch(
        cashSaleMergedSchema,
        {
          name: current.name,
          datedAt: current.datedAt,
          allocations: allocationBodiesOf(current),
        },
        body,
      )
      const parts = await partsOf(tenant, input)
      await writes.correct(tenant.organizationId, id, valuesOf(input), parts)
      return deps.transactions.get(tenant, id)
    },
  }
}

export type CashSaleService = ReturnType<typeof createCashSaleService>
