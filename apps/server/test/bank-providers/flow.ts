import { asc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { DbOrTx } from '../../src/db/client'
import { transactions } from '../../src/db/schema/index'
import { type Client, json } from '../helpers'

/** The browser goes to the provider's page, which sends it back to our callback: where the app then sends it. */
export async function throughProvider(client: Client, url: string) {
  const page = await fetch(url, { redirect: 'manual' })
  expect(page.status).toBe(302)
  const back = new URL(page.headers.get('location') as string)
  expect(back.pathname).toBe('/api/v1/bank-connections/callback')
  const callback = await client.get(`${back.pathname.slice('/api/v1'.length)}${back.search}`)
  expect(callback.statusCode, callback.body).toBe(302)
  return new URL(callback.headers.location as string, 'http://localhost')
}

/** The organisation's bank connections, as GET /bank-connections lists them. */
export const connections = async (client: Client) => json(await client.get('/bank-connections')).data

/** A bank journal's lines as stored, oldest first. */
export const linesOfJournal = (db: DbOrTx, journalId: number) =>
  db
    .select()
    .from(transactions)
    .where(eq(transactions.journalId, journalId))
    .orderBy(asc(transactions.datedAt), asc(transactions.id))
