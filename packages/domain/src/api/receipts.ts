import { z } from 'zod'
import { lifecycleEventDtoSchema } from './e-invoicing-documents'

const id = z.number().int()
const ref = z.object({ id, code: z.string(), name: z.string() })

/**
 * A supplier invoice received through the PA (issue 33): the flow it came in, the status the buyer last sent (the
 * last applied) and the timeline of the statuses sent. Null for a receipt that did not come from the network.
 */
export const receiptEInvoicingDtoSchema = z
  .object({
    flowId: z.string().nullable(),
    status: z.number().int().nullable(),
    statusLabel: z.string().nullable(),
    events: z.array(lifecycleEventDtoSchema),
  })
  .meta({ id: 'ReceiptEInvoicing', description: 'Une facture reçue par le réseau de facturation électronique' })
export type ReceiptEInvoicingDto = z.infer<typeof receiptEInvoicingDtoSchema>

/** A receipt as lists and the editor read it (spec/money.md §3 "Receipt"). */
export const receiptDtoSchema = z
  .object({
    id,
    name: z.string().meta({ description: 'Le nom du fichier envoyé' }),
    extension: z.string().meta({ description: 'png, jpg ou pdf : celle du téléchargement' }),
    mimeType: z.string(),
    size: z.number().int(),
    origin: z.string().meta({ description: 'upload, transaction (envoyé depuis une transaction)' }),
    stateId: id,
    state: ref,
    receiptTypeId: id,
    badge: z.enum(['associated', 'toProcess', 'toAssociate']).meta({
      description: 'Associé (lié à une transaction), À traiter (pas encore validé), À associer (validé, non lié)',
    }),
    reference: z.string().nullable(),
    description: z.string().nullable(),
    contactId: id.nullable(),
    contact: z.object({ id, name: z.string() }).nullable().meta({ description: 'Le fournisseur' }),
    supplierName: z.string().nullable().meta({
      description:
        'Le nom du fournisseur lu sur le fichier (texte, OCR, facture électronique) ou corrigé : proposé tant qu’aucun contact n’est choisi, créé comme fournisseur à la validation',
    }),
    reading: z.boolean().meta({
      description:
        'Le fichier est encore en cours de lecture (OCR) : les champs se rempliront, sauf si le justificatif est enregistré avant',
    }),
    datedAt: z.string().nullable(),
    currencyId: id,
    taxExcluded: z.string().nullable(),
    taxAmount: z.string().nullable().meta({ description: 'TTC − HT, calculé à l’enregistrement' }),
    taxIncluded: z.string().nullable(),
    failure: z.string().nullable().meta({ description: 'Pourquoi la lecture du fichier a échoué (état FAILED)' }),
    dueAt: z.string().nullable().meta({ description: 'Échéance (facture électronique reçue, BT-9)' }),
    iban: z.string().nullable().meta({ description: 'IBAN du fournisseur (facture électronique reçue, BT-84)' }),
    eInvoiceFormat: z
      .enum(['factur-x', 'ubl', 'cii'])
      .nullable()
      .meta({ description: 'Le format quand le fichier est une facture électronique' }),
    vatLines: z
      .array(
        z.object({
          ratePercent: z.string(),
          taxableAmount: z.string(),
          taxAmount: z.string(),
          categoryCode: z.string(),
        }),
      )
      .nullable()
      .meta({ description: 'La TVA par taux de la facture électronique (BG-23)' }),
    transactions: z.array(z.object({ id, name: z.string(), datedAt: z.string(), amount: z.string(), journalId: id })),
    eInvoicing: receiptEInvoicingDtoSchema.nullable().meta({
      description: 'Facture électronique reçue par la plateforme agréée : son flux, son statut, ses statuts envoyés',
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Receipt', description: 'Un justificatif (facture reçue, ticket, note)' })
export type ReceiptDto = z.infer<typeof receiptDtoSchema>

/** A receipt as a transaction lists it. */
export const transactionReceiptDtoSchema = z
  .object({ id, name: z.string(), extension: z.string(), stateId: id, taxIncluded: z.string().nullable() })
  .meta({ id: 'TransactionReceipt', description: 'Un justificatif associé à la transaction' })
export type TransactionReceiptDto = z.infer<typeof transactionReceiptDtoSchema>
