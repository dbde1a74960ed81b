import { describe, expect, it } from 'vitest'
import { parseListParams } from '../../lib/listParams'
import {
  type FilterForm,
  filterPatch,
  formOf,
  tabOf,
  tabPatch,
  transactionParamsSchema,
  transactionsQuery,
} from './transactionParams'

const parse = (search: string) => parseListParams(transactionParamsSchema, new URLSearchParams(search))
const query = (search: string) =>
  Object.fromEntries(transactionsQuery({ ...parse(search), pageSize: 25 }).entries()) as Record<string, string>

const blank: FilterForm = formOf(parse(''))

describe('the bank list’s URL', () => {
  it('reads the drawer’s fields and drops bad values instead of failing', () => {
    const params = parse(
      'datedAfter=2026-01-01&datedBefore=2026-02-30&amountMin=0&amountMax=abc&journalId=3&whereType=x',
    )
    expect(params.datedAfter).toBe('2026-01-01')
    expect(params.datedBefore).toBeUndefined()
    expect(params.amountMin).toBe('0')
    expect(params.amountMax).toBeUndefined()
    expect(params.journalId).toBe('3')
    expect(params.whereType).toBeUndefined()
  })

  it('asks the current fiscal year by default, every year with isArchived=all, the archives with true', () => {
    expect(query('')).toMatchObject({ 'filter[isArchived]': 'false', 'filter[journalTypeCode]': 'BQ', page: '1' })
    expect(query('isArchived=all')['filter[isArchived]']).toBeUndefined()
    expect(query('isArchived=true')['filter[isArchived]']).toBe('true')
  })

  it('sends every filter under the contract’s names', () => {
    expect(
      query(
        'search=loyer&datedAfter=2026-01-01&datedBefore=2026-01-31&amountMin=0&amountMax=120.5&journalId=2' +
          '&accountingEntry=101&whereType=debit&withReceipt=false&withComment=true&page=2',
      ),
    ).toEqual({
      page: '2',
      pageSize: '25',
      'filter[journalTypeCode]': 'BQ',
      'filter[search]': 'loyer',
      'filter[datedAfter]': '2026-01-01',
      'filter[datedBefore]': '2026-01-31',
      'filter[amountMin]': '0',
      'filter[amountMax]': '120.5',
      'filter[journalId]': '2',
      'filter[accountingEntryId]': '101',
      'filter[whereType]': 'debit',
      'filter[withReceipt]': 'false',
      'filter[withComment]': 'true',
      'filter[isArchived]': 'false',
    })
  })

  it('opens "À catégoriser" from the dashboards’ link uncategorized=false, which still asks the uncategorised', () => {
    expect(tabOf(parse('uncategorized=false&page=1'))).toBe('to-categorize')
    expect(query('uncategorized=false')['filter[uncategorized]']).toBe('true')
    expect(query('toJustify=true')['filter[toJustify]']).toBe('true')
  })
})

describe('tabs', () => {
  it('shows Archivées before À justifier before À catégoriser, else Toutes', () => {
    expect(tabOf(parse(''))).toBe('all')
    expect(tabOf(parse('toJustify=true&uncategorized=true'))).toBe('to-justify')
    expect(tabOf(parse('isArchived=true&toJustify=true'))).toBe('archived')
    expect(tabOf(parse('isArchived=all'))).toBe('all')
  })

  it('each tab clears the others’ flags; the "all years" status survives every tab but Archivées', () => {
    expect(tabPatch('to-categorize', {})).toEqual({
      uncategorized: 'true',
      toJustify: undefined,
      isArchived: undefined,
    })
    expect(tabPatch('to-justify', { isArchived: 'all' })).toEqual({
      uncategorized: undefined,
      toJustify: 'true',
      isArchived: 'all',
    })
    expect(tabPatch('archived', { isArchived: 'all' })).toEqual({
      uncategorized: undefined,
      toJustify: undefined,
      isArchived: 'true',
    })
    expect(tabPatch('all', { isArchived: 'true' }).isArchived).toBeUndefined()
  })
})

describe('filterPatch (Appliquer)', () => {
  it('drops empty values, "all" and "0", but keeps 0 as an amount bound', () => {
    const patch = filterPatch({
      ...blank,
      fullSearch: '  ',
      journalId: '0',
      accountingEntry: '',
      amountMin: '0',
      amountMax: '',
      whereType: 'all',
      withReceipt: 'all',
      withComment: 'false',
    })
    expect(patch).toEqual({
      search: '',
      datedAfter: undefined,
      datedBefore: undefined,
      amountMin: '0',
      amountMax: undefined,
      journalId: undefined,
      accountingEntry: undefined,
      whereType: undefined,
      withReceipt: undefined,
      withComment: 'false',
      isArchived: undefined,
    })
  })

  it('writes amounts as the API reads them, to the cent', () => {
    expect(filterPatch({ ...blank, amountMin: '1 234,5', amountMax: '-0,125' })).toMatchObject({
      amountMin: '1234.5',
      amountMax: '-0.13',
    })
  })

  it('drops the default status (current fiscal year) and keeps "all" and "archived"', () => {
    expect(filterPatch({ ...blank, isArchived: 'false' }).isArchived).toBeUndefined()
    expect(filterPatch({ ...blank, isArchived: 'all' }).isArchived).toBe('all')
    expect(filterPatch({ ...blank, isArchived: 'true' }).isArchived).toBe('true')
  })

  it('fills the drawer from the URL, the status on the current fiscal year by default', () => {
    expect(blank.isArchived).toBe('false')
    expect(formOf(parse('search=edf&whereType=credit&isArchived=all&amountMin=-12.5'))).toMatchObject({
      fullSearch: 'edf',
      amountMin: '-12,5',
      whereType: 'credit',
      isArchived: 'all',
    })
  })
})
