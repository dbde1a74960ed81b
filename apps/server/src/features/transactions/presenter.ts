import { type JournalTypeCode, sum, type TransactionDto, toCents } from '@app/domain'
import type { createTransactionRepo } from './repo'

type Repo = ReturnType<typeof createTransactionRepo>
type Row = NonNullable<Awaited<ReturnType<Repo['find']>>>
type Part = Awaited<ReturnType<Repo['allocationsOf']>>[number]

/** Transactions as the API answers them, each with its parts in order and the VAT of its split. */
export function presentTransactions(rows: Row[], parts: Part[], today: string): TransactionDto[] {
  return rows.map(({ transaction, journal }) => {
    const own = parts.filter((part) => part.allocation.transactionId === transaction.id)
    return {
      id: transaction.id,
      journalId: transaction.journalId,
      journal: { ...journal, journalTypeCode: journal.journalTypeCode as JournalTypeCode },
      name: transaction.name,
      rawName: transaction.rawName,
      datedAt: transaction.datedAt,
      valueDate: transaction.valueDate,
      amount: transaction.amount,
      taxAmount: toCents(sum(own.length > 0 ? own.map((part) => part.allocation.taxAmount) : ['0'])),
      counterparty: transaction.counterparty,
      reference: transaction.reference,
      isChecked: transaction.isChecked,
      isValidated: transaction.isValidated,
      hasNoReceipt: transaction.hasNoReceipt,
      isFuture: transaction.datedAt > today,
      origin: transaction.origin as TransactionDto['origin'],
      transactionAllocations: own.map(({ allocation, tax, accountingEntry }) => ({
        id: allocation.id,
        position: allocation.position,
        name: allocation.name,
        amount: allocation.amount,
        taxAmount: allocation.taxAmount,
        taxManual: allocation.taxManual,
        taxId: allocation.taxId,
        tax,
        accountingEntryId: allocation.accountingEntryId,
        accountingEntry,
      })),
      createdAt: transaction.createdAt,
      updatedAt: transaction.updatedAt,
    }
  })
}
