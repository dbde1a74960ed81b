import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { Client, json, signUpWithOrganization, useTestContext } from '../../test/helpers'
import { buildApp } from '../app'
import { writeOperatorFile } from './operator-file'

/** `npm run cash:verify` on the embedded database: the real command, in another process. */
const ctx = useTestContext()
const folders: string[] = []
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true })
})

function runVerify(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'cash-journal.ts')], {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    child.on('exit', (code) => resolve({ code, output }))
  })
}

describe('npm run cash:verify', () => {
  it('asks the running server: intact, then the first broken link of a journal altered in the database', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'carnet-cash-'))
    folders.push(dataDir)
    const server = await buildApp({ config: ctx.config, database: ctx.database, logger: false, operatorToken: 'jeton' })
    await server.listen({ port: 0, host: '127.0.0.1' })
    try {
      const { port } = server.server.address() as AddressInfo
      writeOperatorFile(dataDir, { url: `http://127.0.0.1:${port}`, token: 'jeton', pid: process.pid })
      const { client, organization } = await signUpWithOrganization(ctx.app, { canSellCash: true, taxRegimeId: 2 })
      const entries = json(await client.get('/accounting-entries?pageSize=1000')).data as { id: number; code: string }[]
      const id = (code: string) => entries.find((entry) => entry.code === code)?.id
      for (const amount of ['10', '20']) {
        const sale = await client.post('/cash-sales', {
          datedAt: '2026-11-24',
          allocations: [
            { name: 'Vente', amount, accountingEntryId: id('707') },
            { name: 'Encaissement', amount, accountingEntryId: id('530') },
          ],
        })
        expect(sale.statusCode, sale.body).toBe(201)
      }
      const intact = await runVerify({ DATA_DIR: dataDir })
      expect(intact.code, intact.output).toBe(0)
      expect(intact.output).toContain('Journal de caisse intact (serveur en cours')

      const stored = json(await client.get('/cash-journal/entries?filter[kind]=RECORD')).data[0].signature as string
      await ctx.database.db.transaction(async (tx) => {
        // On Citus a distributed table's triggers change only with this on (decision 0047); elsewhere it is ignored.
        await tx.execute(sql`set local citus.enable_unsafe_triggers = on`)
        await tx.execute(sql`alter table cash_journal_entries disable trigger cash_journal_entries_no_update`)
        await tx.execute(sql`update cash_journal_entries set data = jsonb_set(data, '{movement}', '"999.00"')
          where organization_id = ${organization.id} and sequence = 2`)
        await tx.execute(sql`alter table cash_journal_entries enable trigger cash_journal_entries_no_update`)
      })
      const broken = await runVerify({ DATA_DIR: dataDir })
      expect(broken.code, broken.output).toBe(1)
      expect(broken.output).toContain(`Journal de caisse altéré — organisation ${organization.id}, écriture n° 2 du `)
      expect(broken.output).toContain(`enregistré : ${stored}`)

      const refused = await new Client(server).post('/operator/cash-journal/verify', undefined, {
        'x-operator-token': 'devine',
      })
      expect(refused.statusCode).toBe(403)
    } finally {
      await server.close()
    }
  }, 240_000)
})
