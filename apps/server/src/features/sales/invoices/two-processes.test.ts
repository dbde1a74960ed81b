import { type ChildProcess, spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { json, useTestContext } from '../../../../test/helpers'
import { createCustomer, createInvoice, invoiceBody, vatPayer } from '../../../../test/sales'

/**
 * Gapless numbering across server processes: only meaningful on PostgreSQL (PGlite is one process by nature), so this
 * file runs when DATABASE_URL is set (CI does). A second server process is started on the same database; the same
 * session (rows in the database) validates invoices through both at once.
 */
/*
 * A second server process to start (TypeScript compiled at its start) and the whole run through both: on the Citus
 * cluster, its three nodes sharing the machine with the rest of the suite, this took 30–70 s.
 */
const TWO_PROCESSES_TIMEOUT = 120_000
const ctx = useTestContext()
const onPostgres = Boolean(process.env.DATABASE_URL)

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

let child: ChildProcess | undefined
afterAll(() => child?.kill('SIGTERM'))

async function startSecondProcess(databaseUrl: string) {
  const port = await freePort()
  child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../../../main.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'inherit',
  })
  const base = `http://127.0.0.1:${port}`
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return base
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error('the second server process did not start')
}

describe.runIf(onPostgres)('numbering with two server processes on one PostgreSQL database', () => {
  it(
    'gives 60 validations split over both processes 60 consecutive numbers',
    async () => {
      const current = await ctx.database.db.execute<{ name: string }>(sql`select current_database() as name`)
      const url = new URL(process.env.DATABASE_URL as string)
      url.pathname = `/${current.rows[0]?.name}`
      const second = await startSecondProcess(url.toString())

      const { client } = await vatPayer(ctx.app)
      const { contactId } = await createCustomer(client)
      const ids: number[] = []
      for (let i = 0; i < 60; i++) ids.push((await createInvoice(client, invoiceBody({ contactId }))).id)
      const viaSecond = (id: number) =>
        fetch(`${second}/api/v1/invoices/${id}/validate`, {
          method: 'POST',
          headers: { cookie: client.cookie ?? '', 'x-requested-with': 'fetch', 'content-type': 'application/json' },
          body: '{}',
        }).then(async (response) => ({
          status: response.status,
          reference: ((await response.json()) as { data?: { reference?: string } }).data?.reference,
        }))
      const viaFirst = (id: number) =>
        client
          .post(`/invoices/${id}/validate`, {})
          .then((response) => ({ status: response.statusCode, reference: json(response).data?.reference }))
      const results = await Promise.all(ids.map((id, i) => (i % 2 === 0 ? viaFirst(id) : viaSecond(id))))
      expect(results.map((r) => r.status)).toEqual(ids.map(() => 200))
      // The invoices are dated 2 November 2026: their references carry that year.
      const references = results.map((r) => r.reference as string).sort()
      expect(references).toEqual(Array.from({ length: 60 }, (_, i) => `F-2026-${String(i + 1).padStart(4, '0')}`))
    },
    TWO_PROCESSES_TIMEOUT,
  )
})
