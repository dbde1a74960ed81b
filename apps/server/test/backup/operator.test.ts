import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app'
import { CITUS_REFUSAL } from '../../src/features/platform/backup/backup'
import { Client, json, useTestContext } from '../helpers'

/** POST /operator/backup: how `npm run backup` asks the server that owns the embedded database. */
const ctx = useTestContext()
const folders: string[] = []
afterAll(async () => {
  for (const folder of folders) await rm(folder, { recursive: true, force: true })
})

const onCitus = inject('citusWorkers').length > 0

describe.runIf(onCitus)('POST /operator/backup on a Citus cluster', () => {
  it('answers 409 with what to do instead, and writes nothing', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'carnet-operator-backup-'))
    folders.push(folder)
    const server = await buildApp({ config: ctx.config, database: ctx.database, logger: false, operatorToken: 'jeton' })
    await server.ready()
    try {
      const refused = await new Client(server).post(
        '/operator/backup',
        { out: join(folder, 'a.tar.gz') },
        { 'x-operator-token': 'jeton' },
      )
      expect(refused.statusCode, refused.body).toBe(409)
      expect(json(refused).message).toBe(CITUS_REFUSAL)
      expect(existsSync(join(folder, 'a.tar.gz'))).toBe(false)
    } finally {
      await server.close()
    }
  })
})

describe.skipIf(onCitus)('POST /operator/backup', () => {
  it('writes the archive where the operator says, and answers nobody else', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'carnet-operator-backup-'))
    folders.push(folder)
    const server = await buildApp({ config: ctx.config, database: ctx.database, logger: false, operatorToken: 'jeton' })
    await server.ready()
    try {
      const operator = (body: Record<string, unknown>, token = 'jeton') =>
        new Client(server).post('/operator/backup', body, { 'x-operator-token': token })
      expect((await operator({}, 'devine')).statusCode).toBe(403)
      expect((await operator({ out: 'relatif.tar.gz' })).statusCode).toBe(422)
      expect((await operator({ out: join(folder, 'a.tar.gz'), extra: 1 })).statusCode).toBe(422)
      const done = await operator({ out: join(folder, 'a.tar.gz') })
      expect(done.statusCode, done.body).toBe(200)
      const summary = json(done).data
      expect(summary.path).toBe(join(folder, 'a.tar.gz'))
      expect(summary.manifestSha256).toMatch(/^[0-9a-f]{64}$/)
      expect(summary.tables).toBeGreaterThan(50)
      expect(existsSync(summary.path)).toBe(true)
      // Without an operator token (PostgreSQL, the tests' apps) the route does not exist.
      expect((await new Client(ctx.app).post('/operator/backup', {}, { 'x-operator-token': 'jeton' })).statusCode).toBe(
        404,
      )
    } finally {
      await server.close()
    }
  }, 60_000)
})
