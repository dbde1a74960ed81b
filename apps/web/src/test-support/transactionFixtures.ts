import type { AccountingEntryDto, TransactionDto } from '@app/domain'

/** What tells one fake's bank line from another's; the rest is a fresh import. */
type LineIdentity = Pick<TransactionDto, 'id' | 'name' | 'rawName' | 'datedAt' | 'amount' | 'createdAt' | 'updatedAt'>

/**
 * A bank line as the API answers it just after its import into "Compte pro": nothing attached, checked or validated.
 * The fakes of the bank list and of one transaction each give their own line, and a test its `overrides`.
 */
export const importedTransaction = (
  identity: LineIdentity,
  overrides: Partial<TransactionDto> = {},
): TransactionDto => ({
  ...identity,
  journalId: 1,
  journal: { id: 1, name: 'Compte pro', code: 'BQ1', journalTypeCode: 'BQ' },
  valueDate: null,
  taxAmount: '0.00',
  counterparty: null,
  reference: null,
  isChecked: false,
  isValidated: false,
  hasNoReceipt: false,
  isFuture: false,
  origin: 'import',
  transactionAllocations: [],
  invoices: [],
  receipts: [],
  bank: { name: 'Société Générale' },
  commentCount: 0,
  note: null,
  sourceTransactionId: null,
  expenseNoteId: null,
  ...overrides,
})

/**
 * A category of the common chart as GET /accounting-entries answers it: a charge under 6, a sale under 7, a folder
 * under code '0'.
 */
export const accountingEntry = (
  id: number,
  parentId: number | null,
  code: string,
  name: string,
  taxTypeId: number,
  taxRateId: number,
  keywords: string | null = null,
): AccountingEntryDto => ({
  id,
  parentId,
  code,
  name,
  description: null,
  hint: null,
  keywords,
  taxTypeId,
  taxRateId,
  isExp: code.startsWith('6'),
  isCash: false,
  isSale: code.startsWith('7'),
  isParent: code === '0',
  isDisplayed: true,
  isCommon: true,
  organizationId: null,
  isActive: true,
  isEditable: false,
  tags: [],
  position: id,
})
