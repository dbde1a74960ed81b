import { describe, expect, it } from 'vitest'
import { matchesSearch, moneySearchFields, searchedPageOfList, searchTextOf } from './lists'

describe('searching a list', () => {
  it('finds every word of the text in a row’s texts, case and accents aside', () => {
    expect(matchesSearch('epargne', ['Compte Épargne', 'BQ2'])).toBe(true)
    expect(matchesSearch('ÉPARGNE bq2', ['Compte Épargne', 'BQ2'])).toBe(true)
    expect(matchesSearch('epargne bq3', ['Compte Épargne', 'BQ2'])).toBe(false)
    expect(matchesSearch(undefined, ['tout'])).toBe(true)
    expect(matchesSearch('x', [null, undefined])).toBe(false)
  })

  it('reads the money lists’ search under any of its three names, the first given winning', () => {
    expect(searchTextOf({ 'filter[fullSearch]': 'loyer' })).toBe('loyer')
    expect(searchTextOf({ search: 'edf', 'filter[search]': 'loyer' })).toBe('edf')
    expect(searchTextOf({ search: '' })).toBeUndefined()
    const fields = moneySearchFields()
    expect(fields['filter[fullSearch]'].parse('  loyer ')).toBe('loyer')
    expect(fields.search.safeParse('x'.repeat(300)).success).toBe(false)
  })

  it('searches a short list held in memory before paging it: the total is what was found', () => {
    const rows = ['Banque', 'Caisse', 'Compte courant d’associé', 'Caisse 2'].map((name) => ({ name }))
    const page = searchedPageOfList(rows, { page: 2, pageSize: 1, search: 'caisse' }, (row) => [row.name])
    expect(page).toEqual({ data: [{ name: 'Caisse 2' }], meta: { total: 2, page: 2, pageSize: 1 } })
    expect(searchedPageOfList(rows, { page: 1, pageSize: 10 }, (row) => [row.name]).meta.total).toBe(4)
  })
})
