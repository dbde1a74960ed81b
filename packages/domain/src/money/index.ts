/**
 * Money as decimal strings. Arithmetic returns the canonical form ("3.3", "1200", "-0.01");
 * `toCents` writes the two-decimal form that is stored and exchanged ("1200.00");
 * `formatEuro` and friends write what people read ("1 234,50 €").
 */
export {
  abs,
  add,
  compare,
  divide,
  equals,
  isNegative,
  isPositive,
  isZero,
  multiply,
  negate,
  round2,
  roundTo,
  subtract,
  sum,
  toCents,
} from './arithmetic'
export { type DecimalInput, isDecimalInput } from './decimal'
export { type FrenchNumberOptions, formatEuro, formatNumberFr, formatPercentFr, NARROW_NBSP, NBSP } from './format'
export {
  type BlurOptions,
  isValidAmount,
  isValidQuantity,
  MAX_AMOUNT,
  MAX_QUANTITY,
  MONEY_INPUT_DECIMALS,
  normalizeMoneyOnBlur,
  normalizeQuantityOnBlur,
  parseMoneyInput,
  parseQuantityInput,
  QUANTITY_INPUT_DECIMALS,
  readUserNumber,
} from './parse'
export {
  type MoneyStringOptions,
  moneyMessages,
  moneyString,
  type QuantityStringOptions,
  quantityString,
} from './schema'
