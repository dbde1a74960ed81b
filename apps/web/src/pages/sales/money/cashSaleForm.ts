import {
  type AccountingEntryDto,
  CASH_SALE_LINE_NAMES,
  type CashSaleCreateBody,
  cashSaleCreateSchema,
  cashSaleTotals,
  isCashReceiptCategory,
  isCashSaleCategory,
  type TransactionDto,
  todayInParis,
} from '@app/domain'
import {
  CASH_SALE_LINES,
  emptyLine,
  lineAmounts,
  lineBody,
  type MoneyLine,
  moneyLinesOf,
} from '../../../components/cash/moneyLines'
import { zodValidate } from '../../../lib/form'

export const CASH_SALES_PATH = '/app/sales/money'
export const cashSalePath = (id: number) => `${CASH_SALES_PATH}/${id}`

/** The cash sale form's values: the day, an optional name (the day's default otherwise), the lines. */
export type CashSaleValues = { datedAt: string; name: string; allocations: MoneyLine[] }

/** A stored sale as the form shows it, or a new one: today, a sale line and a receipt line. */
export const cashSaleValuesOf = (sale: TransactionDto | null, now = new Date()): CashSaleValues =>
  sale
    ? { datedAt: sale.datedAt, name: sale.name, allocations: moneyLinesOf(sale, CASH_SALE_LINES) }
    : {
        datedAt: todayInParis(now),
        name: '',
        allocations: [emptyLine(CASH_SALE_LINE_NAMES.sale), emptyLine(CASH_SALE_LINE_NAMES.receipt)],
      }

/** The body of POST or PATCH /cash-sales: an empty name lets the server name the sale after its day. */
export const cashSaleBodyOf = (values: CashSaleValues): CashSaleCreateBody => ({
  name: values.name.trim() === '' ? null : values.name,
  datedAt: values.datedAt,
  allocations: values.allocations.map(lineBody),
})

/** The form's errors, from the schema the server checks with (both groups of lines against the takings). */
export const validateCashSale = (values: CashSaleValues) => zodValidate(cashSaleCreateSchema)(cashSaleBodyOf(values))

/** The takings, what came in, and the gap between them while typing. */
export const cashSaleTotalsOf = (values: Pick<CashSaleValues, 'allocations'>) =>
  cashSaleTotals(lineAmounts(values.allocations))

const saleCategory = (category: AccountingEntryDto) => isCashSaleCategory(category.code)
const receiptCategory = (category: AccountingEntryDto) => isCashReceiptCategory(category.code)

/** A sale line takes a sales category (701, 706, 707, 708), a receipt line a treasury account (530, 580…). */
export const cashSaleCategoryFilter = (kind: string) =>
  kind === CASH_SALE_LINE_NAMES.receipt ? receiptCategory : saleCategory
