import { z } from 'zod'
import { pagingFields, searchFields } from '../schemas/lists'
import { cashJournalMessages as m } from './messages'

export const CASH_JOURNAL_KINDS = ['RECORD', 'CORRECTION', 'CANCELLATION', 'CLOSING', 'ARCHIVE'] as const
export type CashJournalKind = (typeof CASH_JOURNAL_KINDS)[number]
export const CLOSING_PERIODS = ['DAY', 'MONTH', 'YEAR'] as const
export type ClosingPeriod = (typeof CLOSING_PERIODS)[number]
export const NOT_CONCERNED_REASONS = ['FRANCHISE', 'NO_CASH_SALES'] as const

const rateTotal = z
  .object({ rate: z.string(), ht: z.string(), tva: z.string(), ttc: z.string() })
  .meta({ id: 'CashRateTotal', description: 'Totaux d’un taux de TVA : HT, TVA, TTC' })

/** One link of the chain, as stored: its content and the signatures that tie it to the one before. */
export const cashJournalEntrySchema = z
  .object({
    sequence: z.number().int().meta({ description: 'Numéro dans la séquence de l’organisation, sans trou, dès 1' }),
    kind: z.enum(CASH_JOURNAL_KINDS),
    recordedAt: z.string().meta({ description: 'Instant d’enregistrement (ISO 8601 UTC)' }),
    recordedOn: z.string().meta({ description: 'Jour d’enregistrement à Paris (AAAA-MM-JJ) : la période de clôture' }),
    transactionId: z.number().int().nullable(),
    closingKey: z
      .string()
      .nullable()
      .meta({ description: 'Pour une clôture : DAY:2026-11-24, MONTH:2026-11, YEAR:2026' }),
    data: z.record(z.string(), z.unknown()).meta({ description: 'Contenu signé de l’écriture' }),
    previousSignature: z.string(),
    signature: z.string().meta({ description: 'sha256 de la signature précédente et du contenu canonique' }),
  })
  .meta({ id: 'CashJournalEntry', description: 'Écriture du journal de caisse inaltérable' })
export type CashJournalEntry = z.infer<typeof cashJournalEntrySchema>

export const cashJournalListQuerySchema = z.strictObject({
  ...pagingFields(),
  ...searchFields(),
  'filter[kind]': z.enum(CASH_JOURNAL_KINDS).optional(),
})
export type CashJournalListQuery = z.infer<typeof cashJournalListQuerySchema>

export const cashClosingListQuerySchema = z.strictObject({
  ...pagingFields(),
  ...searchFields(),
  'filter[period]': z.enum(CLOSING_PERIODS).optional(),
})
export type CashClosingListQuery = z.infer<typeof cashClosingListQuerySchema>

/** A closing (Z) as the page shows it: its period, its totals per VAT rate and the perpetual grand total. */
export const cashClosingSchema = z
  .object({
    sequence: z.number().int(),
    period: z.enum(CLOSING_PERIODS),
    from: z.string(),
    to: z.string(),
    recordedAt: z.string(),
    entries: z.number().int().meta({ description: 'Écritures de la période' }),
    rates: z.array(rateTotal),
    total: z.object({ ht: z.string(), tva: z.string(), ttc: z.string() }),
    cashMovements: z.string().meta({ description: 'Solde des mouvements de caisse de la période' }),
    perpetualTotal: z.string().meta({ description: 'Grand total perpétuel des ventes TTC, depuis la première' }),
    signature: z.string(),
  })
  .meta({ id: 'CashClosing', description: 'Clôture (Z) du journal de caisse' })
export type CashClosing = z.infer<typeof cashClosingSchema>

export const cashJournalBrokenLinkSchema = z
  .object({
    organizationId: z.number().int(),
    sequence: z.number().int(),
    recordedOn: z.string(),
    expected: z.string().meta({ description: 'Ce que la chaîne attend (signature ou numéro)' }),
    stored: z.string().meta({ description: 'Ce qui est enregistré' }),
    reason: z.enum(['signature', 'previous', 'gap']),
    message: z.string(),
  })
  .meta({ id: 'CashJournalBrokenLink', description: 'Premier maillon rompu du journal de caisse' })
export type CashJournalBrokenLink = z.infer<typeof cashJournalBrokenLinkSchema>

export const cashJournalVerificationSchema = z
  .object({
    concerned: z.boolean(),
    notConcernedReason: z.enum(NOT_CONCERNED_REASONS).nullable(),
    message: z.string().meta({ description: 'Journal de caisse intact, altéré, ou pourquoi tu n’es pas concerné' }),
    intact: z.boolean(),
    entries: z.number().int(),
    lastSequence: z.number().int().nullable(),
    lastSignature: z.string().nullable(),
    brokenLink: cashJournalBrokenLinkSchema.nullable(),
  })
  .meta({ id: 'CashJournalVerification', description: 'Vérification de la chaîne du journal de caisse' })
export type CashJournalVerification = z.infer<typeof cashJournalVerificationSchema>

export const cashJournalArchiveBodySchema = z.strictObject({
  year: z.number({ error: m.yearInvalid }).int({ error: m.yearInvalid }).min(2000, { error: m.yearInvalid }).max(2100, {
    error: m.yearInvalid,
  }),
})
export type CashJournalArchiveBody = z.infer<typeof cashJournalArchiveBodySchema>
