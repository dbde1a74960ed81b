// Drops the database e2e/pg-database.mjs made for this run, with whatever is still connected to it.
import pg from 'pg'

export default async function dropRunDatabase() {
  const url = process.env.E2E_PG_URL
  if (!url) return
  const name = new URL(url).pathname.slice(1)
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  await client.query(`drop database if exists ${name} with (force)`)
  await client.end()
}
