import { describe, expect, it } from 'vitest'
import { groupByLetter, groupByMonth, initialOf } from './grouping'

describe('groupByLetter', () => {
  it('groups by first letter without accents, A to Z then #', () => {
    const names = ['Écoles réunies', 'alpha', '3 Suisses', 'Beta', 'Éric', '', 'Zèbre', 'Agence']
    const groups = groupByLetter(names, (name) => name)
    expect(groups.map((group) => group.label)).toEqual(['A', 'B', 'E', 'Z', '#'])
    expect(groups[0]?.items).toEqual(['alpha', 'Agence'])
    expect(groups[2]?.items).toEqual(['Écoles réunies', 'Éric'])
    expect(groups[4]?.items).toEqual(['3 Suisses', ''])
  })

  it("uses '#' when there is no name", () => {
    expect(initialOf(null)).toBe('#')
    expect(initialOf('  ')).toBe('#')
    expect(initialOf('« Chez Paul »')).toBe('#')
    expect(initialOf(' ñandú')).toBe('N')
  })

  it('gives nothing for nothing', () => {
    expect(groupByLetter([], (name: string) => name)).toEqual([])
  })
})

describe('groupByMonth', () => {
  it('groups by month, newest first, with French labels; undated last', () => {
    const items = [
      { id: 1, date: '2026-03-03' },
      { id: 2, date: '2026-01-31' },
      { id: 3, date: '2026-03-28' },
      { id: 4, date: null },
      { id: 5, date: '2025-12-01' },
    ]
    const groups = groupByMonth(items, (item) => item.date)
    expect(groups.map((group) => group.label)).toEqual(['Mars 2026', 'Janvier 2026', 'Décembre 2025', 'Sans date'])
    expect(groups[0]?.items.map((item) => item.id)).toEqual([1, 3])
  })
})
