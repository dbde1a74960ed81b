/**
 * The contact list on a big organisation: 10,000 contacts seeded through the contacts repo, then
 * GET /api/v1/contacts?filter[relation]=customer&page=1 and the same with a search, through app.inject with a real
 * session cookie (the whole stack but the socket). Goal: p99 under 50 ms on the embedded database.
 */
import type { FastifyInstance } from 'fastify'
import type { Database } from '../apps/server/src/db/client'
import { vacuumTables } from '../apps/server/src/db/maintenance'
import { createContactRepo } from '../apps/server/src/features/sales/contacts/repo'
import { contactKeys } from '../apps/server/src/features/sales/contacts/service'

const CONTACTS = 10_000
const FIRST = ['Camille', 'Élodie', 'Hugo', 'Léa', 'Manon', 'Nathan', 'Chloé', 'Louis', 'Inès', 'Jules', 'Zoé', 'Émile']
const LAST = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau']
const TRADES = ['Boulangerie', 'Atelier', 'Studio', 'Garage', 'Cabinet', 'Agence', 'Ébénisterie', 'Librairie']

/** A new account's sign-up (POST /auth/register), then its organisation's (POST /auth/register/organization). */
export const registerPayload = (email: string) => ({
  firstname: 'Banc',
  lastname: "D'essai",
  email,
  password: 'motdepasse-solide-1',
  passwordConfirmation: 'motdepasse-solide-1',
  cgu: true,
})
export const organizationPayload = (organizationName: string) => ({
  organizationName,
  legalFormId: 14,
  sectorId: 7,
  taxRegimeId: 2,
  taxAreaId: 1,
  canSellCash: false,
})

export async function signIn(app: FastifyInstance): Promise<{ cookie: string; organizationId: number }> {
  const headers = { 'x-requested-with': 'fetch' }
  const register = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    headers,
    payload: registerPayload(`bench.${Date.now()}@exemple.fr`),
  })
  const cookie = String([register.headers['set-cookie']].flat()[0]).split(';')[0] as string
  const organization = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register/organization',
    headers: { ...headers, cookie },
    payload: organizationPayload('Grande Maison'),
  })
  if (organization.statusCode !== 201)
    throw new Error(`bench: sign-up refused: ${register.body.slice(0, 200)} ${organization.body.slice(0, 300)}`)
  return { cookie, organizationId: organization.json().data.id }
}

export async function seed(database: Database, organizationId: number, count = CONTACTS, vacuum = true) {
  const repo = createContactRepo(database.db)
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, offset) => {
      const i = start + offset
      const business = i % 3 === 0
      const name = business
        ? `${TRADES[i % TRADES.length]} ${LAST[(i >> 3) % LAST.length]} ${i}`
        : `${FIRST[i % FIRST.length]} ${LAST[(i >> 2) % LAST.length]} ${i}`
      const email = `contact${i}@exemple.fr`
      return {
        contactTypeId: business ? 1 : 2,
        name,
        email,
        registrySiren: null,
        isCustomer: i % 10 < 7,
        isSupplier: i % 10 >= 6,
        ...contactKeys({ name, email, registrySiren: null }),
        updatedAt: new Date().toISOString(),
      }
    })
    await repo.insertMany(organizationId, rows)
  }
  // PostgreSQL's autovacuum analyses a table after such a bulk insert; PGlite has no autovacuum, so the server's
  // housekeeping does it (db/maintenance.ts). Without statistics the planner sorts the whole table for each page.
  if (vacuum) await vacuumTables(database)
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0

async function timeRoute(app: FastifyInstance, cookie: string, url: string, rounds = 300) {
  for (let i = 0; i < 30; i++) await app.inject({ method: 'GET', url, headers: { cookie } })
  const times: number[] = []
  let total = 0
  for (let i = 0; i < rounds; i++) {
    const start = performance.now()
    const response = await app.inject({ method: 'GET', url, headers: { cookie } })
    times.push(performance.now() - start)
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`)
    total = response.json().meta.total
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 0.5), p99: percentile(times, 0.99), total }
}

export async function benchContacts(app: FastifyInstance, database: Database, engine: string) {
  const { cookie, organizationId } = await signIn(app)
  const seedStart = performance.now()
  await seed(database, organizationId)
  const seeded = ((performance.now() - seedStart) / 1000).toFixed(1)
  console.log(`seeded ${CONTACTS} contacts in one organisation   : ${seeded} s (${engine})`)
  for (const url of [
    '/api/v1/contacts?filter[relation]=customer&page=1',
    '/api/v1/contacts?filter[relation]=customer&page=200&pageSize=25',
    '/api/v1/contacts?filter[relation]=customer&page=1&search=martin',
    '/api/v1/contacts?filter[relation]=customer&page=1&search=ebenisterie%20dubois',
  ]) {
    const result = await timeRoute(app, cookie, url)
    console.log(
      `GET ${url.replace('/api/v1', '')}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms (total ${result.total}; goal p99 < 50 ms)`,
    )
  }
}
