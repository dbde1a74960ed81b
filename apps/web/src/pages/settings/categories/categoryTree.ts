import { type AccountingEntryDto, categoryLabel, groupCategories } from '@app/domain'
import { FOLDER_CODE, fold, tagsOf } from '../../../components/transactions/categorySearch'

/** What the tree needs of a category (the fakes of the tests give no more). */
export type TreeEntry = Pick<
  AccountingEntryDto,
  'id' | 'parentId' | 'code' | 'name' | 'keywords' | 'isActive' | 'taxTypeId' | 'taxRateId'
> & { tags?: AccountingEntryDto['tags'] }

export type CategoryNode<T extends TreeEntry> = { entry: T; children: CategoryNode<T>[] }

/** The chart's own tags, in French: the raw codes (is_exp…) mean nothing to a person. */
export const TAG_LABELS: Record<string, string> = { is_exp: 'Dépenses', is_cash: 'Caisse', is_sale: 'Ventes' }

export const isFolder = (entry: Pick<TreeEntry, 'code'>) => entry.code === FOLDER_CODE

/**
 * The badges of a category: its tags (the chart's, in French, then the keywords), and the keywords the tags may not
 * carry yet; each once, whatever its case or accents.
 */
export function tagNames(entry: TreeEntry): string[] {
  const seen = new Set<string>()
  const names: string[] = []
  for (const name of [...(entry.tags ?? []).map((tag) => TAG_LABELS[tag.name] ?? tag.name), ...tagsOf(entry)]) {
    const key = fold(name)
    if (seen.has(key)) continue
    seen.add(key)
    names.push(name)
  }
  return names
}

/**
 * The forest of `entries`: each entry under its parent when the parent is in the list, at the top otherwise (a
 * folder, or in the custom tab a category whose parent belongs to the general chart). The list's order is kept.
 */
export function buildTree<T extends TreeEntry>(entries: readonly T[]): CategoryNode<T>[] {
  const nodes = new Map(entries.map((entry) => [entry.id, { entry, children: [] as CategoryNode<T>[] }]))
  const roots: CategoryNode<T>[] = []
  for (const entry of entries) {
    const node = nodes.get(entry.id) as CategoryNode<T>
    const parent = entry.parentId === null || entry.parentId === entry.id ? undefined : nodes.get(entry.parentId)
    if (parent) parent.children.push(node)
    else roots.push(node)
  }
  return roots
}

/**
 * Whether a category answers the search (spec/money.md §5 "Category restrictions", as categorySearch.ts reads it):
 * accent- and case-insensitive, every word typed found in the name, in a tag (code or French label) or at the start
 * of the code.
 */
export function categoryMatches(entry: TreeEntry, query: string): boolean {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return true
  const name = fold(entry.name)
  const tags = [...tagNames(entry), ...(entry.tags ?? []).map((tag) => tag.name)].map(fold)
  const code = entry.code.toLowerCase()
  return words.every(
    (word) =>
      name.includes(word) || tags.some((tag) => tag.includes(word)) || (!isFolder(entry) && code.startsWith(word)),
  )
}

/**
 * The tree as the search leaves it: a category that answers, with everything under it, and the way down to it.
 * Without a search, the tree itself.
 */
export function filterTree<T extends TreeEntry>(nodes: readonly CategoryNode<T>[], query: string): CategoryNode<T>[] {
  if (!query.trim()) return [...nodes]
  const keep = (node: CategoryNode<T>): CategoryNode<T> | null => {
    if (categoryMatches(node.entry, query)) return node
    const children = node.children.map(keep).filter((child): child is CategoryNode<T> => child !== null)
    return children.length > 0 ? { entry: node.entry, children } : null
  }
  return nodes.map(keep).filter((node): node is CategoryNode<T> => node !== null)
}

/** How many categories a tree holds. */
export const countNodes = (nodes: readonly CategoryNode<TreeEntry>[]): number =>
  nodes.reduce((total, node) => total + 1 + countNodes(node.children), 0)

/** The way from the top of the chart down to `entry`'s parent ("Charges › Services extérieurs"), from `all`. */
export function placeOf<T extends TreeEntry>(entry: T, all: readonly T[]): T[] {
  const byId = new Map(all.map((item) => [item.id, item]))
  const path: T[] = []
  const seen = new Set<number>([entry.id])
  let parent = entry.parentId === null ? undefined : byId.get(entry.parentId)
  while (parent && !seen.has(parent.id)) {
    path.unshift(parent)
    seen.add(parent.id)
    parent = parent.parentId === null ? undefined : byId.get(parent.parentId)
  }
  return path
}

/** The ids of every category under `id` (not `id` itself). */
export function descendantIds(id: number, all: readonly TreeEntry[]): Set<number> {
  const children = new Map<number, number[]>()
  for (const entry of all)
    if (entry.parentId !== null) children.set(entry.parentId, [...(children.get(entry.parentId) ?? []), entry.id])
  const found = new Set<number>()
  const stack = [...(children.get(id) ?? [])]
  while (stack.length > 0) {
    const next = stack.pop() as number
    if (found.has(next) || next === id) continue
    found.add(next)
    stack.push(...(children.get(next) ?? []))
  }
  return found
}

export type ParentGroup = { group: string; items: { value: string; label: string }[] }

/**
 * The form's parent select: the active categories, the folders first (under "Dossiers"), then the other categories in
 * the pickers' readable groups and account order, named first and numbered after (the domain's groupCategories,
 * issue 31); never the category itself nor one under it (it cannot be its own parent). The current parent stays
 * offered even when it has been deactivated since.
 */
export function parentOptions(all: readonly TreeEntry[], editing: TreeEntry | null): ParentGroup[] {
  const excluded = editing ? new Set([editing.id, ...descendantIds(editing.id, all)]) : new Set<number>()
  const offered = all.filter((entry) => !excluded.has(entry.id) && (entry.isActive || entry.id === editing?.parentId))
  const folders = offered
    .filter(isFolder)
    .map((entry) => ({ value: String(entry.id), label: `${entry.name} (dossier)` }))
  const groups = groupCategories(offered.filter((entry) => !isFolder(entry))).map((group) => ({
    group: group.label as string,
    items: group.items.map((entry) => ({ value: String(entry.id), label: categoryLabel(entry) })),
  }))
  return folders.length > 0 ? [{ group: 'Dossiers', items: folders }, ...groups] : groups
}
