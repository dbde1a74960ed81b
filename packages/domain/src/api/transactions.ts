import { z } from 'zod'
import { JOURNAL_TYPE_CODES } from '../schemas/journals'

const id = z.number().int()

export const transactionAllocationDtoSchema = z
  .object({
    id,
    position: z.number().int(),
    name: z.string(),
    amount: z.string().meta({ description: 'TTC, signe de la transaction, ex. "-120.00"' }),
    taxAmount: z.string().meta({ description: 'TVA incluse dans le montant, même signe' }),
    taxManual: z.boolean().meta({ description: 'TVA saisie à la main ("man.")' }),
    taxId: id,
    tax: z.object({
      id,
      code: z.string(),
      name: z.string(),
      amount: z.string(),
      taxTypeCode: z.string(),
      taxRateCode: z.string(),
    }),
    accountingEntryId: id,
    accountingEntry: z.object({ id, code: z.string(), name: z.string() }),
  })
  .meta({ id: 'TransactionAllocation', description: 'Une part de la ventilation d’une transaction' })
export type TransactionAllocationDto = z.infer<typeof transactionAllocationDtoSchema>

export const transactionDtoSchema = z
  .object({
    id,
    journalId: id,
    journal: z.object({ id, name: z.string(), code: z.string(), journalTypeCode: z.enum(JOURNAL_TYPE_CODES) }),
    name: z.string(),
    rawName: z.string().meta({ description: 'Le libellé tel que la banque l’a donné, jamais modifié' }),
    datedAt: z.string(),
    valueDate: z.string().nullable(),
    amount: z.string().meta({ description: 'Négatif pour une dépense, ex. "-120.00"' }),
    taxAmount: z.string().meta({ description: 'La TVA de la ventilation, somme des parts' }),
    counterparty: z.string().nullable(),
    reference: z.string().nullable(),
    isChecked: z.boolean(),
    isValidated: z.boolean(),
    hasNoReceipt: z.boolean(),
    isFuture: z.boolean(),
    origin: z.enum(['manual', 'import', 'bridge', 'qonto']),
    transactionAllocations: z.array(transactionAllocationDtoSchema),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    id: 'Transaction',
    description: 'Mouvement d’un compte (banque, caisse, note de frais), avec sa ventilation',
  })
export type TransactionDto = z.infer<typeof transactionDtoSchema>

export const toCategorizeCountSchema = z.object({ count: z.number().int() })
