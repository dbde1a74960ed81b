import { z } from 'zod'

/**
 * What the API answers about e-reporting (flux 10, decision 0044): each period of the organisation's VAT regime, its
 * figures before sending, and every transmission with the PA's acknowledgement.
 */

const money = () => z.string().meta({ description: 'Montant décimal en chaîne, deux décimales ("120.50", "-30.00")' })
const isoDate = () => z.string().meta({ description: 'Date AAAA-MM-JJ' })

export const E_REPORTING_KINDS = ['transactions', 'payments'] as const
export type EReportingKind = (typeof E_REPORTING_KINDS)[number]

export const E_REPORTING_STATES = [
  'running',
  'nothingToReport',
  'toSend',
  'late',
  'sending',
  'sent',
  'accepted',
  'rejected',
  'changed',
] as const
export type EReportingState = (typeof E_REPORTING_STATES)[number]

export const REPORTING_CATEGORIES = ['TLB1', 'TPS1', 'TNT1', 'TMA1'] as const

/** The totals of a period, for its row in the list. */
export const eReportingSummarySchema = z
  .object({
    aggregatedCount: z.number().int().meta({
      description: 'Transactions : documents B2C agrégés (10.3) ; paiements : encaissements B2C (10.4)',
    }),
    aggregatedAmount: money().meta({ description: 'B2C : total HT des transactions, ou total TTC encaissé' }),
    aggregatedTax: money().nullable().meta({ description: 'TVA des transactions B2C ; null pour les paiements' }),
    unitaryCount: z.number().int().meta({ description: 'Factures (10.1) ou paiements (10.2) déclarés un par un' }),
    unitaryAmount: money().meta({
      description: 'Leur total : HT pour les transactions, TTC encaissé pour les paiements',
    }),
  })
  .meta({ id: 'EReportingSummary' })
export type EReportingSummaryDto = z.infer<typeof eReportingSummarySchema>

const transactionRateSchema = z.object({
  category: z.enum(REPORTING_CATEGORIES).meta({
    description:
      'TLB1 livraisons de biens, TPS1 prestations de services, TNT1 hors TVA française, TMA1 régime de la marge',
  }),
  ratePercent: z.string().meta({ description: 'Taux de TVA en pourcentage ("20", "5.5", "0")' }),
  taxExcluded: money(),
  tax: money(),
})

export const eReportingAggregatedTransactionSchema = transactionRateSchema
  .extend({ date: isoDate(), operations: z.number().int() })
  .meta({ id: 'EReportingAggregatedTransaction', description: 'Ventes B2C d’un jour, par catégorie et taux (10.3)' })

export const eReportingUnitaryTransactionSchema = z
  .object({
    number: z.string(),
    date: isoDate(),
    isCreditNote: z.boolean(),
    buyerCountryCode: z.string(),
    buyerVatNumber: z.string().nullable(),
    rates: z.array(transactionRateSchema),
    taxExcluded: money(),
    tax: money(),
    taxIncluded: money(),
  })
  .meta({ id: 'EReportingUnitaryTransaction', description: 'Facture ou avoir à une entreprise étrangère (10.1)' })

const paymentRateSchema = z.object({ ratePercent: z.string(), amount: money() })

export const eReportingAggregatedPaymentSchema = paymentRateSchema
  .extend({ date: isoDate() })
  .meta({ id: 'EReportingAggregatedPayment', description: 'Encaissements B2C d’un jour, par taux (10.4)' })

export const eReportingUnitaryPaymentSchema = z
  .object({
    date: isoDate(),
    invoiceNumber: z.string(),
    invoiceDate: isoDate(),
    buyerCountryCode: z.string(),
    buyerVatNumber: z.string().nullable(),
    rates: z.array(paymentRateSchema),
    amount: money(),
  })
  .meta({ id: 'EReportingUnitaryPayment', description: 'Encaissement d’une entreprise étrangère (10.2)' })

export const eReportingTransmissionSchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    createdBy: z.string().nullable().meta({ description: 'Le membre qui a transmis ; null pour Carnet' }),
    isCorrection: z.boolean().meta({ description: 'Transmission rectificative d’une période déjà transmise' }),
    flowType: z.string().meta({
      description:
        'AggregatedCustomerTransactionReport, UnitaryCustomerTransactionReport, AggregatedCustomerPaymentReport, UnitaryCustomerPaymentReport ou MultiFlowReport',
    }),
    fileName: z.string(),
    delivery: z.enum(['queued', 'sent', 'failed']),
    flowId: z.string().nullable().meta({ description: 'Identifiant du flux chez la plateforme agréée' }),
    ackStatus: z.enum(['Pending', 'Ok', 'Error']).nullable(),
    /** The PA's acknowledgement details and the last sending error, in French. */
    messages: z.array(z.string()),
    summary: eReportingSummarySchema,
  })
  .meta({ id: 'EReportingTransmission', description: 'Une transmission de données e-reporting et son accusé' })
export type EReportingTransmissionDto = z.infer<typeof eReportingTransmissionSchema>

export const eReportingPeriodSchema = z
  .object({
    kind: z.enum(E_REPORTING_KINDS),
    start: isoDate(),
    end: isoDate(),
    deadline: isoDate().meta({ description: 'Date limite de transmission à la plateforme agréée' }),
    state: z.enum(E_REPORTING_STATES),
    stateLabel: z.string(),
    summary: eReportingSummarySchema,
    /** The last transmission, if any. */
    lastTransmission: eReportingTransmissionSchema.nullable(),
  })
  .meta({ id: 'EReportingPeriod', description: 'Une période de e-reporting (flux 10)' })
export type EReportingPeriodDto = z.infer<typeof eReportingPeriodSchema>

export const eReportingPeriodDetailSchema = eReportingPeriodSchema
  .extend({
    /** transactions: 10.3 and 10.1; payments: 10.4 and 10.2 (the other two are empty). */
    aggregatedTransactions: z.array(eReportingAggregatedTransactionSchema),
    unitaryTransactions: z.array(eReportingUnitaryTransactionSchema),
    aggregatedPayments: z.array(eReportingAggregatedPaymentSchema),
    unitaryPayments: z.array(eReportingUnitaryPaymentSchema),
    transmissions: z.array(eReportingTransmissionSchema),
    /** Whether the organisation is linked to a PA (otherwise the figures show, sending is refused). */
    connected: z.boolean(),
    /** Whether « Transmettre » is offered now (ended, something to report or correct, nothing in flight, linked). */
    canSend: z.boolean(),
  })
  .meta({
    id: 'EReportingPeriodDetail',
    description: 'Une période de e-reporting avec ses chiffres et ses transmissions',
  })
export type EReportingPeriodDetailDto = z.infer<typeof eReportingPeriodDetailSchema>
