import { describe, expect, it } from 'vitest'
import { fecLettering, letteringCode, letteringOf } from './lettering'

describe('the lettering of the FEC', () => {
  it('names settled pieces A to Z, then AA', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(letteringCode)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA'])
  })

  const lettering = fecLettering([
    { auxiliaryCode: 'C42', pieceRef: 'F-2026-0007', letteredAt: '2026-03-15' },
    { auxiliaryCode: 'F7', pieceRef: 'FA-123', letteredAt: '2026-03-20' },
  ])
  const customer = { accountCode: '411', auxiliaryCode: 'C42', pieceRef: 'F-2026-0007', settlesPieceRef: null }

  it('letters a settled invoice’s customer line and the bank line that settles it with one code and date', () => {
    expect(letteringOf(lettering, customer)).toEqual({ code: 'A', date: '2026-03-15' })
    expect(letteringOf(lettering, { ...customer, pieceRef: 'T1001', settlesPieceRef: 'F-2026-0007' })).toEqual({
      code: 'A',
      date: '2026-03-15',
    })
    expect(
      letteringOf(lettering, { accountCode: '401', auxiliaryCode: 'F7', pieceRef: 'FA-123', settlesPieceRef: null }),
    ).toMatchObject({ code: 'B' })
  })

  it('letters neither a piece not settled, another customer’s line, nor a line off 411 and 401', () => {
    expect(letteringOf(lettering, { ...customer, pieceRef: 'F-2026-0008' })).toBeNull()
    expect(letteringOf(lettering, { ...customer, auxiliaryCode: 'C43' })).toBeNull()
    expect(letteringOf(lettering, { ...customer, accountCode: '706', auxiliaryCode: 'C42' })).toBeNull()
    expect(letteringOf(lettering, { ...customer, auxiliaryCode: null })).toBeNull()
  })
})
