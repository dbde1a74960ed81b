import { z } from 'zod'
import { messages } from '../messages/index'
import { idField, optionalText, TEXT_MAX } from './common'
import { booleanQueryField, referencePagingFields, searchFields } from './lists'
import { patchBodyOf } from './patch'

const m = messages.accountingEntries

/** Category codes are at most 9 characters (spec/money.md §5, §9). */
export const ACCOUNTING_CODE_MAX = 9
const KEYWORDS_MAX = 1000

/** "Téléphone, mobile,, forfait " → "téléphone, mobile, forfait": trimmed, without empties or repeats. */
export const normalizeKeywords = (value: string): string | null => {
  const seen = new Set<string>()
  const words: string[] = []
  for (const raw of value.split(',')) {
    const word = raw.trim().replace(/\s+/g, ' ')
    const key = word.toLowerCase()
    if (!word || seen.has(key)) continue
    seen.add(key)
    words.push(word)
  }
  return words.length > 0 ? words.join(', ') : null
}

/**
 * An organisation's own category (spec/money.md §5 "Accounting category form"): name, code (a PCG account number of
 * at most 9 characters; empty: the parent's account), parent, tax type (the parent's or "not subject"), tax rate,
 * keywords as comma-separated tags.
 */
export const accountingEntryFields = z.strictObject({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, { error: m.nameRequired })
    .max(TEXT_MAX, { error: messages.validation.tooLong(TEXT_MAX) }),
  code: z
    .string({ error: m.codeInvalid })
    .trim()
    .max(ACCOUNTING_CODE_MAX, { error: m.codeTooLong })
    .regex(/^(?:[0-9][0-9A-Za-z]*)?$/, { error: m.codeInvalid })
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null)),
  parentId: idField(m.parentRequired),
  taxTypeId: idField().nullish(),
  taxRateId: idField(m.taxRateRequired),
  // Checked once normalised too: "a,b" becomes "a, b", longer than what was sent.
  keywords: z
    .string()
    .max(KEYWORDS_MAX, { error: messages.validation.tooLong(KEYWORDS_MAX) })
    .nullish()
    .transform((value) => (value ? normalizeKeywords(value) : null))
    .pipe(
      z
        .string()
        .max(KEYWORDS_MAX, { error: messages.validation.tooLong(KEYWORDS_MAX) })
        .nullable(),
    ),
  description: optionalText(),
  isActive: z.boolean({ error: messages.validation.required }).default(true),
})
export const accountingEntryCreateSchema = accountingEntryFields
export type AccountingEntryCreateBody = z.input<typeof accountingEntryCreateSchema>
export type AccountingEntryInput = z.output<typeof accountingEntryCreateSchema>
export const accountingEntryUpdateSchema = patchBodyOf(accountingEntryFields)
export type AccountingEntryUpdateBody = z.input<typeof accountingEntryUpdateSchema>

/**
 * GET /accounting-entries (spec/money.md §7: filterCode, filterTag, filterCategory, filterActive; page size up to
 * 9999 in the settings).
 */
export const accountingEntryListQuerySchema = z.strictObject({
  ...referencePagingFields(),
  ...searchFields(),
  /** The chart's order (position) by default; name or code on demand. */
  sort: z.enum(['position', 'name', '-name', 'code', '-code']).default('position'),
  'filter[isSale]': booleanQueryField().optional(),
  'filter[isExp]': booleanQueryField().optional(),
  'filter[code]': z.string().trim().max(ACCOUNTING_CODE_MAX).optional(),
  'filter[tag]': z.enum(['is_exp', 'is_cash', 'is_sale']).optional(),
  /** general: the chart every organisation shares; custom: the organisation's own. */
  'filter[category]': z.enum(['general', 'custom']).optional(),
  'filter[isActive]': booleanQueryField().optional(),
})
export type AccountingEntryListQuery = z.output<typeof accountingEntryListQuerySchema>
