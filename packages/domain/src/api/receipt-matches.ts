import { z } from 'zod'
import { receiptDtoSchema } from './receipts'

const id = z.number().int()
const score = z
  .number()
  .min(0)
  .max(1)
  .meta({ description: 'De 0 à 1 : plus il est haut, plus le rapprochement est sûr' })
const reasons = z
  .array(z.string())
  .meta({ description: 'Pourquoi, en français : « même montant », « 2 jours d’écart », « fournisseur ressemblant »…' })

/** A bank line as a suggestion shows it. */
export const matchTransactionDtoSchema = z
  .object({
    id,
    name: z.string(),
    rawName: z.string(),
    datedAt: z.string(),
    amount: z.string().meta({ description: 'Négatif : une dépense, ex. "-120.00"' }),
    journalId: id,
  })
  .meta({ id: 'MatchTransaction', description: 'Une ligne bancaire proposée pour un justificatif' })
export type MatchTransactionDto = z.infer<typeof matchTransactionDtoSchema>

/** GET /receipts/{id}/matches: the bank lines that may be this receipt's payment, best first. */
export const receiptTransactionMatchDtoSchema = z
  .object({ transaction: matchTransactionDtoSchema, score, reasons })
  .meta({ id: 'ReceiptTransactionMatch', description: 'Une transaction qui pourrait être le paiement du justificatif' })
export type ReceiptTransactionMatchDto = z.infer<typeof receiptTransactionMatchDtoSchema>

/** GET /transactions/{id}/receipt-matches: the receipts that may justify this bank line, best first. */
export const transactionReceiptMatchDtoSchema = z
  .object({ receipt: receiptDtoSchema, score, reasons })
  .meta({ id: 'TransactionReceiptMatch', description: 'Un justificatif qui pourrait justifier la transaction' })
export type TransactionReceiptMatchDto = z.infer<typeof transactionReceiptMatchDtoSchema>

/** GET /receipt-matches: the organisation's best pairs, each receipt and each line at most once. */
export const receiptMatchDtoSchema = z
  .object({
    receiptId: id,
    transactionId: id,
    score,
    reasons,
    receipt: receiptDtoSchema,
    transaction: matchTransactionDtoSchema,
  })
  .meta({ id: 'ReceiptMatch', description: 'Un rapprochement suggéré : un justificatif et la transaction qui le paie' })
export type ReceiptMatchDto = z.infer<typeof receiptMatchDtoSchema>
