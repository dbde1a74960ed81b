import { spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { addDays, todayInParis } from '@app/domain'
import { afterAll, describe, expect, it } from 'vitest'
import { Client, json, useTestContext } from '../../test/helpers'
import { createSubscription, occurrencesOf, premiumOrganization, recurringBody } from '../../test/recurring'
import { buildApp } from '../app'
import { openDatabase } from '../db/client'
import { runMigrations } from '../db/migrate'
import { readOperatorFile, writeOperatorFile } from './operator-file'

/**
 * `npm run jobs -- --until YYYY-MM-DD` with the embedded database: it asks the running server when there is one (the
 * database has one owner), else opens the data folder itself. The real command, in another process.
 */
const ctx = useTestContext()
const folders: string[] = []
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true })
})

function runJobsCommand(env: Record<string, string>, ...args: string[]) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'jobs.ts'), ...args], {
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

const tomorrow = () => addDays(todayInParis(), 1)

describe('npm run jobs on the embedded database', () => {
  it('asks the running server, which makes the occurrences up to the date given', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'carnet-jobs-'))
    folders.push(dataDir)
    const server = await buildApp({
      config: ctx.config,
      database: ctx.database,
      logger: false,
      operatorToken: 'jeton-secret',
    })
    await server.listen({ port: 0, host: '127.0.0.1' })
    try {
      const { port } = server.server.address() as AddressInfo
      writeOperatorFile(dataDir, { url: `http://127.0.0.1:${port}`, token: 'jeton-secret', pid: process.pid })
      const { client, contactId } = await premiumOrganization(ctx)
      const sub = await createSubscription(
        client,
        recurringBody(
          { contactId },
          { unit: 'day', recurrence: 7, day: null, startingAt: tomorrow(), endingType: 'occurrences', occurrences: 3 },
        ),
      )
      const run = await runJobsCommand({ DATA_DIR: dataDir }, '--until', addDays(tomorrow(), 30))
      expect(run.code, run.output).toBe(0)
      expect(run.output).toMatch(/serveur en cours/)
      const made = await occurrencesOf(client, sub.id)
      expect(made.map((invoice) => invoice.datedAt)).toEqual([0, 7, 14].map((days) => addDays(tomorrow(), days)))

      // The route wants the operator's token: anybody else is refused.
      const refused = await new Client(server).post('/operator/jobs', {}, { 'x-operator-token': 'devine' })
      expect(refused.statusCode).toBe(403)
      const bad = await runJobsCommand({ DATA_DIR: dataDir }, '--until', '2027-02-30')
      expect(bad.code).toBe(2)
      expect(bad.output).toContain('Date invalide')
    } finally {
      await server.close()
    }
    // The command runs in a process of its own, which compiles its TypeScript first: 17 s alone, 30 s on a slow day
    // beside the rest of the suite on CI's two cores.
  }, 90_000)

  it('opens the data folder itself when no server runs there', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'carnet-jobs-'))
    folders.push(dataDir)
    // A server that was killed hard left its file: the command sees its process is gone.
    writeOperatorFile(dataDir, { url: 'http://127.0.0.1:9', token: 'x', pid: 2 ** 22 + 12345 })
    const prepare = async () => {
      const database = await openDatabase({ dataDir })
      await runMigrations(database)
      const app = await buildApp({ config: { ...ctx.config, dataDir }, database, logger: false })
      return { app, database }
    }
    const first = await prepare()
    let subscriptionId = 0
    let client: Client
    try {
      const owner = await premiumOrganization({ ...ctx, app: first.app, database: first.database } as typeof ctx)
      client = owner.client
      subscriptionId = (
        await createSubscription(
          client,
          recurringBody({ contactId: owner.contactId }, { unit: 'day', day: null, startingAt: tomorrow() }),
        )
      ).id
    } finally {
      await first.app.close()
      await first.database.close()
    }
    const run = await runJobsCommand({ DATA_DIR: dataDir }, `--until=${addDays(tomorrow(), 2)}`)
    expect(run.code, run.output).toBe(0)
    expect(run.output).toContain('3 facture(s) récurrente(s) créée(s)')
    expect(readOperatorFile(dataDir)?.pid).toBe(2 ** 22 + 12345)

    const again = await prepare()
    try {
      const reader = new Client(again.app)
      reader.cookie = client.cookie
      const made = await occurrencesOf(reader, subscriptionId)
      expect(made).toHaveLength(3)
      expect(json(await reader.get(`/invoices/${subscriptionId}`)).data.recurringParams.generatedCount).toBe(3)
    } finally {
      await again.app.close()
      await again.database.close()
    }
    // Three openings of a fresh embedded database (two here, one in the command's own process), each migrated: 20 s
    // alone, over 30 s beside the rest of the suite on CI's two cores.
  }, 90_000)
})
