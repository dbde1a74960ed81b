import { SALES_CATEGORY_CODES } from '../reference/ids'

/**
 * Categories a catalogue item may use (spec/sales.md §5): 701 and 707 for goods (PRO), 706 and 708 for services
 * (SER), and their PCG sub-accounts (7081…), which are the same kind of sale.
 */
export const isSalesCategoryAllowed = (itemTypeCode: string, categoryCode: string): boolean => {
  const allowed: readonly string[] =
    itemTypeCode === 'PRO' ? SALES_CATEGORY_CODES.goods : itemTypeCode === 'SER' ? SALES_CATEGORY_CODES.services : []
  return allowed.some((code) => categoryCode.startsWith(code))
}

/** "Copie de …" for a duplicated item (client-side action: the copy is a new item, id 0). */
export const copyName = (name: string): string => `Copie de ${name}`
