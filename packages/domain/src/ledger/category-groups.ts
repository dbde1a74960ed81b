/**
 * Category pickers a non-accountant can read (issue 31): categories come in plain groups decided by their account
 * number, each group in account order, each category named first and numbered after (« Fournitures administratives ·
 * 6064 »). The chart's folders (Charges, Produits…) follow the accounting classes, which say little to a freelancer
 * looking for "bank fees" or "owner's drawings"; these groups follow what the money is for.
 */

export const CATEGORY_GROUPS = [
  'Ventes',
  'Autres recettes',
  'Achats',
  'Frais généraux',
  'Personnel',
  'Taxes',
  'Banque',
  'Immobilisations',
  "Compte de l'exploitant",
  'Autres',
] as const
export type CategoryGroupName = (typeof CATEGORY_GROUPS)[number]

/**
 * Account prefix → group, the longest prefix winning. Why some accounts sit outside their class's group:
 * bank fees (627), interest (66, 76), loans (16), cash and internal transfers (5) are "Banque"; taxes owed or refunded
 * (44) and income tax (695, 444) are "Taxes"; wages owed and social bodies (42, 43) are "Personnel"; the owner's
 * drawings and contributions (108), associates' current accounts (455) and capital (101) are the owner's account.
 */
const PREFIX_GROUPS: readonly (readonly [string, CategoryGroupName])[] = [
  ['70', 'Ventes'],
  ['7', 'Autres recettes'],
  ['76', 'Banque'],
  ['60', 'Achats'],
  ['61', 'Frais généraux'],
  ['62', 'Frais généraux'],
  ['627', 'Banque'],
  ['65', 'Frais généraux'],
  ['64', 'Personnel'],
  ['42', 'Personnel'],
  ['43', 'Personnel'],
  ['63', 'Taxes'],
  ['695', 'Taxes'],
  ['44', 'Taxes'],
  ['66', 'Banque'],
  ['16', 'Banque'],
  ['5', 'Banque'],
  ['2', 'Immobilisations'],
  ['68', 'Immobilisations'],
  ['101', "Compte de l'exploitant"],
  ['108', "Compte de l'exploitant"],
  ['455', "Compte de l'exploitant"],
]

/** The group of an account number ("6064" → Achats); "Autres" for what no prefix names (401, 411, 471, 67…). */
export function categoryGroupOf(code: string): CategoryGroupName {
  let best: readonly [string, CategoryGroupName] | undefined
  for (const entry of PREFIX_GROUPS)
    if (code.startsWith(entry[0]) && (!best || entry[0].length > best[0].length)) best = entry
  return best?.[1] ?? 'Autres'
}

/** « Fournitures administratives · 6064 »: the plain name first, the account number after. */
export const categoryLabel = (category: { name: string; code: string }) => `${category.name} · ${category.code}`

/**
 * Account order: "60225" before "6064" before "607", as the numbers read padded to the same length; a parent account
 * ("606") before its children ("6061").
 */
export function compareAccounts(a: string, b: string): number {
  const width = Math.max(a.length, b.length)
  const padded = a.padEnd(width, '0').localeCompare(b.padEnd(width, '0'))
  return padded !== 0 ? padded : a.length - b.length
}

export type CategoryGroup<T> = { label: CategoryGroupName; items: T[] }

/**
 * The categories in their groups, groups in the order of CATEGORY_GROUPS, empty groups left out. Each group is in
 * account order (then by name), unless `keepOrder`: a search keeps its best matches first within each group.
 */
export function groupCategories<T extends { code: string; name: string }>(
  categories: readonly T[],
  { keepOrder = false }: { keepOrder?: boolean } = {},
): CategoryGroup<T>[] {
  const groups = new Map<CategoryGroupName, T[]>()
  for (const category of categories) {
    const group = categoryGroupOf(category.code)
    groups.set(group, [...(groups.get(group) ?? []), category])
  }
  return CATEGORY_GROUPS.filter((label) => groups.has(label)).map((label) => {
    const items = groups.get(label) ?? []
    return {
      label,
      items: keepOrder
        ? items
        : [...items].sort((a, b) => compareAccounts(a.code, b.code) || a.name.localeCompare(b.name, 'fr')),
    }
  })
}
