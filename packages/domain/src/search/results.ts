import type { SearchResultType } from '../api/search'
import { parseMoneyInput, toCents } from '../money/index'
import type { JournalTypeCode } from '../reference/ids'

/**
 * The amount a search stands for, as stored (two decimals, "1200.50"): "1200", "1 200,50" and "1200.5" all read the
 * same. Null when the query is no amount, or has more decimals than a stored amount can have.
 */
export const searchAmount = (query: string): string | null => {
  const value = parseMoneyInput(query)
  if (value === null || value.startsWith('-')) return null
  const decimals = value.split('.')[1]?.length ?? 0
  return decimals <= 2 ? toCents(value) : null
}

/** A subtitle's parts, the missing ones left out: "Facture F-2026-001 · 02/11/2026 · 1 200,00 €". */
export const searchSubtitle = (parts: readonly (string | null | undefined)[]): string =>
  parts.filter((part): part is string => Boolean(part)).join(' · ')

/** The list page of a contact or an item, filtered by the text that finds it (spec: "list pages with search="). */
const listSearch = (path: string, searchable: string) => `${path}?search=${encodeURIComponent(searchable)}`

/** Where each journal's transactions open (spec/money.md §2): the bank drawer, the cash, cash sales, expense notes. */
const TRANSACTION_PAGES: Record<JournalTypeCode, (id: number) => string> = {
  BQ: (id) => `/app/financial/bank/${id}/show`,
  CAI: (id) => `/app/financial/cash/${id}`,
  ES: (id) => `/app/sales/money/${id}`,
  CC: (id) => `/app/purchase/expenses/${id}`,
  EX: (id) => `/app/purchase/expenses/${id}`,
}

export type SearchTarget =
  | { type: 'invoices' | 'quotes' | 'receipts'; id: number }
  | { type: 'customers' | 'contacts'; id: number }
  | { type: 'suppliers' | 'items'; id: number; searchable: string }
  | { type: 'transactions'; id: number; journalType: JournalTypeCode }

/**
 * The page a result opens (spec/account.md §2 "Search": a /show page, or a list page that finds it). Customers open
 * their details drawer; suppliers and catalogue items their list filtered down to them.
 */
export const searchResultUrl = (target: SearchTarget): string => {
  switch (target.type) {
    case 'invoices':
      return `/app/sales/invoices/${target.id}/show`
    case 'quotes':
      return `/app/sales/quotes/${target.id}/show`
    case 'receipts':
      return `/app/purchase/receipts/${target.id}`
    case 'customers':
    case 'contacts':
      return `/app/sales/customers?open=${target.id}`
    case 'suppliers':
      return listSearch('/app/purchase/suppliers', target.searchable)
    case 'items':
      return listSearch('/app/sales/catalog', target.searchable)
    case 'transactions':
      return TRANSACTION_PAGES[target.journalType](target.id)
  }
}

/** A contact's result type: customers, suppliers, or contacts when it is both (it opens as a customer). */
export const contactSearchType = (contact: {
  isCustomer: boolean
  isSupplier: boolean
}): 'customers' | 'suppliers' | 'contacts' =>
  contact.isCustomer && contact.isSupplier ? 'contacts' : contact.isSupplier ? 'suppliers' : 'customers'

/** At most this many results per type, and in all: enough to pick from, few enough to read at a glance. */
export const SEARCH_PER_TYPE = 5
export const SEARCH_TOTAL = 30

/**
 * How well a row matches, best first: 0 its reference is the query, 1 its reference or name starts with it or its
 * amount is the one typed, 2 it contains it somewhere. Within a rank the repo already put the closest and the most
 * recent first.
 */
export type SearchRank = 0 | 1 | 2

/**
 * The answer's order: by rank across types, a type's own order kept (a stable sort), at most SEARCH_PER_TYPE of a
 * type and SEARCH_TOTAL in all.
 */
export const rankSearchResults = <T extends { type: SearchResultType; rank: SearchRank }>(rows: readonly T[]): T[] => {
  const perType = new Map<SearchResultType, number>()
  const kept = rows.filter((row) => {
    const count = perType.get(row.type) ?? 0
    perType.set(row.type, count + 1)
    return count < SEARCH_PER_TYPE
  })
  return kept
    .map((row, index) => ({ row, index }))
    .sort((a, b) => a.row.rank - b.row.rank || a.index - b.index)
    .slice(0, SEARCH_TOTAL)
    .map(({ row }) => row)
}
