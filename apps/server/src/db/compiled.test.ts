import { and, asc, eq, sql } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { openTestDatabase } from '../../test/helpers'
import { openDatabase } from './client'
import { compiled } from './compiled'
import { runMigrations } from './migrate'
import { rateLimits } from './schema/index'

const windowsOf = compiled('compiled_probe', (db) =>
  db
    .select({ window: rateLimits.windowStart, count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, sql.placeholder('key')), eq(rateLimits.count, sql.placeholder('count'))))
    .orderBy(asc(rateLimits.windowStart)),
)

it('runs a query built once on the database or the transaction it is given, with the values of each run', async () => {
  const database = await openTestDatabase()
  try {
    const { db } = database
    const key = `compiled-${Date.now()}-${Math.random()}`
    await db.insert(rateLimits).values({ key, windowStart: '2026-12-01T10:00:00.000Z', count: 1 })
    const committed = [{ window: '2026-12-01T10:00:00.000Z', count: 1 }]
    expect(await windowsOf(db, { key, count: 1 })).toEqual(committed)

    await db
      .transaction(async (tx) => {
        await tx.insert(rateLimits).values({ key, windowStart: '2026-12-01T11:00:00.000Z', count: 1 })
        // The transaction's own row: the query ran on its connection, not on another of the pool.
        expect(await windowsOf(tx, { key, count: 1 })).toEqual([
          ...committed,
          { window: '2026-12-01T11:00:00.000Z', count: 1 },
        ])
        expect(await windowsOf(tx, { key, count: 2 })).toEqual([])
        throw new Error('rolled back')
      })
      .catch((error: Error) => expect(error.message).toBe('rolled back'))

    expect(await windowsOf(db, { key, count: 1 })).toEqual(committed)
    expect(await windowsOf(db, { key: `${key}-other`, count: 1 })).toEqual([])
  } finally {
    await database.close()
  }
})

it('runs on the embedded database and on PostgreSQL in one process, each with its own driver', async () => {
  const database = await openTestDatabase()
  const embedded = await openDatabase({ dataDir: 'memory://' })
  try {
    await runMigrations(embedded)
    const key = `compiled-${Date.now()}-${Math.random()}`
    await database.db.insert(rateLimits).values({ key, windowStart: '2026-12-02T10:00:00.000Z', count: 3 })
    await embedded.db.insert(rateLimits).values({ key, windowStart: '2026-12-02T12:00:00.000Z', count: 3 })
    expect(await windowsOf(database.db, { key, count: 3 })).toEqual([{ window: '2026-12-02T10:00:00.000Z', count: 3 }])
    expect(await windowsOf(embedded.db, { key, count: 3 })).toEqual([{ window: '2026-12-02T12:00:00.000Z', count: 3 }])
    expect(await windowsOf(database.db, { key, count: 3 })).toHaveLength(1)
  } finally {
    await embedded.close()
    await database.close()
  }
})
