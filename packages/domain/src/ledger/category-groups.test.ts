import { describe, expect, it } from 'vitest'
import { categoryGroupOf, categoryLabel, compareAccounts, groupCategories } from './category-groups'

describe('categoryGroupOf', () => {
  it.each([
    ['706', 'Ventes'],
    ['7085', 'Ventes'],
    ['74', 'Autres recettes'],
    ['7516', 'Autres recettes'],
    ['6064', 'Achats'],
    ['607', 'Achats'],
    ['6132', 'Frais généraux'],
    ['6226', 'Frais généraux'],
    ['626', 'Frais généraux'],
    ['651', 'Frais généraux'],
    ['6411', 'Personnel'],
    ['646', 'Personnel'],
    ['421', 'Personnel'],
    ['431', 'Personnel'],
    ['63511', 'Taxes'],
    ['695', 'Taxes'],
    ['44551', 'Taxes'],
    ['444', 'Taxes'],
    ['627', 'Banque'],
    ['6278', 'Banque'],
    ['6611', 'Banque'],
    ['164', 'Banque'],
    ['512', 'Banque'],
    ['530', 'Banque'],
    ['580', 'Banque'],
    ['763', 'Banque'],
    ['2183', 'Immobilisations'],
    ['205', 'Immobilisations'],
    ['275', 'Immobilisations'],
    ['108', "Compte de l'exploitant"],
    ['455', "Compte de l'exploitant"],
    ['101', "Compte de l'exploitant"],
    ['401', 'Autres'],
    ['411', 'Autres'],
    ['471000', 'Autres'],
    ['678', 'Autres'],
  ])('puts account %s under %s', (code, group) => {
    expect(categoryGroupOf(code)).toBe(group)
  })
})

describe('categoryLabel', () => {
  it('names the category first and gives its account number after', () => {
    expect(categoryLabel({ name: 'Fournitures administratives', code: '6064' })).toBe(
      'Fournitures administratives · 6064',
    )
  })
})

describe('compareAccounts', () => {
  it('orders account numbers as they read padded, a parent before its children', () => {
    expect(['607', '6064', '606', '60225', '6061'].sort(compareAccounts)).toEqual([
      '60225',
      '606',
      '6061',
      '6064',
      '607',
    ])
  })
})

describe('groupCategories', () => {
  const entry = (code: string, name: string) => ({ code, name })
  const bankFees = entry('627', 'Services bancaires et assimilés')
  const office = entry('6064', 'Fournitures administratives')
  const goods = entry('607', 'Achats de marchandises')
  const services = entry('706', 'Prestations de services')
  const drawings = entry('108', "Compte de l'exploitant")
  const phone = entry('626', 'Frais postaux et de télécommunications')
  const rent = entry('6132', 'Locations immobilières')
  const waiting = entry('471000', "Compte d'attente")

  it('gives the groups in their readable order, each in account order', () => {
    const groups = groupCategories([waiting, bankFees, phone, goods, drawings, rent, office, services])
    expect(groups.map((group) => [group.label, group.items.map((item) => item.code)])).toEqual([
      ['Ventes', ['706']],
      ['Achats', ['6064', '607']],
      ['Frais généraux', ['6132', '626']],
      ['Banque', ['627']],
      ["Compte de l'exploitant", ['108']],
      ['Autres', ['471000']],
    ])
  })

  it("keeps a search's order within each group when asked", () => {
    const groups = groupCategories([goods, phone, office], { keepOrder: true })
    expect(groups.map((group) => group.items.map((item) => item.code))).toEqual([['607', '6064'], ['626']])
  })
})
