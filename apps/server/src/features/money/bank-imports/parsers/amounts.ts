import { quoted } from './types'

/**
 * Amounts stay strings from the file to the database: digits are moved, never computed, so no float ever rounds a cent.
 * The result is the form the transactions table stores: a dot, exactly two decimals, '-' for debits, no "-0.00".
 */

export type AmountResult = { value: string } | { error: string }

/** numeric(15,2): thirteen digits before the point. */
const MAX_INTEGER_DIGITS = 13

/** Sign, integer digits and decimal digits → "-1234.50"; more than two significant decimals is an error, not rounded. */
export function formatAmount(
  negative: boolean,
  integerDigits: string,
  decimalDigits: string,
  raw: string,
): AmountResult {
  let decimals = decimalDigits
  if (decimals.length > 2) {
    if (!/^0+$/.test(decimals.slice(2))) return { error: `le montant ${quoted(raw)} a plus de deux décimales.` }
    decimals = decimals.slice(0, 2)
  }
  decimals = decimals.padEnd(2, '0')
  const integer = integerDigits.replace(/^0+/, '') || '0'
  if (integer.length > MAX_INTEGER_DIGITS) return { error: `le montant ${quoted(raw)} est trop grand.` }
  const zero = integer === '0' && decimals === '00'
  return { value: `${negative && !zero ? '-' : ''}${integer}.${decimals}` }
}

export type AmountStyle = {
  /** The decimal separator, or 'auto' to deduce it from the text. */
  decimal: ',' | '.' | 'auto'
  /** Thousands separators allowed (spaces, apostrophes, and the separator that is not the decimal one). */
  grouping: boolean
  /** A currency sign or ISO code before or after the number ("1 234,37 EUR", "€12"). */
  currency?: boolean
}

const notANumber = (raw: string): AmountResult => ({ error: `le montant ${quoted(raw)} n'est pas un nombre.` })

const GROUPED = { ',': /^\d{1,3}(?:,\d{3})+$/, '.': /^\d{1,3}(?:\.\d{3})+$/ } as const

/** Which character is the decimal separator in `digits` (only digits, dots and commas), or null for none. */
function decimalSeparatorOf(digits: string, style: AmountStyle): ',' | '.' | null {
  if (style.decimal !== 'auto') return style.decimal
  const lastDot = digits.lastIndexOf('.')
  const lastComma = digits.lastIndexOf(',')
  if (lastDot === -1 && lastComma === -1) return null
  if (lastDot !== -1 && lastComma !== -1) return lastDot > lastComma ? '.' : ','
  const separator = lastDot !== -1 ? '.' : ','
  if (!style.grouping) return separator
  // One kind of separator only: "1,000" and "1.234.567" are grouped thousands, "12,5" and "1234.56" are decimals.
  // A lone dot followed by three digits stays a decimal point: "-33.300" is how some banks write cents.
  if (separator === ',' && GROUPED[','].test(digits)) return null
  if (separator === '.' && digits.indexOf('.') !== lastDot && GROUPED['.'].test(digits)) return null
  return separator
}

/** Reads an amount written by a bank or a spreadsheet. Linear: every regular expression here is anchored and flat. */
export function readAmount(text: string, style: AmountStyle): AmountResult {
  const raw = text.trim()
  // No amount is this long; the cap also keeps the trimming expressions below linear on a hostile cell.
  if (raw.length > 64) return notANumber(raw)
  let body = raw
  let negative = false
  if (style.currency) body = body.replace(/^(?:[€$£]|[A-Z]{3}\b)\s*/, '').replace(/\s*(?:[€$£]|\b[A-Z]{3})$/, '')
  if (body.startsWith('(') && body.endsWith(')')) {
    negative = true
    body = body.slice(1, -1).trim()
  }
  const first = body.charAt(0)
  if (first === '-' || first === '\u2212' || first === '+') {
    negative ||= first !== '+'
    body = body.slice(1).trimStart()
  } else if (body.endsWith('-')) {
    negative = true
    body = body.slice(0, -1).trimEnd()
  }
  if (style.grouping) body = body.replace(/[\s\u202f'’]/g, '')
  if (body === '' || !/^[\d.,]+$/.test(body) || !/\d/.test(body)) return notANumber(raw)
  const separator = decimalSeparatorOf(body, style)
  // The thousands separator is the other character; with no decimal part, whichever of the two the text holds.
  const groupingChar = separator === ',' ? '.' : separator === '.' ? ',' : body.includes('.') ? '.' : ','
  const decimalAt = separator === null ? -1 : body.lastIndexOf(separator)
  const integerPart = decimalAt === -1 ? body : body.slice(0, decimalAt)
  const decimalPart = decimalAt === -1 ? '' : body.slice(decimalAt + 1)
  if (!/^\d*$/.test(decimalPart)) return notANumber(raw)
  let integerDigits = integerPart
  if (!/^\d*$/.test(integerPart)) {
    // Only the grouping character may remain, between groups of three digits.
    if (!style.grouping || !GROUPED[groupingChar].test(integerPart)) return notANumber(raw)
    integerDigits = integerPart.split(groupingChar).join('')
  }
  if (integerDigits === '' && decimalPart === '') return notANumber(raw)
  return formatAmount(negative, integerDigits, decimalPart, raw)
}

/** Minus sign flipped on a two-decimal amount, without "-0.00". */
export const negateAmount = (amount: string): string =>
  amount.startsWith('-') ? amount.slice(1) : /^0\.00$/.test(amount) ? amount : `-${amount}`

/** The absolute value of a two-decimal amount. */
export const absAmount = (amount: string): string => (amount.startsWith('-') ? amount.slice(1) : amount)
