import { z } from 'zod'

const money = () => z.string().meta({ description: 'Montant décimal en chaîne ("120.50")' })

export const reportMonthSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** "janvier 2026". */
  label: z.string(),
  /** "janv." */
  shortLabel: z.string(),
})
export type ReportMonth = z.infer<typeof reportMonthSchema>

export const operatingAccountRowSchema = z.object({
  accountCode: z.string(),
  label: z.string(),
  /** One amount per month of `months`, in their order. */
  amounts: z.array(money()),
  total: money(),
})
export type OperatingAccountRow = z.infer<typeof operatingAccountRowSchema>

export const operatingAccountDtoSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    months: z.array(reportMonthSchema),
    /** Produits (class 7), credit − debit. */
    income: z.array(operatingAccountRowSchema),
    /** Charges (class 6), debit − credit. */
    outcome: z.array(operatingAccountRowSchema),
    totals: z.object({ income: z.array(money()), outcome: z.array(money()), balance: z.array(money()) }),
    summary: z.object({ income: money(), outcome: money(), balance: money() }),
  })
  .meta({ id: 'OperatingAccount', description: "Compte d'exploitation : produits et charges par mois" })
export type OperatingAccountDto = z.infer<typeof operatingAccountDtoSchema>

export const vatMonthDtoSchema = reportMonthSchema.extend({
  collected: z.object({
    total: money(),
    normal: money(),
    intermediate: money(),
    reduced: money(),
    superReduced: money(),
  }),
  deductible: z.object({ total: money(), goodsAndServices: money(), fixedAssets: money() }),
  balance: money(),
})
export type VatMonthDto = z.infer<typeof vatMonthDtoSchema>

export const vatReportDtoSchema = z
  .object({
    year: z.number().int(),
    summary: z.object({ collected: money(), deductible: money(), balance: money() }),
    months: z.array(vatMonthDtoSchema),
    availableYears: z.array(z.number().int()),
  })
  .meta({ id: 'VatReport', description: 'T.V.A. collectée et déductible par mois, selon son exigibilité' })
export type VatReportDto = z.infer<typeof vatReportDtoSchema>

export const vatDetailLineSchema = z.object({
  /** When the VAT fell due: the entry's date, or the payment's for VAT on encaissements. */
  dueAt: z.string(),
  journalCode: z.string(),
  pieceRef: z.string(),
  label: z.string(),
  kind: z.enum(['collected', 'deductible']),
  ratePercent: z.string(),
  accountCode: z.string(),
  base: money(),
  tax: money(),
})
export type VatDetailLine = z.infer<typeof vatDetailLineSchema>

export const vatMonthDetailDtoSchema = z
  .object({
    month: reportMonthSchema,
    lines: z.array(vatDetailLineSchema),
    collected: money(),
    deductible: money(),
    balance: money(),
  })
  .meta({ id: 'VatMonthDetail', description: "Le détail d'un mois de T.V.A. : chaque opération et sa taxe" })
export type VatMonthDetailDto = z.infer<typeof vatMonthDetailDtoSchema>

export const salesReportTaxSchema = z.object({
  /** The rate: "20", "5.5", "0". */
  key: z.string(),
  /** "T.V.A. 20 %". */
  label: z.string(),
  totalExcluded: money(),
  totalTaxes: money(),
})

const salesFiguresSchema = z.object({
  taxes: z.array(salesReportTaxSchema),
  totalTaxExcluded: money(),
  totalTaxes: money(),
  totalTaxIncluded: money(),
})

export const salesReportDtoSchema = z
  .object({
    year: z.number().int(),
    /** FREE (franchise en base): the page hides the H.T. and T.V.A. totals. */
    taxRegimeCode: z.string(),
    /** Every rate met in the year, in order: each month lists them all, zeros included. */
    rates: z.array(z.object({ key: z.string(), label: z.string() })),
    months: z.array(reportMonthSchema.extend(salesFiguresSchema.shape)),
    total: salesFiguresSchema,
    availableYears: z.array(z.number().int()),
  })
  .meta({ id: 'SalesReport', description: 'Ventes par mois et par taux, tirées des factures et avoirs validés' })
export type SalesReportDto = z.infer<typeof salesReportDtoSchema>
