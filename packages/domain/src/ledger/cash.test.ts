import { describe, expect, it } from 'vitest'
import { cashOperationCreateSchema, cashSaleCreateSchema } from '../schemas/cash'
import {
  cashOperationAmount,
  cashSaleDefaultName,
  cashSaleLineKind,
  cashSaleTotals,
  isCashLineName,
  isCashReceiptCategory,
  isCashSaleCategory,
  negativeCashWarning,
  signedCashAmounts,
} from './cash'

describe('cash operation lines', () => {
  it('signs an exit negative and an entry positive, whatever sign was typed', () => {
    expect(
      signedCashAmounts([
        { name: 'Sortie', amount: '12.5' },
        { name: 'Sortie timbres', amount: '-3' },
        { name: 'Entrée', amount: '-40' },
        { name: 'entrée fond de caisse', amount: '100' },
      ]),
    ).toEqual(['-12.50', '-3.00', '40.00', '100.00'])
  })

  it('makes the operation’s amount the sum of its signed lines, to the cent', () => {
    expect(
      cashOperationAmount([
        { name: 'Entrée', amount: '100' },
        { name: 'Sortie', amount: '0.1' },
        { name: 'Sortie', amount: '0.2' },
      ]),
    ).toBe('99.70')
    expect(cashOperationAmount([])).toBe('0.00')
  })

  it('accepts only lines named Entrée or Sortie, or starting with them', () => {
    expect(isCashLineName('Entrée')).toBe(true)
    expect(isCashLineName('  sortie banque')).toBe(true)
    expect(isCashLineName('Vente')).toBe(false)
    expect(isCashLineName('Une sortie')).toBe(false)
  })

  it('warns of a negative balance with the spec’s sentence and the amount in French', () => {
    expect(negativeCashWarning('-12.5')).toBe('Attention : le solde de ta caisse devient négatif (-12,50\u00a0€).')
    expect(negativeCashWarning('0.00')).toBeNull()
    expect(negativeCashWarning('3')).toBeNull()
  })

  it('refuses an operation without lines, or with a line of another kind, in French', () => {
    const body = { name: 'Fond de caisse', datedAt: '2026-11-02' }
    const empty = cashOperationCreateSchema.safeParse({ ...body, allocations: [] })
    expect(empty.error?.issues.map((issue) => issue.message)).toEqual(['Ajoute au moins une ligne.'])
    const wrong = cashOperationCreateSchema.safeParse({
      ...body,
      allocations: [{ name: 'Vente', amount: '10', accountingEntryId: 1 }],
    })
    expect(wrong.error?.issues.map((issue) => issue.message)).toEqual([
      'Le libellé d’une ligne de caisse commence par « Entrée » ou « Sortie ».',
    ])
  })
})

describe('cash sale lines', () => {
  it('classes a line by the word its name contains, Encaissement before Vente', () => {
    expect(cashSaleLineKind('Vente')).toBe('sale')
    expect(cashSaleLineKind('Ventes de pain')).toBe('sale')
    expect(cashSaleLineKind('Encaissement espèces')).toBe('receipt')
    expect(cashSaleLineKind('Encaissement des ventes')).toBe('receipt')
    expect(cashSaleLineKind('Remise')).toBeNull()
  })

  it('allows the sales side’s categories on sale lines and treasury accounts on receipt lines', () => {
    expect(['701', '706', '7071', '708'].every(isCashSaleCategory)).toBe(true)
    expect(['702', '626', '530'].some(isCashSaleCategory)).toBe(false)
    expect(['530', '580'].every(isCashReceiptCategory)).toBe(true)
    expect(isCashReceiptCategory('706')).toBe(false)
  })

  it('names a sale after its day', () => {
    expect(cashSaleDefaultName('2026-03-03')).toBe('Ventes au comptant du 03/03/2026')
  })

  it('checks the receipts against the takings, each group with the sum rule’s message', () => {
    const lines = [
      { name: 'Vente', amount: '-80' },
      { name: 'Vente', amount: '40' },
      { name: 'Encaissement espèces', amount: '100' },
    ]
    expect(cashSaleTotals(lines)).toEqual({
      amount: '120.00',
      sales: '120.00',
      receipts: '100.00',
      salesGap: null,
      receiptsGap:
        "Vérifie les montants — Le total de la ventilation n'est pas égal au montant de la transaction : écart +20,00\u00a0€",
    })
    expect(cashSaleTotals(lines, '100').salesGap).toBe(
      "Vérifie les montants — Le total de la ventilation n'est pas égal au montant de la transaction : écart -20,00\u00a0€",
    )
    expect(cashSaleTotals(lines, '100').receiptsGap).toBeNull()
  })

  it('refuses a sale without a sale line, without a receipt line, or whose receipts miss the takings', () => {
    const line = (name: string, amount: string) => ({ name, amount, accountingEntryId: 1 })
    const messages = (allocations: unknown[]) =>
      cashSaleCreateSchema
        .safeParse({ datedAt: '2026-03-03', allocations })
        .error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
    expect(messages([line('Encaissement', '10')])).toEqual(['allocations: Ajoute au moins une ligne de vente.'])
    expect(messages([line('Vente', '10')])).toEqual([
      'allocations: Indique comment la vente a été encaissée : ajoute une ligne d’encaissement.',
    ])
    expect(messages([line('Vente', '10'), line('Encaissement', '9.99')])).toEqual([
      "allocations: Vérifie les montants — Le total de la ventilation n'est pas égal au montant de la transaction : écart +0,01\u00a0€",
    ])
    expect(messages([line('Vente', '10'), line('Encaissement', '10')])).toBeUndefined()
  })
})
