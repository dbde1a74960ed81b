import {
  CASH_LINE_NAMES,
  type CashOperationCreateBody,
  cashOperationAmount,
  cashOperationCreateSchema,
  type TransactionDto,
  todayInParis,
} from '@app/domain'
import {
  CASH_LINES,
  emptyLine,
  lineAmounts,
  lineBody,
  type MoneyLine,
  moneyLinesOf,
} from '../../../components/cash/moneyLines'
import { zodValidate } from '../../../lib/form'

/** The cash movement form's values (spec/money.md §5 "Expense and cash forms": datedAt, journalId, name, lines). */
export type CashValues = { journalId: string; datedAt: string; name: string; allocations: MoneyLine[] }

/** A stored movement as the form shows it, or a new one: today, one entry line. */
export const cashValuesOf = (operation: TransactionDto | null, now = new Date()): CashValues =>
  operation
    ? {
        journalId: String(operation.journalId),
        datedAt: operation.datedAt,
        name: operation.name,
        allocations: moneyLinesOf(operation, CASH_LINES),
      }
    : { journalId: '', datedAt: todayInParis(now), name: '', allocations: [emptyLine(CASH_LINE_NAMES.in)] }

/** The body of POST /cash-operations (the journal only when one was chosen: the server takes the cash box otherwise). */
export const cashBodyOf = (values: CashValues): CashOperationCreateBody => ({
  ...(values.journalId ? { journalId: Number(values.journalId) } : {}),
  name: values.name,
  datedAt: values.datedAt,
  allocations: values.allocations.map(lineBody),
})

/** The form's errors, from the very schema the server checks with, keyed as its 422 answers are. */
export const validateCash = (values: CashValues) => zodValidate(cashOperationCreateSchema)(cashBodyOf(values))

/** What the movement adds to or takes from the cash box: the sum of its signed lines. */
export const cashTotalOf = (values: Pick<CashValues, 'allocations'>) =>
  cashOperationAmount(lineAmounts(values.allocations))
