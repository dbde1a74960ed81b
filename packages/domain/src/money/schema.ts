import { z } from 'zod'
import { messages } from '../messages/index'
import { parseMoneyInput, parseQuantityInput, readUserNumber } from './parse'

/** French messages of the money fields. */
export const moneyMessages = {
  invalid: "Le montant n'est pas valide",
  tooManyDecimals: (max: number) => `Le montant ne peut pas avoir plus de ${max} décimales`,
  outOfBounds: 'Le montant doit être compris entre -99 999 999,999999 et 99 999 999,999999',
  notZero: 'Le montant ne doit pas être égal à 0',
  quantityInvalid: "La quantité n'est pas valide",
  quantityTooManyDecimals: (max: number) => `La quantité ne peut pas avoir plus de ${max} décimales`,
  quantityNegative: 'La quantité ne peut pas être négative',
} as const

const decimalCount = (canonicalValue: string): number => canonicalValue.split('.')[1]?.length ?? 0

/** An emptied form field is a missing value, not a wrong one. */
const isBlank = (raw: string | number): boolean => typeof raw === 'string' && raw.trim() === ''

const requiredOr = (message: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? messages.validation.required : message

export interface MoneyStringOptions {
  /** Most decimals accepted (6 by default, the precision of unit prices); more is refused, never rounded. */
  maxDecimals?: number
  /** Refuse 0 with the spec's message "Le montant ne doit pas être égal à 0". */
  nonZero?: boolean
}

/**
 * An amount from JSON (string or number) or from a form ("1 234,50"), checked and turned into a
 * canonical decimal string ("1234.5") within ±99999999.999999, with French messages.
 */
export const moneyString = ({ maxDecimals = 6, nonZero = false }: MoneyStringOptions = {}) =>
  z.union([z.string(), z.number()], { error: requiredOr(moneyMessages.invalid) }).transform((raw, ctx) => {
    if (isBlank(raw)) {
      ctx.addIssue({ code: 'custom', message: messages.validation.required, input: raw })
      return z.NEVER
    }
    const value = parseMoneyInput(raw)
    if (value === null) {
      const message = readUserNumber(raw) !== null ? moneyMessages.outOfBounds : moneyMessages.invalid
      ctx.addIssue({ code: 'custom', message, input: raw })
      return z.NEVER
    }
    if (decimalCount(value) > maxDecimals) {
      ctx.addIssue({ code: 'custom', message: moneyMessages.tooManyDecimals(maxDecimals), input: raw })
      return z.NEVER
    }
    if (nonZero && value === '0') {
      ctx.addIssue({ code: 'custom', message: moneyMessages.notZero, input: raw })
      return z.NEVER
    }
    return value
  })

export interface QuantityStringOptions {
  /** Most decimals accepted (5 by default, numeric(15,5)). */
  maxDecimals?: number
  /** Refuse negative quantities (a line quantity is at least 0). */
  nonNegative?: boolean
}

/** A quantity from JSON or a form, as a canonical decimal string within numeric(15,5). */
export const quantityString = ({ maxDecimals = 5, nonNegative = false }: QuantityStringOptions = {}) =>
  z.union([z.string(), z.number()], { error: requiredOr(moneyMessages.quantityInvalid) }).transform((raw, ctx) => {
    if (isBlank(raw)) {
      ctx.addIssue({ code: 'custom', message: messages.validation.required, input: raw })
      return z.NEVER
    }
    const value = parseQuantityInput(raw)
    if (value === null) {
      ctx.addIssue({ code: 'custom', message: moneyMessages.quantityInvalid, input: raw })
      return z.NEVER
    }
    if (decimalCount(value) > maxDecimals) {
      ctx.addIssue({ code: 'custom', message: moneyMessages.quantityTooManyDecimals(maxDecimals), input: raw })
      return z.NEVER
    }
    if (nonNegative && value.startsWith('-')) {
      ctx.addIssue({ code: 'custom', message: moneyMessages.quantityNegative, input: raw })
      return z.NEVER
    }
    return value
  })
