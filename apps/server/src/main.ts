import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { buildApp } from './app'
import { backfillAccountCategories, backfillLedger, backfillMatchKeys } from './backfill'
import { removeOperatorFile, writeOperatorFile } from './cli/operator-file'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { runMigrations } from './db/migrate'
import { sealLegacySecrets } from './lib/seal-secrets'
import { createSecretBox, resolveSecretKey } from './lib/secrets'

/** Process entry: config → database → migrations (and the backfills they need) → HTTP. */
async function main() {
  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await runMigrations(database)
  await backfillMatchKeys(database)
  await backfillAccountCategories(database)
  await backfillLedger(database)
  // Refuses to start in production without SECRET_KEY; then no secret stays in clear (lib/seal-secrets.ts).
  await sealLegacySecrets(database, createSecretBox(resolveSecretKey(config)))
  // With the embedded database, `npm run jobs` cannot open it while we run: it asks us, with this token.
  const operatorToken = config.databaseUrl ? undefined : randomBytes(32).toString('base64url')
  const app = await buildApp({ config, database, housekeeping: true, operatorToken })
  app.addHook('onClose', async () => database.close())
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (operatorToken) removeOperatorFile(config.dataDir)
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      )
    })
  }
  await app.listen({ port: config.port, host: config.host })
  if (operatorToken) {
    const { port } = app.server.address() as AddressInfo
    const host = ['0.0.0.0', '::', ''].includes(config.host) ? '127.0.0.1' : config.host
    writeOperatorFile(config.dataDir, {
      url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
      token: operatorToken,
      pid: process.pid,
    })
  }
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`
  app.log.info(
    `Carnet prêt sur ${config.appUrl} — base : ${where}${config.devMailbox ? ' — boîte mail de développement : /dev/mailbox' : ''}`,
  )
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
