import { describe, expect, it } from 'vitest'
import {
  countsAsPurchase,
  isPurchasedAccount,
  PURCHASE_ACCOUNT_PATTERNS,
  PURCHASED_ACCOUNT_PATTERN,
  purchaseAccountKind,
} from './purchases'

describe('the registre des achats’ accounts', () => {
  it('counts what was bought: supplies, services, bank fees, software, fixed assets, and their deductible VAT', () => {
    const bought = ['606', '6064', '6068', '607', '6132', '616', '6226', '6251', '626', '627', '651', '606100']
    expect(bought.filter((code) => purchaseAccountKind(code) !== 'charge')).toEqual([])
    expect(['205', '2183', '2154', '231'].map(purchaseAccountKind)).toEqual(Array(4).fill('fixedAsset'))
    expect(['44566', '44562', '44568'].map(purchaseAccountKind)).toEqual(Array(3).fill('deductibleVat'))
    for (const code of [...bought, '205', '2183', '44566', '44562']) expect(countsAsPurchase(code), code).toBe(true)
  })

  it('leaves out the owner’s money, cash withdrawals, internal transfers, the suspense account, customers and taxes', () => {
    const notBought = {
      owner: ['108', '1081', '455', '4551', '644'],
      treasury: ['5121', '5122', '530', '531', '580', '58'],
      suspense: ['471000', '471'],
      customers: ['411', '4191'],
      state: ['44551', '44571', '44574', '44567', '444', '431', '437', '6354', '63511', '646', '6451', '695'],
      other: ['164', '421', '6611', '6712', '6811', '275', '2813', '101', '706', '467'],
    }
    for (const code of Object.values(notBought).flat()) {
      expect(purchaseAccountKind(code), code).toBeNull()
      expect(countsAsPurchase(code), code).toBe(false)
    }
  })

  it('counts a supplier paid only when the piece it settles was put on something bought', () => {
    expect(purchaseAccountKind('401')).toBe('supplier')
    expect(purchaseAccountKind('404')).toBe('supplier')
    expect(countsAsPurchase('401', '626')).toBe(true)
    expect(countsAsPurchase('404', '2183')).toBe(true)
    // The receipt still on the suspense account (its line not categorised yet), or no piece found at all.
    expect(countsAsPurchase('401', '471000')).toBe(false)
    expect(countsAsPurchase('401')).toBe(false)
    // A settled piece's own account decides: the VAT and a supplier are not "bought" by themselves.
    expect(isPurchasedAccount('44566')).toBe(false)
    expect(isPurchasedAccount('401')).toBe(false)
  })

  it('gives the books’ query the same patterns, anchored at the account’s start', () => {
    const purchased = new RegExp(PURCHASED_ACCOUNT_PATTERN)
    for (const code of ['606', '2183', '651', '6251']) expect(purchased.test(code), code).toBe(true)
    for (const code of ['6606', '5606', '4456', '646', '401']) expect(purchased.test(code), code).toBe(false)
    for (const pattern of Object.values(PURCHASE_ACCOUNT_PATTERNS)) expect(pattern.startsWith('^')).toBe(true)
  })
})
