import { describe, expect, it } from 'vitest'
import { messages } from '../messages/index'
import { isSearchable, searchBodySchema } from '../schemas/search'
import { rankSearchResults, SEARCH_PER_TYPE, searchAmount, searchResultUrl, searchSubtitle } from './results'

describe('search query', () => {
  it('needs 3 characters once trimmed, and says so in French', () => {
    const short = searchBodySchema.safeParse({ query: '  ab  ' })
    expect(short.success).toBe(false)
    expect(short.error?.issues[0]?.message).toBe(messages.search.queryTooShort)
    expect(searchBodySchema.parse({ query: ' abc ' })).toEqual({ query: 'abc' })
    expect(isSearchable('ab ')).toBe(false)
    expect(isSearchable('x'.repeat(101))).toBe(false)
  })

  it('reads what people type as the stored amount, or not at all', () => {
    expect(searchAmount('1200')).toBe('1200.00')
    expect(searchAmount('1 200,50')).toBe('1200.50')
    expect(searchAmount('1200.5')).toBe('1200.50')
    expect(searchAmount('1 200,50 €')).toBe('1200.50')
    // Not an amount: a name, a reference, more decimals than any stored amount, two separators.
    expect(searchAmount('Danone')).toBeNull()
    expect(searchAmount('F-2026-001')).toBeNull()
    expect(searchAmount('12.345')).toBeNull()
    expect(searchAmount('1.234,50')).toBeNull()
  })
})

describe('search results', () => {
  it('open a real page: show pages for documents, the list filtered down for suppliers and items', () => {
    expect(searchResultUrl({ type: 'invoices', id: 7 })).toBe('/app/sales/invoices/7/show')
    expect(searchResultUrl({ type: 'quotes', id: 7 })).toBe('/app/sales/quotes/7/show')
    expect(searchResultUrl({ type: 'customers', id: 7 })).toBe('/app/sales/customers?open=7')
    expect(searchResultUrl({ type: 'suppliers', id: 7, searchable: 'Café & Cie' })).toBe(
      '/app/purchase/suppliers?search=Caf%C3%A9%20%26%20Cie',
    )
    expect(searchResultUrl({ type: 'items', id: 7, searchable: 'REF-1' })).toBe('/app/sales/catalog?search=REF-1')
    expect(searchResultUrl({ type: 'transactions', id: 7, journalType: 'BQ' })).toBe('/app/financial/bank/7/show')
    expect(searchResultUrl({ type: 'transactions', id: 7, journalType: 'EX' })).toBe('/app/purchase/expenses/7')
    expect(searchResultUrl({ type: 'receipts', id: 7 })).toBe('/app/purchase/receipts/7')
  })

  it('join the subtitle parts that exist', () => {
    expect(searchSubtitle(['Facture F-1', null, '02/11/2026', undefined, ''])).toBe('Facture F-1 · 02/11/2026')
  })

  it('put the best rank first across types, keep each type in its order, and cap each type', () => {
    const rows = [
      { type: 'customers' as const, rank: 2 as const, id: 1 },
      { type: 'invoices' as const, rank: 2 as const, id: 2 },
      { type: 'invoices' as const, rank: 0 as const, id: 3 },
      ...Array.from({ length: 7 }, (_, i) => ({ type: 'items' as const, rank: 1 as const, id: 10 + i })),
    ]
    const ranked = rankSearchResults(rows)
    expect(ranked.map((row) => row.id).slice(0, 2)).toEqual([3, 10])
    expect(ranked.filter((row) => row.type === 'items')).toHaveLength(SEARCH_PER_TYPE)
    expect(ranked.at(-1)?.id).toBe(2)
  })
})
