import { formatMonthYearFr, type IsoDate } from '@app/domain'

export type ItemGroup<T> = { key: string; label: string; items: T[] }

/** The first letter of a name, without accent, upper-cased; '#' when it does not start with a letter. */
export function initialOf(name: string | null | undefined): string {
  const first = (name ?? '')
    .trim()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .charAt(0)
    .toUpperCase()
  return /^[A-Z]$/.test(first) ? first : '#'
}

/** Groups by first letter (spec/sales.md §2), A to Z, then '#'; items keep their order inside a group. */
export function groupByLetter<T>(items: readonly T[], nameOf: (item: T) => string | null | undefined): ItemGroup<T>[] {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const key = initialOf(nameOf(item))
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([key, list]) => ({ key, label: key, items: list }))
}

/** Groups by month of a date, newest month first ("mars 2026"); undated items go last under "Sans date". */
export function groupByMonth<T>(items: readonly T[], dateOf: (item: T) => string | null | undefined): ItemGroup<T>[] {
  const groups = new Map<string, T[]>()
  for (const item of items) {
    const date = dateOf(item)
    const key = date && /^\d{4}-\d{2}/.test(date) ? date.slice(0, 7) : ''
    groups.set(key, [...(groups.get(key) ?? []), item])
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '' ? 1 : b === '' ? -1 : b.localeCompare(a)))
    .map(([key, list]) => ({
      key: key || 'none',
      label: key ? capitalizeFirst(formatMonthYearFr(`${key}-01` as IsoDate)) : 'Sans date',
      items: list,
    }))
}

/** "novembre 2026" → "Novembre 2026": a heading starts with a capital, the rest of French dates stays lower case. */
const capitalizeFirst = (text: string) => text.charAt(0).toLocaleUpperCase('fr-FR') + text.slice(1)
