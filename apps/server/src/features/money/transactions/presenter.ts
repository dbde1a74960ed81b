import { bankOf, type JournalTypeCode, sum, type TransactionDto, toCents } from '@app/domain'
import type { createTransactionRepo } from './repo'

type Repo = ReturnType<typeof createTransactionRepo>
type Row = NonNullable<Awaited<ReturnType<Repo['find']>>>
type Part = Awaited<ReturnType<Repo['allocationsOf']>>[number]
type Extras = Awaited<ReturnType<Repo['extrasOf']>>

/**
 * Transactions as the API answers them, each with its parts in order and the VAT of its split, the invoices it paid,
 * its bank (from the account's BIC or IBAN), its comment count and its note; for an expense note, the bank line it was
 * made from, and for a bank line, the note made from it.
 */
export function presentTransactions(
  rows: Row[],
  parts: Part[],
  extras: Extras,
  today: string,
  /** The expense notes made from these bank lines. */
  expenseNotes: { id: number; sourceTransactionId: number | null }[] = [],
): TransactionDto[] {
  return rows.map(({ transaction, journal }) => {
    const own = parts.filter((part) => part.allocation.transactionId === transaction.id)
    const { iban, bic, ...journalSummary } = journal
    return {
      id: transaction.id,
      journalId: transaction.journalId,
      journal: { ...journalSummary, journalTypeCode: journal.journalTypeCode as JournalTypeCode },
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
        mileage: allocation.mileage ?? null,
      })),
      invoices: extras.invoices
        .filter((invoice) => invoice.transactionId === transaction.id)
        .map(({ transactionId, customer, ...invoice }) => ({ ...invoice, customerName: customer?.name ?? null })),
      receipts: extras.receipts
        .filter((receipt) => receipt.transactionId === transaction.id)
        .map(({ transactionId, ...receipt }) => receipt),
      bank: { name: bankOf({ iban, bic })?.name ?? null },
      commentCount: extras.commentCounts.find((row) => row.subjectId === transaction.id)?.total ?? 0,
      note: extras.notes.find((row) => row.subjectId === transaction.id)?.comment ?? null,
      sourceTransactionId: transaction.sourceTransactionId,
      expenseNoteId: expenseNotes.find((note) => note.sourceTransactionId === transaction.id)?.id ?? null,
      createdAt: transaction.createdAt,
      updatedAt: transaction.updatedAt,
    }
  })
}
