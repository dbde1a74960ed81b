export {
  ALLOCATION_NAME_MAX,
  adjustedAmount,
  allocationGap,
  allocationMessages,
  automaticVat,
  automaticVats,
  editVat,
  formatGap,
  type SplitPart,
  type SplitShare,
  type SplitVatPart,
  splitTotal,
  sumRuleError,
  type VatEdit,
} from './allocations'
export * from './cash'
export * from './category-groups'
export * from './category-tax'
export * from './fec/index'
export * from './fiscal-year'
export * from './posting/index'
export * from './reports/index'
export * from './rules'
export * from './signs'
export * from './suggestions'
export * from './vat/index'
