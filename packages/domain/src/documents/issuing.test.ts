import { describe, expect, it } from 'vitest'
import { followsLastIssued, hasIssuableTotal, issuingMessages, missingBuyerAddress } from './issuing'

const invoice = { isCreditNote: false, isFinal: false, totalTaxExcluded: '100.00', totalTaxIncluded: '120.00' }

describe('an invoice issued with a positive total only', () => {
  it('accepts a positive invoice and refuses a negative or zero one: money goes back through a credit note', () => {
    expect(hasIssuableTotal(invoice)).toBe(true)
    expect(hasIssuableTotal({ ...invoice, totalTaxExcluded: '0.00', totalTaxIncluded: '0.00' })).toBe(false)
    expect(hasIssuableTotal({ ...invoice, totalTaxExcluded: '-10.00', totalTaxIncluded: '-12.00' })).toBe(false)
    expect(hasIssuableTotal({ ...invoice, totalTaxExcluded: '0.00', totalTaxIncluded: '0.01' })).toBe(false)
  })

  it('leaves credit notes, the only documents with negative totals, alone', () => {
    expect(hasIssuableTotal({ ...invoice, isCreditNote: true, totalTaxExcluded: '-10', totalTaxIncluded: '-12' })).toBe(
      true,
    )
  })

  it('lets a final invoice come to zero when its deposits invoiced everything, never below', () => {
    expect(hasIssuableTotal({ ...invoice, isFinal: true, totalTaxExcluded: '0.00', totalTaxIncluded: '0.00' })).toBe(
      true,
    )
    expect(hasIssuableTotal({ ...invoice, isFinal: true, totalTaxExcluded: '-1.00', totalTaxIncluded: '-1.20' })).toBe(
      false,
    )
  })
})

describe('numbers follow dates within a series', () => {
  const last = { datedAt: '2026-11-02', reference: 'F-2026-0001' }
  it('refuses a date before the last validated one, accepts the same day and later, and the first of a series', () => {
    expect(followsLastIssued('2026-10-15', last)).toBe(false)
    expect(followsLastIssued('2026-11-02', last)).toBe(true)
    expect(followsLastIssued('2026-11-28', last)).toBe(true)
    expect(followsLastIssued('2020-01-01', null)).toBe(true)
  })

  it('says which document holds the later date, and offers today', () => {
    expect(issuingMessages.dateBeforeLastIssued('invoice', last)).toBe(
      "La facture F-2026-0001 est datée du 02/11/2026 : les numéros suivent les dates, cette facture ne peut donc pas être datée d'avant. Valide-la à la date du jour.",
    )
    expect(issuingMessages.dateBeforeLastIssued('creditNote', { ...last, reference: 'AV-2026-0001' })).toContain(
      "L'avoir AV-2026-0001 est daté du 02/11/2026",
    )
  })
})

describe("the buyer's address, a mandatory mention", () => {
  it('names what the address lacks', () => {
    expect(missingBuyerAddress(null)).toEqual(['address'])
    expect(missingBuyerAddress({ street: ' ', postcode: '75001', city: '' })).toEqual(['street', 'city'])
    expect(missingBuyerAddress({ street: '1 rue de la Paix', postcode: '75002', city: 'Paris' })).toEqual([])
  })

  it('tells in French what to complete on the customer', () => {
    expect(issuingMessages.customerInfoRequired('Acme', ['street', 'city'])).toBe(
      'Complète la fiche de Acme avant de valider : il manque le numéro et la rue de son adresse et la ville de son adresse.',
    )
  })
})
