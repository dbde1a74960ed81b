/**
 * What row-level security costs (decision 0048): one repo read of a page of 25 contacts, alone and as three reads in
 * one transaction, run by the connection's own role (no policy applies) and in an organisation's scope (carnet_app,
 * its own transaction, the policy's filter), in the same run. The organisation holds 10,000 contacts among two.
 */
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../apps/server/src/db/client'
import { vacuumTables } from '../apps/server/src/db/maintenance'
import { actInOrganization, withRequestScope } from '../apps/server/src/db/tenant-scope'
import { seed, signIn } from './contacts'

const ROUNDS = 2_000

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0

async function time(work: () => Promise<unknown>) {
  for (let i = 0; i < 100; i++) await work()
  const times: number[] = []
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now()
    await work()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return `p50 ${percentile(times, 0.5).toFixed(3)} ms, p99 ${percentile(times, 0.99).toFixed(3)} ms`
}

export async function benchSecurity(app: FastifyInstance, database: Database, engine: string) {
  const { db } = database
  const [north, south] = [await signIn(app), await signIn(app)]
  await seed(database, north.organizationId, 10_000, false)
  await seed(database, south.organizationId, 10_000, false)
  await vacuumTables(database)
  const page = () =>
    db.execute(sql`select id, name from contacts where organization_id = ${north.organizationId}
      order by name, id limit 25`)
  const threeInOne = () =>
    db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++)
        await tx.execute(sql`select id, name from contacts where organization_id = ${north.organizationId}
        order by name, id limit 25`)
    })
  const scoped = (work: () => Promise<unknown>) => () =>
    withRequestScope(async () => {
      actInOrganization(north.organizationId)
      return work()
    })
  console.log(`one page of contacts, connection's role (${engine}): ${await time(page)}`)
  console.log(`one page of contacts, organisation's scope (${engine}): ${await time(scoped(page))}`)
  console.log(`three pages in one transaction, connection's role (${engine}): ${await time(threeInOne)}`)
  console.log(`three pages in one transaction, organisation's scope (${engine}): ${await time(scoped(threeInOne))}`)
}
