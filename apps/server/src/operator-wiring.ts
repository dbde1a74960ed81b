import type { FastifyInstance } from 'fastify'
import type { Config } from './config'
import type { Database } from './db/client'
import { registerCashJournalOperatorRoutes } from './features/money/cash-journal/operator-routes'
import { registerBackupOperatorRoutes } from './features/platform/backup/operator-routes'
import { registerOperatorRoutes } from './features/platform/jobs/routes'
import type { JobScheduler } from './features/platform/jobs/scheduler'

/**
 * The routes a command of the same machine calls on the running server (`npm run jobs`, `backup`, `cash:verify`)
 * with the operator's token of the data folder: absent when the server has no token.
 */
export function registerOperatorEndpoints(
  api: FastifyInstance,
  deps: { token: string | undefined; scheduler: JobScheduler; database: Database; config: Config },
) {
  const { token } = deps
  if (!token) return
  registerCashJournalOperatorRoutes(api, { db: deps.database.db, token })
  registerOperatorRoutes(api, { scheduler: deps.scheduler, token })
  registerBackupOperatorRoutes(api, { database: deps.database, config: deps.config, token })
}
