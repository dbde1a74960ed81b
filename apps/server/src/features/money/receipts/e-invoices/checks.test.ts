import { describe, expect, it } from 'vitest'
import { checkInvoice } from './checks'
import type { InvoiceFields } from './fields'

const party = (name: string | null) => ({
  name,
  legalId: null,
  otherIds: [],
  vatNumber: null,
  country: 'FR',
  address: null,
})

/** 100.00 at 20 %: the smallest acceptable invoice; each test breaks one thing. */
const fields = (overrides: Partial<InvoiceFields> = {}): InvoiceFields => ({
  number: 'F-1',
  issueDate: '2026-11-02',
  dueDate: null,
  typeCode: '380',
  currency: 'EUR',
  seller: party('Fournisseur SARL'),
  buyer: party('Client SAS'),
  paymentAccount: null,
  totalTaxExcluded: '100.00',
  totalTax: '20.00',
  totalTaxIncluded: '120.00',
  amountDue: '120.00',
  vatBreakdown: [{ taxableAmount: '100.00', taxAmount: '20.00', categoryCode: 'S', ratePercent: '20.00' }],
  linesTotal: null,
  prepaidAmount: null,
  notes: [],
  paymentTerms: [],
  buyerReference: null,
  purchaseOrder: null,
  precedingInvoices: [],
  lines: [],
  allowancesCharges: [],
  ...overrides,
})

const reason = (overrides: Partial<InvoiceFields>) => {
  const checked = checkInvoice(fields(overrides))
  return checked.ok ? null : checked.reason
}

describe('mandatory elements', () => {
  it('accepts the smallest complete invoice and writes amounts and rates with two decimals', () => {
    const checked = checkInvoice(
      fields({
        totalTaxExcluded: '100',
        totalTax: '20.0',
        totalTaxIncluded: '120.000',
        amountDue: '+120',
        vatBreakdown: [{ taxableAmount: '100', taxAmount: '20', categoryCode: 's', ratePercent: '20' }],
      }),
    )
    expect(checked).toEqual({
      ok: true,
      invoice: expect.objectContaining({
        totalTaxExcluded: '100.00',
        totalTax: '20.00',
        totalTaxIncluded: '120.00',
        amountDue: '120.00',
        vatBreakdown: [{ ratePercent: '20.00', taxableAmount: '100.00', taxAmount: '20.00', categoryCode: 'S' }],
      }),
    })
  })

  it('refuses an invoice without number, issue date, type, currency or seller, naming the term', () => {
    expect(reason({ number: null })).toBe("Cette facture électronique n'a pas de numéro (BT-1).")
    expect(reason({ issueDate: null })).toBe("Cette facture électronique n'a pas de date d'émission (BT-2).")
    expect(reason({ typeCode: null })).toBe("Cette facture électronique n'indique pas son type de document (BT-3).")
    expect(reason({ currency: null })).toBe("Cette facture électronique n'indique pas sa devise (BT-5).")
    expect(reason({ seller: party(null) })).toBe('Cette facture électronique ne donne pas le nom du vendeur (BT-27).')
  })

  it('refuses a missing total, each by its name', () => {
    expect(reason({ totalTaxExcluded: null })).toBe("Cette facture électronique n'a pas de total hors taxes (BT-109).")
    expect(reason({ totalTax: null })).toBe("Cette facture électronique n'a pas de montant total de TVA (BT-110).")
    expect(reason({ totalTaxIncluded: null })).toBe("Cette facture électronique n'a pas de total TTC (BT-112).")
    expect(reason({ amountDue: null })).toBe("Cette facture électronique n'a pas de montant à payer (BT-115).")
  })

  it('refuses malformed amounts: French notation, exponent, text, a fraction of a cent', () => {
    expect(reason({ totalTaxExcluded: '100,00' })).toBe(
      "Le total hors taxes de cette facture électronique n'est pas un montant valide : « 100,00 » (BT-109).",
    )
    expect(reason({ totalTaxIncluded: '1.2e2' })).toContain('(BT-112)')
    expect(reason({ amountDue: 'cent vingt' })).toContain('« cent vingt » (BT-115)')
    expect(reason({ totalTax: '20.001' })).toContain('« 20.001 » (BT-110)')
  })

  it('refuses impossible dates, and a due date only when one is given', () => {
    expect(reason({ issueDate: '2026-02-30' })).toBe(
      "La date d'émission de cette facture électronique n'est pas une date valide : « 2026-02-30 » (BT-2).",
    )
    expect(reason({ issueDate: '20261345' })).toContain('« 20261345 » (BT-2)')
    expect(reason({ dueDate: '2026-13-01' })).toContain('(BT-9)')
    expect(reason({ dueDate: null })).toBeNull()
    expect(reason({ dueDate: '2026-12-02' })).toBeNull()
  })

  it('refuses a type code or currency of the wrong shape', () => {
    expect(reason({ typeCode: 'Facture' })).toContain('« Facture » (BT-3)')
    expect(reason({ currency: 'euro' })).toBe(
      "La devise de cette facture électronique n'est pas un code ISO 4217 : « euro » (BT-5).",
    )
  })

  it('reads a missing buyer name as empty: the receiver is the buyer and knows its name', () => {
    const checked = checkInvoice(fields({ buyer: party(null) }))
    expect(checked.ok && checked.invoice.buyer).toEqual({
      name: '',
      siren: null,
      vatNumber: null,
      address: { lines: [], postcode: null, city: null, subdivision: null, country: 'FR' },
    })
  })
})

