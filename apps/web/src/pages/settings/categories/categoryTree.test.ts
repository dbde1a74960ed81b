import { describe, expect, it } from 'vitest'
import { buildTree, categoryMatches, descendantIds, filterTree, parentOptions, placeOf, tagNames } from './categoryTree'
import { CHART, entry, mobile } from './fakeCategoriesApi'

const chart = Object.values(CHART)
const names = (nodes: { entry: { name: string }; children: unknown[] }[]): unknown[] =>
  nodes.map((node) =>
    node.children.length > 0 ? [node.entry.name, names(node.children as typeof nodes)] : node.entry.name,
  )

describe('buildTree', () => {
  it('nests each category under its parent, in the list’s order, folders at the top', () => {
    expect(names(buildTree(chart))).toEqual([
      ['Charges', [['Autres services extérieurs', ['Frais postaux et de télécommunications', 'Réceptions']]]],
      ['Trésorerie, capitaux et tiers', ["Compte d'attente"]],
    ])
  })

  it('puts a category whose parent is not listed at the top (the custom tab), and survives a loop', () => {
    expect(names(buildTree([mobile]))).toEqual(['Forfait mobile'])
    const looped = [
      entry({ id: 5, parentId: 6, code: '61', name: 'A' }),
      entry({ id: 6, parentId: 5, code: '62', name: 'B' }),
    ]
    expect(() => buildTree(looped)).not.toThrow()
  })
})

describe('search', () => {
  it('matches name, tag (raw or in French) and the start of the code, without accents or case', () => {
    expect(categoryMatches(CHART.phone, 'TÉLÉCOM')).toBe(true)
    expect(categoryMatches(CHART.phone, 'internet')).toBe(true)
    expect(categoryMatches(CHART.phone, 'is_exp')).toBe(true)
    expect(categoryMatches(CHART.phone, 'depenses')).toBe(true)
    expect(categoryMatches(CHART.phone, '62')).toBe(true)
    expect(categoryMatches(CHART.phone, '26')).toBe(false)
    expect(categoryMatches(CHART.phone, 'frais internet')).toBe(true)
    expect(categoryMatches(CHART.phone, 'frais repas')).toBe(false)
    // A folder's code "0" is not a code to search by.
    expect(categoryMatches(CHART.charges, '0')).toBe(false)
  })

  it('keeps what matches with everything under it, and the way down to it', () => {
    const tree = buildTree(chart)
    expect(names(filterTree(tree, 'restaurant'))).toEqual([
      ['Charges', [['Autres services extérieurs', ['Réceptions']]]],
    ])
    expect(names(filterTree(tree, 'trésorerie'))).toEqual([['Trésorerie, capitaux et tiers', ["Compte d'attente"]]])
    expect(filterTree(tree, 'zzz')).toEqual([])
    expect(filterTree(tree, '  ')).toEqual(tree)
  })
})

describe('tagNames', () => {
  it('gives the chart’s tags in French, then the keywords, each once', () => {
    expect(tagNames(CHART.phone)).toEqual(['Dépenses', 'téléphone', 'internet'])
    expect(tagNames(mobile)).toEqual(['orange', 'sfr'])
  })
})

describe('the parent select', () => {
  it('offers the active categories, the folders first, then in readable groups and account order, never the category or what is under it', () => {
    const inactive = { ...CHART.food, isActive: false }
    const all = [...chart.filter((item) => item.id !== CHART.food.id), inactive, mobile]
    const groups = parentOptions(all, null)
    expect(groups.map((group) => [group.group, group.items.map((item) => item.label)])).toEqual([
      ['Dossiers', ['Charges (dossier)', 'Trésorerie, capitaux et tiers (dossier)']],
      [
        'Frais généraux',
        ['Autres services extérieurs · 62', 'Frais postaux et de télécommunications · 626', 'Forfait mobile · 626100'],
      ],
      ['Autres', ["Compte d'attente · 471000"]],
    ])
    const values = (list: typeof groups) => list.flatMap((group) => group.items.map((item) => item.value))
    expect(values(parentOptions(all, CHART.phone))).toEqual(['1', '4', '100', '701'])
    // A deactivated parent stays offered to the category already under it.
    const underFood = { ...mobile, parentId: CHART.food.id }
    expect(values(parentOptions(all, underFood))).toContain(String(CHART.food.id))
  })

  it('knows what lies under a category and the way down to it', () => {
    expect([...descendantIds(1, [...chart, mobile])].sort()).toEqual([100, 101, 102, 100001].sort())
    expect(placeOf(mobile, [...chart, mobile]).map((item) => item.name)).toEqual([
      'Charges',
      'Autres services extérieurs',
      'Frais postaux et de télécommunications',
    ])
  })
})
