export {
  CA3_RATE_LINES,
  type Ca3Boxes,
  type Ca3Options,
  type Ca3RateLine,
  type Ca3RateLineCode,
  ca3RateLineOf,
  computeCa3,
  roundedToEuros,
  type VatDueOperation,
  type VatDueRow,
} from './ca3'
export { CA3_LABELS, CA3_SECTIONS, type Ca3BoxCode } from './ca3-labels'
