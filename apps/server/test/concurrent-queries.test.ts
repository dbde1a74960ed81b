import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../src/db/client'
import { concurrentQueriesError, takeConcurrentQueries } from './concurrent-queries'
import { openTestDatabase } from './helpers'

// The guard of test/setup-deprecations.ts: each test here takes what it recorded, so that the file's own afterEach
// finds nothing left.
describe('the guard against concurrent queries on one connection', () => {
  let database: Database
  beforeAll(async () => {
    database = await openTestDatabase()
  })
  afterAll(async () => {
    await database.close()
  })

  it.runIf(process.env.DATABASE_URL)(
    'reports two queries at once in a transaction, with where they came from',
    async () => {
      await database.db.transaction(async (tx) => {
        await Promise.all([tx.execute(sql`select pg_sleep(0.02)`), tx.execute(sql`select 2 as two`)])
      })
      const found = takeConcurrentQueries()
      expect(found).toHaveLength(1)
      expect(found[0]?.query).toBe('select 2 as two')
      expect(found[0]?.test).toContain('reports two queries at once in a transaction')
      const error = concurrentQueriesError(found)
      expect(error.message).toContain('select 2 as two')
      expect(error.message).toContain('concurrent-queries.test.ts')
    },
  )

  it('lets the same queries one after the other in a transaction, and at once through the pool', async () => {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(0.02)`)
      await tx.execute(sql`select 2 as two`)
    })
    // Outside a transaction each query takes a connection of its own.
    await Promise.all([database.db.execute(sql`select pg_sleep(0.02)`), database.db.execute(sql`select 2 as two`)])
    expect(takeConcurrentQueries()).toEqual([])
  })
})
