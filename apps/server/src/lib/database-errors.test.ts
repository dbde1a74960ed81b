import { describe, expect, it } from 'vitest'
import { violates } from './database-errors'

const refusal = (fields: Record<string, string>) =>
  new Error('Failed query: update "journals" …', { cause: { severity: 'ERROR', code: '23505', ...fields } })

describe('violates', () => {
  it('names the unique index that refused the row, as PostgreSQL and PGlite report it', () => {
    const error = refusal({ constraint: 'journals_single_active_bank', message: 'duplicate key value' })
    expect(violates(error, 'journals_single_active_bank')).toBe(true)
    expect(violates(error, 'journals_pkey')).toBe(false)
  })

  it('knows it again from a Citus shard, whose index carries the shard id and is named in the message only', () => {
    const error = refusal({
      message: 'duplicate key value violates unique constraint "journals_single_active_bank_102411"',
    })
    expect(violates(error, 'journals_single_active_bank')).toBe(true)
    expect(violates(error, 'journals_single_active')).toBe(false)
    expect(violates(refusal({ constraint: 'journals_single_active_bank_102411' }), 'journals_single_active_bank')).toBe(
      true,
    )
  })

  it('is false for any other error', () => {
    expect(violates(new Error('boom'), 'journals_single_active_bank')).toBe(false)
    const foreignKey = { severity: 'ERROR', code: '23503', constraint: 'journals_single_active_bank' }
    expect(violates(new Error('x', { cause: foreignKey }), 'journals_single_active_bank')).toBe(false)
  })
})
