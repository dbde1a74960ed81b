import { z } from 'zod'
import { VEHICLE_TYPES, type VehicleType } from '../expenses/mileage'
import { CATEGORY_SUGGESTION_SOURCES } from '../ledger/suggestions'
import { JOURNAL_TYPE_CODES } from '../schemas/journals'
import { transactionReceiptDtoSchema } from './receipts'

const id = z.number().int()

/** A mileage line's inputs and the scale that gave its amount (expenses/mileage.ts MileageDetail). */
export const mileageDetailDtoSchema = z
  .object({
    vehicleType: z.enum(Object.keys(VEHICLE_TYPES) as [VehicleType, ...VehicleType[]]),
    fiscalPower: z.number().int().nullable(),
    distanceKm: z.string(),
    yearlyDistanceKm: z.string(),
    scaleYear: z.number().int().meta({ description: 'Année de revenus du barème kilométrique appliqué' }),
  })
  .meta({ id: 'MileageDetail', description: 'Frais kilométriques : véhicule, distances et barème appliqué' })

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
    mileage: mileageDetailDtoSchema
      .nullable()
      .meta({ description: 'Ligne de frais kilométriques d’une note de frais' }),
  })
  .meta({ id: 'TransactionAllocation', description: 'Une part de la ventilation d’une transaction' })
export type TransactionAllocationDto = z.infer<typeof transactionAllocationDtoSchema>

export const transactionInvoiceDtoSchema = z
  .object({
    id,
    reference: z.string().nullable(),
    name: z.string(),
    customerName: z.string().nullable(),
    datedAt: z.string(),
    totalTaxIncluded: z.string(),
    amount: z.string().meta({ description: 'Net à payer' }),
  })
  .meta({ id: 'TransactionInvoice', description: 'Facture de vente rattachée à un encaissement' })
export type TransactionInvoiceDto = z.infer<typeof transactionInvoiceDtoSchema>

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
    invoices: z.array(transactionInvoiceDtoSchema).meta({ description: 'Factures de vente payées par ce virement' }),
    receipts: z.array(transactionReceiptDtoSchema).meta({ description: 'Justificatifs associés' }),
    bank: z.object({ name: z.string().nullable() }).meta({ description: 'La banque du compte, si reconnue' }),
    commentCount: z.number().int(),
    note: z.string().nullable().meta({ description: 'La note privée de la transaction' }),
    sourceTransactionId: id
      .nullable()
      .meta({ description: 'Note de frais : la transaction bancaire à partir de laquelle elle a été créée' }),
    expenseNoteId: id.nullable().meta({ description: 'Transaction bancaire : la note de frais créée à partir d’elle' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({
    id: 'Transaction',
    description: 'Mouvement d’un compte (banque, caisse, note de frais), avec sa ventilation',
  })
export type TransactionDto = z.infer<typeof transactionDtoSchema>

export const toCategorizeCountSchema = z.object({ count: z.number().int() })

export const transactionBulkResultSchema = z.object({ updated: z.number().int() })

/** GET /transactions/{id}/suggestions: up to 3 categories, the most likely first, none when nothing fits. */
export const transactionSuggestionDtoSchema = z
  .object({
    accountingEntry: z.object({ id, code: z.string(), name: z.string() }),
    taxId: id,
    // "tags" (the usual categories of a direction, the same for every line) is no longer given; kept so that a client
    // that knows it still reads every answer.
    source: z.enum([...CATEGORY_SUGGESTION_SOURCES, 'tags']).meta({
      description:
        'rule: une règle qui correspond à la ligne ou presque (mots présents, montant ou compte différent) ; history : libellé identique ou proche déjà catégorisé ; counterparty : même tiers ; keywords : mots du libellé (frais bancaires, Urssaf, supermarché…) ; tags : ancienne valeur, plus renvoyée',
    }),
  })
  .meta({ id: 'TransactionSuggestion', description: 'Une catégorie proposée pour une transaction à catégoriser' })
export type TransactionSuggestionDto = z.infer<typeof transactionSuggestionDtoSchema>

/** GET /transactions/{id}/invoice-suggestions: the invoices an incoming line may pay, best first (issue 30). */
export const invoiceSuggestionDtoSchema = z
  .object({
    kind: z.enum(['reconcile', 'pay']).meta({
      description:
        "reconcile : la ligne est celle d'un paiement enregistré à la main (la rattacher le rapproche, sans second paiement) ; pay : la ligne paie ces factures",
    }),
    reasons: z.array(z.string()).meta({ description: 'Pourquoi, en français' }),
    invoices: z.array(
      z.object({
        id,
        reference: z.string(),
        customerName: z.string(),
        datedAt: z.string(),
        leftToPay: z.string().meta({ description: 'Reste à payer TTC' }),
      }),
    ),
  })
  .meta({ id: 'InvoiceSuggestion', description: "Facture(s) qu'une ligne bancaire reçue peut payer, avec les raisons" })
export type InvoiceSuggestionDto = z.infer<typeof invoiceSuggestionDtoSchema>

/** GET /invoices/{id}/transactions: the transfers that paid an invoice. */
export const invoiceTransactionDtoSchema = z
  .object({ id, name: z.string(), datedAt: z.string(), amount: z.string(), journalName: z.string() })
  .meta({ id: 'InvoiceTransaction', description: 'Encaissement rattaché à une facture' })
export type InvoiceTransactionDto = z.infer<typeof invoiceTransactionDtoSchema>
