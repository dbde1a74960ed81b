import { describe, expect, it } from 'vitest'
import { messages } from '../messages/index'
import { moneyMessages } from '../money/schema'
import { contactFields } from './contacts'
import { organizationUpdateFields } from './organization'
import { patchBodyOf } from './patch'
import { transactionUpdateSchema } from './transactions'

const issuesOf = (result: { error?: { issues: unknown[] } }) => result.error?.issues ?? []

describe('request bodies take only the keys they know (issue 31)', () => {
  it('a PATCH body refuses an unknown key instead of dropping it', () => {
    const body = patchBodyOf(contactFields)
    expect(body.safeParse({ name: 'Danone' }).success).toBe(true)
    expect(issuesOf(body.safeParse({ name: 'Danone', nom: 'Danone' }))).toEqual([
      expect.objectContaining({ code: 'unrecognized_keys', keys: ['nom'] }),
    ])
  })

  it('names the unknown key in French', () => {
    expect(messages.validation.unknownField('transactionAllocations')).toBe('Champ inconnu : transactionAllocations')
  })
})

describe('PATCH /transactions/{id} and the name GET gives the split', () => {
  const split = [{ name: 'Forfait', amount: '-10', accountingEntryId: 191 }]

  it('takes transactionAllocations as allocations', () => {
    const parsed = transactionUpdateSchema.parse({ transactionAllocations: split })
    expect(parsed).toEqual({ allocations: [expect.objectContaining({ name: 'Forfait', amount: '-10' })] })
    expect(parsed).not.toHaveProperty('transactionAllocations')
  })

  it('refuses both names at once, on transactionAllocations', () => {
    expect(issuesOf(transactionUpdateSchema.safeParse({ allocations: split, transactionAllocations: split }))).toEqual([
      expect.objectContaining({ path: ['transactionAllocations'], message: messages.transactions.allocationsTwice }),
    ])
  })
})

describe('an amount beyond what a field holds says the limit', () => {
  it('the share capital is bounded like every amount, and not negative', () => {
    const capital = (registryCapital: string) =>
      patchBodyOf(organizationUpdateFields).safeParse({ registryCapital }).error?.issues[0]?.message
    expect(capital('99999999999999')).toBe(moneyMessages.outOfBounds)
    expect(capital('-10')).toBe(messages.validation.amountNegative)
    expect(capital('10 000,50')).toBeUndefined()
  })
})
