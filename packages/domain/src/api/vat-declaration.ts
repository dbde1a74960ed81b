import { z } from 'zod'
import { CA3_FORM, type Ca3BoxCode } from '../ledger/vat/ca3-labels'

const money = () => z.string().meta({ description: 'Montant décimal en chaîne ("120.50")' })
const CODES = CA3_FORM.flatMap((section) => section.codes) as [Ca3BoxCode, ...Ca3BoxCode[]]

/** A ledger line behind a box, its base and tax signed as they count in that box. */
export const vatDeclarationLineSchema = z
  .object({
    entryId: z.number().int(),
    journalCode: z.string(),
    /** The entry's number in its journal and fiscal year. */
    number: z.number().int(),
    /** When the VAT fell due: the entry's date (a payment's for VAT on encaissements). */
    date: z.string(),
    pieceRef: z.string(),
    label: z.string(),
    accountCode: z.string(),
    /** Canonical percent: "20", "5.5", "0". */
    ratePercent: z.string(),
    /**
     * Negative where the box counts the line against its sign in the books: a credit note moved to a regularisation
     * box (B5, F8, 15, 21), the deductible side of the VAT to pay, the collected side of a credit.
     */
    base: money(),
    tax: money(),
  })
  .meta({ id: 'VatDeclarationLine', description: 'Une ligne du grand livre derrière une case de la déclaration' })
export type VatDeclarationLine = z.infer<typeof vatDeclarationLineSchema>

export const vatDeclarationBoxSchema = z
  .object({
    /** The form's code: "A1", "08", "16", "TD"… */
    code: z.enum(CODES),
    label: z.string(),
    section: z.enum(['taxed', 'untaxed', 'gross', 'deductible', 'credit', 'payable']),
    /** Which column of `lines` adds up to `amount`: the operations' bases (A1, E2…) or the taxes. */
    measure: z.enum(['base', 'tax']),
    /** To the cent, as computed; a rate line's tax. */
    amount: money(),
    /** In whole euros as the form is filled ("1235.00"): each box rounded, the totals recomputed from them. */
    rounded: money(),
    /** A rate line's base (08, 09, 9B, T6), null elsewhere. */
    base: money().nullable(),
    roundedBase: money().nullable(),
    /** They add up to `amount` (and a rate line's bases to `base`). A total lists the lines of the boxes it sums. */
    lines: z.array(vatDeclarationLineSchema),
  })
  .meta({ id: 'VatDeclarationBox', description: 'Une case de la déclaration 3310-CA3-SD et les lignes qui la font' })
export type VatDeclarationBox = z.infer<typeof vatDeclarationBoxSchema>

export const vatDeclarationDtoSchema = z
  .object({
    period: z.object({
      year: z.number().int(),
      /** The month declared; for a quarter, its last month. */
      month: z.number().int(),
      from: z.string(),
      to: z.string(),
      /** "mars 2026", "1er trimestre 2026". */
      label: z.string(),
      regime: z.enum(['MONTH', 'QUARTER']),
    }),
    /** Every box of the form, in its order. */
    boxes: z.array(vatDeclarationBoxSchema),
  })
  .meta({
    id: 'VatDeclaration',
    description: 'La déclaration 3310-CA3-SD d’une période, chaque case avec les lignes du grand livre qui la font',
  })
export type VatDeclarationDto = z.infer<typeof vatDeclarationDtoSchema>