describe('VAT breakdown (BG-23)', () => {
  it('wants at least one entry (BR-CO-18)', () => {
    expect(reason({ vatBreakdown: [] })).toBe("Cette facture électronique n'a pas de ventilation de la TVA (BG-23).")
  })

  it('names the entry and the term that is missing or malformed', () => {
    const entry = { taxableAmount: '100.00', taxAmount: '20.00', categoryCode: 'S', ratePercent: '20.00' }
    expect(reason({ vatBreakdown: [{ ...entry, taxableAmount: null }] })).toBe(
      "La ligne 1 de la ventilation de TVA n'indique pas sa base imposable (BT-116).",
    )
    expect(
      reason({
        vatBreakdown: [
          { ...entry, taxableAmount: '50.00', taxAmount: '10.00' },
          { ...entry, taxableAmount: '50.00', taxAmount: 'dix' },
        ],
      }),
    ).toBe('La ligne 2 de la ventilation de TVA a une valeur invalide pour son montant de TVA : « dix » (BT-117).')
    expect(reason({ vatBreakdown: [{ ...entry, categoryCode: null }] })).toContain('sa catégorie de TVA (BT-118)')
    expect(reason({ vatBreakdown: [{ ...entry, categoryCode: 'standard' }] })).toContain('« standard » (BT-118)')
    expect(reason({ vatBreakdown: [{ ...entry, ratePercent: null }] })).toContain(
      "n'indique pas son taux de TVA (BT-119)",
    )
    expect(reason({ vatBreakdown: [{ ...entry, ratePercent: '120' }] })).toContain('« 120 » (BT-119)')
  })

  it('gives a rate of 0 to a "not subject to VAT" entry, which has none (BR-O-05)', () => {
    const checked = checkInvoice(
      fields({
        totalTax: '0.00',
        totalTaxIncluded: '100.00',
        amountDue: '100.00',
        vatBreakdown: [{ taxableAmount: '100.00', taxAmount: '0.00', categoryCode: 'O', ratePercent: null }],
      }),
    )
    expect(checked.ok && checked.invoice.vatBreakdown).toEqual([
      { ratePercent: '0.00', taxableAmount: '100.00', taxAmount: '0.00', categoryCode: 'O' },
    ])
  })
})

describe('totals', () => {
  it('refuses BT-109 + BT-110 ≠ BT-112, even by one cent, with the amounts written the French way', () => {
    expect(reason({ totalTaxIncluded: '121.00', amountDue: '121.00' })).toBe(
      'Les totaux de cette facture ne concordent pas : 100,00 + 20,00 ≠ 121,00 (BT-109 + BT-110 ≠ BT-112).',
    )
    expect(reason({ totalTaxIncluded: '120.01' })).toContain('≠ 120,01')
  })

  it('groups thousands in the amounts it quotes', () => {
    expect(
      reason({
        totalTaxExcluded: '1234.50',
        totalTax: '246.90',
        totalTaxIncluded: '1481.41',
        vatBreakdown: [{ taxableAmount: '1234.50', taxAmount: '246.90', categoryCode: 'S', ratePercent: '20' }],
      }),
    ).toBe(
      'Les totaux de cette facture ne concordent pas : 1\u202F234,50 + 246,90 ≠ 1\u202F481,41 (BT-109 + BT-110 ≠ BT-112).',
    )
  })

  it('lets the breakdown differ from the totals by a cent of rounding, not more', () => {
    const entries = (first: string, second: string) => [
      { taxableAmount: '33.33', taxAmount: first, categoryCode: 'S', ratePercent: '20' },
      { taxableAmount: '66.67', taxAmount: second, categoryCode: 'S', ratePercent: '20' },
    ]
    expect(reason({ vatBreakdown: entries('6.67', '13.33') })).toBeNull()
    expect(reason({ vatBreakdown: entries('6.67', '13.34') })).toBeNull()
    expect(reason({ vatBreakdown: entries('6.67', '13.35') })).toBe(
      'La ventilation de TVA ne concorde pas avec le montant total de TVA : 20,02 ≠ 20,00 (somme des BT-117 ≠ BT-110).',
    )
  })

  it('refuses a breakdown whose bases do not add up to BT-109', () => {
    expect(
      reason({ vatBreakdown: [{ taxableAmount: '80.00', taxAmount: '20.00', categoryCode: 'S', ratePercent: '20' }] }),
    ).toBe(
      'La ventilation de TVA ne concorde pas avec le total hors taxes : 80,00 ≠ 100,00 (somme des BT-116 ≠ BT-109).',
    )
  })

  it('accepts negative amounts and a due amount that differs from the total (prepaid, BT-113)', () => {
    expect(reason({ amountDue: '20.00' })).toBeNull()
    expect(
      reason({
        totalTaxExcluded: '-100.00',
        totalTax: '-20.00',
        totalTaxIncluded: '-120.00',
        amountDue: '-120.00',
        vatBreakdown: [{ taxableAmount: '-100.00', taxAmount: '-20.00', categoryCode: 'S', ratePercent: '20' }],
      }),
    ).toBeNull()
  })
})
