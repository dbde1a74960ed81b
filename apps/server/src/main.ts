import { buildApp } from './app'
import { loadConfig } from './config'
import { openDatabase } from './db/client'
import { runMigrations } from './db/migrate'

/** Process entry: config → database → migrations → HTTP. */
async function main() {
  const config = loadConfig()
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
  await runMigrations(database)
  const app = await buildApp({ config, database, housekeeping: true })
  app.addHook('onClose', async () => database.close())
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      )
    })
  }
  await app.listen({ port: config.port, host: config.host })
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`
  app.log.info(
    `Carnet prêt sur ${config.appUrl} — base : ${where}${config.devMailbox ? ' — boîte mail de développement : /dev/mailbox' : ''}`,
  )
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
