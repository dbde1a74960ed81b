import type { TransactionDto } from '@app/domain'

/**
 * A transaction's split as a request body would send it: what a PATCH merges the changes into (cash operations and
 * cash sales, whose merged lines are checked by their own schemas).
 */
export const allocationBodiesOf = (transaction: TransactionDto) =>
  transaction.transactionAllocations.map((part) => ({
    name: part.name,
    amount: part.amount,
    accountingEntryId: part.accountingEntryId,
    taxId: part.taxId,
    taxManual: part.taxManual,
    taxAmount: part.taxAmount,
  }))
