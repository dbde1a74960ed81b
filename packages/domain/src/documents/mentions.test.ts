import { describe, expect, it } from 'vitest'
import { messages } from '../messages/index'
import { legalMentions } from './mentions'

const d = messages.documents
const base = {
  kind: 'invoice' as const,
  taxFree: false,
  vatOnDebits: false,
  nature: 'SERVICES' as const,
  customerContactTypeId: 1,
  latePenalties: null,
}

describe('legalMentions: what a document must print', () => {
  it('gives an invoice to a business its nature, late-penalty rate, the 40 € indemnity and no early-payment discount', () => {
    expect(legalMentions({ ...base, latePenalties: '12.5' })).toEqual([
      "Nature de l'opération : Prestation de services",
      d.latePenaltiesMention('12,5\u00a0%'),
      d.recoveryIndemnityMention,
      d.noEarlyPaymentDiscountMention,
    ])
  })

  it('prints the legal late-penalty rate on an invoice to a business that sets none (L441-10)', () => {
    expect(legalMentions({ ...base, latePenalties: null })).toContain(d.legalLatePenaltiesMention)
  })

  it('leaves the late-payment mentions out for individuals, quotes and credit notes', () => {
    expect(legalMentions({ ...base, customerContactTypeId: 2 })).toHaveLength(1)
    expect(legalMentions({ ...base, kind: 'quote' })).toHaveLength(1)
    expect(legalMentions({ ...base, isCreditNote: true })).toHaveLength(1)
  })

  it('prints the franchise mention for tax-free organisations, the debits option only for services', () => {
    expect(legalMentions({ ...base, taxFree: true, customerContactTypeId: null })).toContain(d.taxFreeMention)
    expect(legalMentions({ ...base, vatOnDebits: true, customerContactTypeId: null })).toContain(d.vatOnDebitsMention)
    const goods = legalMentions({ ...base, vatOnDebits: true, nature: 'GOODS', customerContactTypeId: null })
    expect(goods).toEqual(["Nature de l'opération : Livraison de biens"])
  })
})
