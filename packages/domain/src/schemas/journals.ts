import { z } from 'zod'
import { messages } from '../messages/index'
import { moneyString } from '../money/index'
import { JOURNAL_TYPE_IDS, type JournalTypeCode } from '../reference/ids'
import { bicField, ibanField } from './bank-details'
import { idField, requiredText } from './common'
import { booleanQueryField, pagingFields, searchFields } from './lists'
import { patchBodyOf } from './patch'

const m = messages.journals

export const JOURNAL_TYPE_CODES = Object.keys(JOURNAL_TYPE_IDS) as [JournalTypeCode, ...JournalTypeCode[]]
const journalTypeIds = new Set<number>(Object.values(JOURNAL_TYPE_IDS))

/** The prefix of an associate current account's name (spec/money.md §3): added by the server when missing. */
export const ASSOCIATE_PREFIX = 'CCA '

/**
 * A bank, cash or associate account (journal) as created: its type cannot change afterwards. startingValue is the
 * balance before the first transaction the app knows (the balance is startingValue + the transactions, to the cent).
 */
export const journalFields = z.strictObject({
  name: requiredText(),
  journalTypeId: idField().refine((id) => journalTypeIds.has(id), { error: m.typeInvalid }),
  currencyId: idField().default(1),
  iban: ibanField(),
  bic: bicField(),
  isDefault: z.boolean({ error: messages.validation.required }).default(false),
  startingValue: moneyString({ maxDecimals: 2 }).default('0'),
})
export const journalCreateSchema = journalFields
export type JournalCreateBody = z.input<typeof journalCreateSchema>
export type JournalInput = z.output<typeof journalCreateSchema>

/** PATCH /journals/{id}: any field but the type, merged into the stored account and checked whole again. */
export const journalUpdateSchema = patchBodyOf(journalFields.omit({ journalTypeId: true })).extend({
  // Sent, the type gets a clear refusal rather than being silently ignored.
  journalTypeId: z.never({ error: m.typeUnchangeable }).optional(),
})
export type JournalUpdateBody = z.input<typeof journalUpdateSchema>

/**
 * GET /journals: `filter[journalTypeCode]` takes one code or several separated by commas (spec/money.md §7: BQ,
 * "CC,EX"), `filter[isActive]` true or false.
 */
export const journalListQuerySchema = z.strictObject({
  ...pagingFields(),
  ...searchFields(),
  'filter[journalTypeCode]': z
    .string()
    .transform((value) => value.split(',').map((code) => code.trim()))
    .pipe(z.array(z.enum(JOURNAL_TYPE_CODES, { error: m.typeInvalid })).min(1))
    .optional(),
  'filter[isActive]': booleanQueryField().optional(),
})
export type JournalListQuery = z.output<typeof journalListQuerySchema>
