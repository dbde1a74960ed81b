import { describe, expect, it } from 'vitest'
import { retryDeadlocks } from './locks'

const deadlock = () =>
  new Error('Failed query: update …', { cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }) })

describe('retryDeadlocks', () => {
  it('runs a transaction the database cancelled in a deadlock again, until it goes through', async () => {
    let runs = 0
    const result = await retryDeadlocks(async () => {
      runs += 1
      if (runs < 3) throw deadlock()
      return 'fait'
    })
    expect(result).toBe('fait')
    expect(runs).toBe(3)
  })

  it('gives up after its attempts, and never retries another error', async () => {
    let runs = 0
    await expect(
      retryDeadlocks(async () => {
        runs += 1
        throw deadlock()
      }),
    ).rejects.toThrow('Failed query')
    expect(runs).toBe(3)
    runs = 0
    await expect(
      retryDeadlocks(async () => {
        runs += 1
        throw Object.assign(new Error('duplicate key'), { code: '23505' })
      }),
    ).rejects.toThrow('duplicate key')
    expect(runs).toBe(1)
  })
})
