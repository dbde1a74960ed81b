import { describe, expect, it } from 'vitest'
import { firstOfDay, groupTransactions } from './transactionGroups'

const item = (id: number, datedAt: string, isFuture = false) => ({ id, datedAt, isFuture })

describe('groupTransactions', () => {
  it('puts the future transactions first under "À venir", then one section per month, newest first', () => {
    const groups = groupTransactions([
      item(1, '2026-05-02', true),
      item(2, '2026-04-30', true),
      item(3, '2026-03-03'),
      item(4, '2026-03-01'),
      item(5, '2026-02-27'),
    ])
    expect(groups.map((group) => [group.label, group.items.map((entry) => entry.id)])).toEqual([
      ['À venir', [1, 2]],
      ['Mars 2026', [3, 4]],
      ['Février 2026', [5]],
    ])
  })

  it('has no "À venir" section without future transactions', () => {
    expect(groupTransactions([item(3, '2026-03-03')]).map((group) => group.label)).toEqual(['Mars 2026'])
  })
})

describe('firstOfDay', () => {
  it('marks the first transaction of each day within each section', () => {
    const groups = groupTransactions([
      item(1, '2026-03-03', true),
      item(2, '2026-03-03'),
      item(3, '2026-03-03'),
      item(4, '2026-03-01'),
    ])
    expect([...firstOfDay(groups)]).toEqual([1, 2, 4])
  })
})
