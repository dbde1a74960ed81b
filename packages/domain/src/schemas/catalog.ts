import { z } from 'zod'
import { messages } from '../messages/index'
import { moneyString } from '../money/schema'
import { UNIT_DEFAULT_ID } from '../reference/ids'
import { idField, optionalIdField, optionalText, requiredText } from './common'
import { pagingFields, searchFields } from './lists'

const v = messages.validation

/** HT: the amount excludes VAT (default); TTC: the amount includes it and stays as entered (decision 0009). */
export const PRICE_RULES = ['HT', 'TTC'] as const
export type PriceRule = (typeof PRICE_RULES)[number]
export const ITEM_TYPE_CODES = ['PRO', 'SER'] as const

/** Longer than a one-line input: descriptions are multi-line and printed on documents. */
export const ITEM_DESCRIPTION_MAX = 2000

/**
 * Create and edit a catalogue item (spec/sales.md §5 "Catalogue item"): name, reference, category, type and unit
 * required; amount within ±99999999.999999 (numeric(18,6)); taxId optional but positive when given. The server
 * also checks that the category suits the type (701/707 goods, 706/708 services) and that the tax is collected.
 */
export const itemSchema = z.strictObject({
  name: requiredText(),
  reference: requiredText(),
  description: optionalText(ITEM_DESCRIPTION_MAX),
  amount: moneyString(),
  priceRule: z.enum(PRICE_RULES, { error: v.choiceInvalid }).default('HT'),
  itemTypeId: idField(),
  unitId: idField().default(UNIT_DEFAULT_ID),
  accountingEntryId: idField(),
  taxId: optionalIdField({ zeroIsEmpty: false }),
})
export type ItemInput = z.input<typeof itemSchema>
export type ItemBody = z.output<typeof itemSchema>

/** GET /items (API.md Lists). */
export const itemListQuerySchema = z.strictObject({
  ...pagingFields(),
  ...searchFields(),
  sort: z.enum(['name', '-name', 'reference', '-reference', 'createdAt', '-createdAt']).default('name'),
  'filter[itemTypeCode]': z.enum(ITEM_TYPE_CODES).optional(),
  'filter[id]': idField().optional(),
})
export type ItemListQuery = z.output<typeof itemListQuerySchema>
