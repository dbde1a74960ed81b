import { describe, expect, it } from 'vitest'
import { canMoveTo, lifecycleStatusLabel, lifecycleTone } from './lifecycle'
import { buyerStatusSchema, eInvoicingConnectionSchema } from './schemas'

describe('the lifecycle of an e-invoice', () => {
  it('moves forward through the platforms, then the buyer, then the payment', () => {
    expect(canMoveTo(null, 200)).toBe(true)
    expect(canMoveTo(200, 202)).toBe(true)
    expect(canMoveTo(203, 205)).toBe(true)
    expect(canMoveTo(205, 211)).toBe(true)
    expect(canMoveTo(211, 212)).toBe(true)
  })

  it('never goes back, and the same status twice is not a move', () => {
    expect(canMoveTo(203, 202)).toBe(false)
    expect(canMoveTo(211, 205)).toBe(false)
    expect(canMoveTo(205, 205)).toBe(false)
  })

  it("lets the buyer's processing statuses follow each other: a dispute settled is approved", () => {
    expect(canMoveTo(207, 205)).toBe(true)
    expect(canMoveTo(208, 209)).toBe(true)
    expect(canMoveTo(205, 207)).toBe(true)
  })

  it('ends at Refusée, Encaissée, Rejetée and Annulée; Rejetée only before the buyer took the invoice', () => {
    for (const final of [210, 212, 213, 220] as const) expect(canMoveTo(final, 205)).toBe(false)
    expect(canMoveTo(202, 213)).toBe(true)
    expect(canMoveTo(205, 213)).toBe(false)
    expect(canMoveTo(207, 210)).toBe(true)
    expect(canMoveTo(205, 220)).toBe(true)
  })

  it('names every status in French, and one outside the list by its number', () => {
    expect(lifecycleStatusLabel(212)).toBe('Encaissée')
    expect(lifecycleStatusLabel(501)).toBe('Statut 501')
    expect(lifecycleTone(213)).toBe('problem')
    expect(lifecycleTone(212)).toBe('done')
  })
})

describe("the PA's connection form", () => {
  const valid = {
    flowUrl: 'https://api.flow.pa.fr/flow-service/',
    directoryUrl: 'https://api.directory.pa.fr/directory-service/v1',
    tokenUrl: 'https://auth.pa.fr/oauth/token',
    clientId: 'carnet',
    clientSecret: 's3cret',
    code: '123456',
  }

  it('takes the services without a trailing slash or a pasted /v1', () => {
    const parsed = eInvoicingConnectionSchema.parse(valid)
    expect(parsed.flowUrl).toBe('https://api.flow.pa.fr/flow-service')
    expect(parsed.directoryUrl).toBe('https://api.directory.pa.fr/directory-service')
    expect(parsed.platformOrganizationId).toBeNull()
  })

  it('refuses what is not a web address, an empty client id, a missing code, and unknown keys, in French', () => {
    const result = eInvoicingConnectionSchema.safeParse({
      ...valid,
      flowUrl: 'ftp://pa.fr',
      clientId: ' ',
      code: '',
      extra: 1,
    })
    expect(result.success).toBe(false)
    const paths = result.error?.issues.map((issue) => issue.path.join('.')) ?? []
    expect(paths).toEqual(expect.arrayContaining(['flowUrl', 'clientId', 'code']))
    expect(result.error?.issues.find((issue) => issue.path[0] === 'flowUrl')?.message).toMatch(/service Flow/)
  })
})

describe("the buyer's answer to a received e-invoice", () => {
  it('needs a reason of the code list to refuse, dispute or suspend', () => {
    expect(buyerStatusSchema.safeParse({ code: 205 }).success).toBe(true)
    expect(buyerStatusSchema.safeParse({ code: 210 }).success).toBe(false)
    expect(buyerStatusSchema.safeParse({ code: 210, reason: 'PAS_UN_MOTIF' }).success).toBe(false)
    expect(buyerStatusSchema.safeParse({ code: 210, reason: 'DOUBLON' }).success).toBe(true)
    expect(buyerStatusSchema.safeParse({ code: 207, reason: 'QTE_ERR' }).success).toBe(true)
    expect(buyerStatusSchema.safeParse({ code: 212 }).success).toBe(false)
  })
})
