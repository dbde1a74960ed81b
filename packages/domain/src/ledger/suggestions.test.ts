import { describe, expect, it } from 'vitest'
import {
  keywordAccounts,
  LABEL_KEYWORDS,
  labelSimilarity,
  mergeSuggestions,
  rankHistory,
  significantWords,
  suggestableFor,
} from './suggestions'

describe('what tells one bank label from another', () => {
  it('keeps the merchant’s words, not dates, references, card numbers or how the money moved', () => {
    expect(significantWords('PRLV SEPA ORANGE SA 123456')).toEqual(['orange'])
    expect(significantWords('CB CARREFOUR MARKET 12/03 PARIS')).toEqual(['carrefour', 'market', 'paris'])
    expect(significantWords('VIR INST M. JEAN DUPONT')).toEqual(['jean', 'dupont'])
    expect(significantWords('CB 4971 12/03')).toEqual([])
  })

  it('finds alike the same label, the same words on another day, the same merchant elsewhere; not the bank’s words', () => {
    expect(labelSimilarity('Total Energies', 'TOTAL ÉNERGIES')).toBe(1)
    expect(labelSimilarity('PRLV SEPA ORANGE 123', 'PRLV SEPA ORANGE 456')).toBe(0.9)
    expect(labelSimilarity('CB CARREFOUR MARKET 12/03', 'CB CARREFOUR CITY 15/04')).toBeGreaterThanOrEqual(0.6)
    expect(labelSimilarity('PRLV SEPA ORANGE', 'PRLV SEPA FREE MOBILE')).toBe(0)
    expect(labelSimilarity('CB 1234', 'CB 5678')).toBe(0)
  })
})

describe('the organisation’s own history', () => {
  const line = (categoryId: number, label: string, datedAt: string, counterparty: string | null = null) => ({
    categoryId,
    label,
    counterparty,
    datedAt,
  })

  it('ranks the categories of lines alike by how many and how recent, and leaves out lines unlike', () => {
    const history = [
      line(1, 'CB CARREFOUR MARKET 02/10', '2026-10-02'),
      line(1, 'CB CARREFOUR MARKET 03/09', '2026-09-03'),
      line(2, 'CB CARREFOUR MARKET 01/01', '2025-01-01'),
      line(3, 'PRLV SEPA ORANGE', '2026-11-01'),
    ]
    const ranked = rankHistory({ label: 'CB CARREFOUR MARKET 20/11', counterparty: null }, history, '2026-11-24')
    expect(ranked.map((entry) => [entry.categoryId, entry.source])).toEqual([
      [1, 'history'],
      [2, 'history'],
    ])
  })

  it('weighs a recent use above an old one, and says when only the counterparty was alike', () => {
    const history = [
      line(1, 'FACTURE 1', '2024-01-10', 'Garage Petit'),
      line(2, 'ENTRETIEN', '2026-11-10', 'GARAGE PETIT'),
      line(3, 'Carte grise', '2026-01-10'),
    ]
    const ranked = rankHistory({ label: 'VIR 8812', counterparty: 'garage petit' }, history, '2026-11-24')
    expect(ranked.map((entry) => [entry.categoryId, entry.source])).toEqual([
      [2, 'counterparty'],
      [1, 'counterparty'],
    ])
    expect(rankHistory({ label: 'VIR 8812', counterparty: null }, history, '2026-11-24')).toEqual([])
  })
})

describe('the line’s own words', () => {
  it('point bank fees, URSSAF, supermarkets, travel, taxes and withdrawals to their accounts', () => {
    expect(keywordAccounts('FRAIS TENUE DE COMPTE', false)).toEqual(['627'])
    expect(keywordAccounts('COTIS CARTE VISA PREMIER', false)).toEqual(['627'])
    expect(keywordAccounts('PRLV SEPA URSSAF RHONE ALPES', false)).toEqual(['646', '431'])
    expect(keywordAccounts('CB CARREFOUR MARKET 12/03', false)).toEqual(['6064', '6068'])
    expect(keywordAccounts('CB E.LECLERC', false)).toEqual(['6064', '6068'])
    expect(keywordAccounts('CB SNCF INTERNET', false)).toEqual(['6251'])
    expect(keywordAccounts('PEAGE A7 VIENNE', false)).toEqual(['6251'])
    expect(keywordAccounts('PRLV DGFIP IMPOT 2026', false)).toEqual(['44551', '63511'])
    expect(keywordAccounts('RETRAIT DAB 12/03 LYON', false)).toEqual(['580'])
  })

  it('prefer the longest phrase: postage before bank fees, a meal before a ride', () => {
    expect(keywordAccounts('FRAIS DE PORT COLISSIMO', false)[0]).toBe('6241')
    expect(keywordAccounts('FRAIS DE PORT', false)).toEqual(['6241', '627'])
    expect(keywordAccounts('UBER EATS PARIS', false)).toEqual(['6257', '6251'])
  })

  it('match whole words of the line’s direction only, and say nothing of a personal transfer', () => {
    expect(keywordAccounts('BOULANGERIE TOTALEMENT', false)).toEqual([])
    expect(keywordAccounts('VIR M. JEAN DUPONT', false)).toEqual([])
    expect(keywordAccounts('VIR INST JEANNE MARTIN', true)).toEqual([])
    expect(keywordAccounts('FRAIS TENUE DE COMPTE', true)).toEqual([])
    expect(keywordAccounts('VIR STRIPE PAYMENTS', true)).toEqual(['706', '707'])
  })

  it('are a table of lower-case phrases, each with accounts', () => {
    for (const entry of LABEL_KEYWORDS) {
      expect(entry.codes.length).toBeGreaterThan(0)
      for (const phrase of entry.phrases) expect(phrase).toMatch(/^[a-z0-9]+( [a-z0-9]+)*$/)
    }
  })
})

describe('the suggestions of a line', () => {
  it('never offer a charge for money in, a revenue for money out, the holding account or a folder', () => {
    expect(suggestableFor('627', false)).toBe(true)
    expect(suggestableFor('627', true)).toBe(false)
    expect(suggestableFor('706', false)).toBe(false)
    expect(suggestableFor('706', true)).toBe(true)
    expect(suggestableFor('580', true)).toBe(true)
    expect(suggestableFor('471000', false)).toBe(false)
    expect(suggestableFor('0', false)).toBe(false)
  })

  it('come best first, each category once, at most three: rules, history by label, near misses, counterparty, words', () => {
    const merged = mergeSuggestions({
      ruleMatches: [],
      history: [
        { categoryId: 10, source: 'counterparty', score: 5 },
        { categoryId: 11, source: 'history', score: 1 },
      ],
      nearMisses: [12],
      keywords: [11, 13],
    })
    expect(merged).toEqual([
      { categoryId: 11, source: 'history' },
      { categoryId: 12, source: 'rule' },
      { categoryId: 10, source: 'counterparty' },
    ])
    expect(mergeSuggestions({ ruleMatches: [9], history: [], nearMisses: [], keywords: [9, 13] })).toEqual([
      { categoryId: 9, source: 'rule' },
      { categoryId: 13, source: 'keywords' },
    ])
    expect(mergeSuggestions({ ruleMatches: [], history: [], nearMisses: [], keywords: [] })).toEqual([])
  })
})
