import { messages, RECEIPT_STATE_IDS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { receipt } from '../fakeReceiptsApi'
import { bodyOf, type ReceiptValues, validateReceipt, valuesOf, vatOf } from './receiptForm'

const values = (overrides: Partial<ReceiptValues> = {}): ReceiptValues => ({
  reference: '',
  description: '',
  contactId: null,
  supplierName: '',
  datedAt: '2026-03-15',
  currencyId: '1',
  taxExcluded: '10',
  taxIncluded: '12',
  ...overrides,
})

describe('receipt editor form', () => {
  it('starts from the receipt, amounts as a French input shows them', () => {
    expect(
      valuesOf(
        receipt({
          reference: 'F-1',
          contactId: 31,
          supplierName: 'ORANGE SA',
          datedAt: '2026-03-01',
          currencyId: 2,
          taxExcluded: '10.50',
          taxIncluded: null,
        }),
      ),
    ).toEqual({
      reference: 'F-1',
      description: '',
      contactId: '31',
      supplierName: 'ORANGE SA',
      datedAt: '2026-03-01',
      currencyId: '2',
      taxExcluded: '10,50',
      taxIncluded: '',
    })
  })

  it('sends the fields trimmed, ids as numbers, amounts to the cent, and the state VALIDATED', () => {
    expect(bodyOf(values({ reference: ' R ', contactId: '32', taxExcluded: '1 000,5', taxIncluded: '' }))).toEqual({
      reference: 'R',
      description: null,
      contactId: 32,
      supplierName: null,
      datedAt: '2026-03-15',
      currencyId: 1,
      taxExcluded: '1000.50',
      taxIncluded: null,
      stateId: RECEIPT_STATE_IDS.VALIDATED,
    })
  })

  it('sends the supplier read on the receipt as corrected, made a supplier on validation when none is chosen', () => {
    expect(bodyOf(values({ supplierName: '  Boulangerie Dupont ' }))).toMatchObject({
      contactId: null,
      supplierName: 'Boulangerie Dupont',
    })
  })

  it("checks what the server checks, with the domain's messages", () => {
    expect(validateReceipt(values())).toEqual({})
    expect(validateReceipt(values({ datedAt: '', taxIncluded: '' }))).toEqual({
      datedAt: messages.receipts.dateRequired,
      taxIncluded: messages.receipts.amountRequired,
    })
    expect(validateReceipt(values({ taxExcluded: '13' })).taxExcluded).toBe(messages.receipts.taxExcludedAboveIncluded)
    expect(validateReceipt(values({ taxIncluded: 'douze' })).taxIncluded).toBe("Le montant n'est pas valide")
    expect(validateReceipt(values({ taxIncluded: '-12' })).taxIncluded).toBe(messages.validation.invalidData)
  })

  it('computes the VAT as TTC − HT once both amounts read', () => {
    expect(vatOf({ taxExcluded: '10', taxIncluded: '12,5' })).toBe('2.50')
    expect(vatOf({ taxExcluded: '', taxIncluded: '12' })).toBeNull()
    expect(vatOf({ taxExcluded: '10', taxIncluded: 'x' })).toBeNull()
  })
})
