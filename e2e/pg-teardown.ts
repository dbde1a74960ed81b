// Drops the database e2e/pg-database.ts made for this run, with whatever is still connected to it (on every node of a
// Citus cluster).
import pg from 'pg'
import { dropCitusDatabases, isCitus, workerPorts } from '../apps/server/test/citus'

export default async function dropRunDatabase() {
  const url = process.env.E2E_PG_URL
  if (!url) return
  const name = new URL(url).pathname.slice(1)
  if (await isCitus(url)) {
    const workers = await workerPorts(url)
    const admin = new URL(url)
    admin.pathname = '/postgres'
    await dropCitusDatabases(admin.toString(), workers, [name])
    return
  }
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`drop database if exists ${name} with (force)`)
  await client.end()
}
