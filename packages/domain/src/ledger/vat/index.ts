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
export { CA3_FORM, CA3_LABELS, CA3_SECTIONS, type Ca3BoxCode, type Ca3FormSection } from './ca3-labels'
export {
  CA3_BASE_BOXES,
  type Ca3Share,
  type Ca3Sources,
  ca3MeasureOf,
  ca3SharesTotal,
  ca3Sources,
} from './ca3-sources'
export {
  type Ca3Declaration,
  type Ca3LedgerLine,
  type Ca3MonthCell,
  type Ca3Refusal,
  type Ca3Row,
  type CarriedCredit,
  ca3Declaration,
  carriedCredit,
  type DeclarationPeriod,
  type DeclarationRegime,
  dayBefore,
  declarationDto,
  declarationPeriod,
  periodsBetween,
  rateWithoutLine,
  vatDueRowOf,
} from './declaration'
