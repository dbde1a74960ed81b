import { roundTo } from './arithmetic'
import { canonical, Dec, isDecimalInput, toDec } from './decimal'

/** Amount bounds of the spec (money.md §9): plus or minus 99999999.999999. */
export const MAX_AMOUNT = '99999999.999999'
/** Quantities are numeric(15,5): ten digits before the decimal point. */
export const MAX_QUANTITY = '9999999999.99999'
/** On leaving a field, money keeps at most 3 decimals and quantities at most 5. */
export const MONEY_INPUT_DECIMALS = 3
export const QUANTITY_INPUT_DECIMALS = 5

const withinBound = (value: unknown, bound: string): boolean =>
  isDecimalInput(value) && toDec(value).abs().lessThanOrEqualTo(bound)

/** True for a decimal string or finite number within ±99999999.999999; false for anything else. */
export const isValidAmount = (value: unknown): boolean => withinBound(value, MAX_AMOUNT)

/** True for a decimal string or finite number within the numeric(15,5) range of quantities. */
export const isValidQuantity = (value: unknown): boolean => withinBound(value, MAX_QUANTITY)

/** Digits with one optional decimal separator (comma or dot), an optional sign. */
const USER_NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/

/**
 * Reads what people type, without bounds: "1 234,50", "1234.5", "-12,", ",5", "+3", "1 234,50 €".
 * Every kind of space is taken as grouping and removed, the Unicode minus counts as a minus, and a
 * trailing € is allowed.
 * Two separators ("1.234,50") are ambiguous and refused.
 */
export const readUserNumber = (text: string | number | null | undefined): Dec | null => {
  if (typeof text === 'number') return Number.isFinite(text) ? new Dec(text) : null
  if (typeof text !== 'string') return null
  const compact = text
    .replace(/\s+/g, '')
    .replace(/€$/, '')
    .replace(/^\u2212/, '-')
  return USER_NUMBER.test(compact) ? new Dec(compact.replace(',', '.')) : null
}

const parseUserNumber = (text: string | number | null | undefined, bound: string): string | null => {
  const value = readUserNumber(text)
  return value?.abs().lessThanOrEqualTo(bound) ? canonical(value) : null
}

/** A typed amount as a canonical decimal string ("1234.5"), or null when it is not a number or out of bounds. */
export const parseMoneyInput = (text: string | number | null | undefined): string | null =>
  parseUserNumber(text, MAX_AMOUNT)

/** A typed quantity as a canonical decimal string, or null when it is not a number or out of bounds. */
export const parseQuantityInput = (text: string | number | null | undefined): string | null =>
  parseUserNumber(text, MAX_QUANTITY)

export interface BlurOptions {
  /** Separator of the returned text; '.' (the model's form) unless the field shows a comma. */
  decimalSeparator?: '.' | ','
}

const normalizeOnBlur = (
  parse: (text: string | number | null | undefined) => string | null,
  decimals: number,
  bound: string,
  text: string | number | null | undefined,
  previous: string | number | null | undefined,
  options: BlurOptions,
): string => {
  const reformat = (input: string | number | null | undefined): string | null => {
    const parsed = parse(input)
    if (parsed === null) return null
    const rounded = roundTo(parsed, decimals)
    return withinBound(rounded, bound) ? rounded : null
  }
  const value = reformat(text) ?? reformat(previous) ?? '0'
  return options.decimalSeparator === ',' ? value.replace('.', ',') : value
}

/**
 * What a money field shows once left (spec "Inputs"): at most 3 decimals, rounded half away from zero,
 * no grouping. An invalid or empty entry reverts to the previous value, or to '0' without one.
 */
export const normalizeMoneyOnBlur = (
  text: string | number | null | undefined,
  previous?: string | number | null,
  options: BlurOptions = {},
): string => normalizeOnBlur(parseMoneyInput, MONEY_INPUT_DECIMALS, MAX_AMOUNT, text, previous, options)

/** The same for quantity fields, with at most 5 decimals. */
export const normalizeQuantityOnBlur = (
  text: string | number | null | undefined,
  previous?: string | number | null,
  options: BlurOptions = {},
): string => normalizeOnBlur(parseQuantityInput, QUANTITY_INPUT_DECIMALS, MAX_QUANTITY, text, previous, options)
