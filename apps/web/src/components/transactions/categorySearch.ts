import type { AccountingEntryDto } from '@app/domain'

/** A folder groups categories and is never offered (spec/money.md §5 "Category restrictions"). */
export const FOLDER_CODE = '0'

/** The holding account (471000): shown as the category still to find, not as a real one (spec/money.md §4). */
export const HOLDING_CODE = '471000'

export type Category = Pick<
  AccountingEntryDto,
  'id' | 'parentId' | 'code' | 'name' | 'keywords' | 'taxTypeId' | 'taxRateId' | 'isDisplayed'
>

/** Lower case, without accents: "Télécom" and "telecom" read the same. */
export const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** The tags of a category: its comma-separated keywords. */
export const tagsOf = (category: Pick<Category, 'keywords'>) =>
  (category.keywords ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean)

/** What can be picked: no folders, no hidden categories. */
export const isPickable = (category: Category) => category.code !== FOLDER_CODE && category.isDisplayed

/**
 * The categorisation search (spec/money.md §5): accent- and case-insensitive; every word typed must be found in the
 * name, in a tag or at the start of the code. The best matches come first: the very name or code, then a name that
 * starts with what was typed, then a name, tag or code with a word starting with the first word; otherwise the list's
 * order is kept. Folders and hidden categories never match.
 */
export function searchCategories<T extends Category>(categories: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  const pickable = categories.filter(isPickable)
  if (words.length === 0) return pickable
  const whole = words.join(' ')
  const first = words[0] as string
  const scored: { category: T; rank: number; index: number }[] = []
  pickable.forEach((category, index) => {
    const name = fold(category.name)
    const tags = tagsOf(category).map(fold)
    const code = category.code.toLowerCase()
    const found = (word: string) =>
      name.includes(word) || tags.some((tag) => tag.includes(word)) || code.startsWith(word)
    if (!words.every(found)) return
    const wordStarts =
      code.startsWith(first) ||
      name.split(/[\s'’,()-]+/).some((part) => part.startsWith(first)) ||
      tags.some((tag) => tag.startsWith(first))
    const rank = name === whole || code === whole ? 0 : name.startsWith(whole) ? 1 : wordStarts ? 2 : 3
    scored.push({ category, rank, index })
  })
  return scored.sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.category)
}
