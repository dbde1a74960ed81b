import { z } from 'zod'

/**
 * A received e-invoice (CII, UBL, or the XML of a Factur-X) laid out for reading (issue 33: receipts "with their PDF
 * or readable view"). Read again from the receipt's file at each request: the file is the legal original, this is
 * only its reading. Amounts are decimal strings as the seller wrote them (two decimals, more when written so); a
 * credit note's amounts are positive, its type code (381) says it is a credit.
 */

const text = z.string()
const maybe = z.string().nullable()
const decimal = (description: string) => z.string().nullable().meta({ description })

const addressSchema = z
  .object({
    lines: z.array(text).meta({ description: 'Lignes d’adresse (BT-35, BT-36, BT-162)' }),
    postcode: maybe.meta({ description: 'Code postal (BT-38)' }),
    city: maybe.meta({ description: 'Ville (BT-37)' }),
    subdivision: maybe.meta({ description: 'Région, département (BT-39)' }),
    country: maybe.meta({ description: 'Code pays ISO 3166 (BT-40)' }),
  })
  .meta({ id: 'ReceivedEInvoiceAddress', description: 'Adresse postale d’une partie (BG-5, BG-8)' })

const vatOf = {
  vatCategoryCode: maybe.meta({ description: 'Catégorie de TVA UNTDID 5305 : S, Z, E, AE, K, G, O…' }),
  vatRatePercent: decimal('Taux de TVA en pourcentage'),
}

const lineSchema = z
  .object({
    id: maybe.meta({ description: 'Identifiant de la ligne (BT-126)' }),
    name: maybe.meta({ description: 'Désignation (BT-153)' }),
    description: maybe.meta({ description: 'Description (BT-154)' }),
    quantity: decimal('Quantité facturée (BT-129)'),
    unitCode: maybe.meta({ description: 'Unité, code UN/ECE Rec. 20 : C62 unité, HUR heure, DAY jour… (BT-130)' }),
    netUnitPrice: decimal('Prix unitaire net HT (BT-146)'),
    priceBaseQuantity: decimal('Quantité à laquelle s’applique le prix, quand ce n’est pas 1 (BT-149)'),
    netAmount: decimal('Montant net HT de la ligne (BT-131)'),
    ...vatOf,
  })
  .meta({ id: 'ReceivedEInvoiceLine', description: 'Une ligne de la facture reçue (BG-25)' })

const allowanceChargeSchema = z
  .object({
    charge: z.boolean().meta({ description: 'true : frais (BG-21) ; false : remise (BG-20)' }),
    amount: decimal('Montant HT (BT-92, BT-99)'),
    reason: maybe.meta({ description: 'Motif (BT-97, BT-104)' }),
    reasonCode: maybe.meta({ description: 'Code du motif, UNTDID 5189 ou 7161 (BT-98, BT-105)' }),
    ...vatOf,
  })
  .meta({ id: 'ReceivedEInvoiceAllowanceCharge', description: 'Une remise ou des frais sur l’ensemble du document' })

export const receivedEInvoiceDtoSchema = z
  .object({
    format: z.enum(['factur-x', 'ubl', 'cii']).meta({ description: 'Le format du fichier reçu' }),
    number: text.meta({ description: 'Numéro (BT-1)' }),
    issueDate: text.meta({ description: 'Date d’émission (BT-2)' }),
    dueDate: maybe.meta({ description: 'Échéance (BT-9)' }),
    typeCode: text.meta({ description: 'Type de document UNTDID 1001 : 380 facture, 381 avoir, 386 acompte… (BT-3)' }),
    currency: text.meta({ description: 'Devise ISO 4217 (BT-5)' }),
    seller: z
      .object({
        name: text,
        siren: maybe,
        siret: maybe,
        vatNumber: maybe,
        iban: maybe.meta({ description: 'IBAN du vendeur (BT-84)' }),
        address: addressSchema.nullable(),
      })
      .meta({ description: 'Le vendeur, ton fournisseur (BG-4)' }),
    buyer: z
      .object({ name: text, siren: maybe, vatNumber: maybe, address: addressSchema.nullable() })
      .meta({ description: 'L’acheteur, toi (BG-7)' }),
    lines: z.array(lineSchema),
    allowancesCharges: z.array(allowanceChargeSchema).meta({ description: 'Remises et frais du document' }),
    linesTotal: decimal('Somme des lignes HT (BT-106)'),
    totalTaxExcluded: text.meta({ description: 'Total HT (BT-109)' }),
    totalTax: text.meta({ description: 'Total TVA (BT-110)' }),
    totalTaxIncluded: text.meta({ description: 'Total TTC (BT-112)' }),
    prepaidAmount: decimal('Déjà payé (BT-113)'),
    amountDue: text.meta({ description: 'Net à payer (BT-115)' }),
    vatBreakdown: z
      .array(z.object({ ratePercent: text, taxableAmount: text, taxAmount: text, categoryCode: text }))
      .meta({ description: 'La TVA par taux (BG-23)' }),
    notes: z.array(text).meta({ description: 'Notes (BT-22)' }),
    paymentTerms: maybe.meta({ description: 'Conditions de paiement (BT-20)' }),
    buyerReference: maybe.meta({ description: 'Référence de l’acheteur (BT-10)' }),
    purchaseOrder: maybe.meta({ description: 'Bon de commande (BT-13)' }),
    precedingInvoices: z
      .array(z.object({ number: text, issueDate: maybe }))
      .meta({ description: 'La facture qu’un avoir corrige (BT-25, BT-26)' }),
  })
  .meta({ id: 'ReceivedEInvoice', description: 'Une facture électronique reçue, lue pour être affichée' })
export type ReceivedEInvoiceDto = z.infer<typeof receivedEInvoiceDtoSchema>
export type ReceivedEInvoiceLineDto = ReceivedEInvoiceDto['lines'][number]
export type ReceivedEInvoiceAddressDto = NonNullable<ReceivedEInvoiceDto['seller']['address']>
