import { timingSafeEqual } from 'node:crypto'
import { isAbsolute } from 'node:path'
import { dataOf } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Config } from '../../../config'
import type { Database } from '../../../db/client'
import { errorResponses } from '../../../lib/contract'
import { AppError, forbidden } from '../../../lib/errors'
import { type BackupSummary, createBackup } from './backup'

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export const backupSummarySchema = z.object({
  path: z.string(),
  bytes: z.number().int(),
  archiveSha256: z.string(),
  manifestSha256: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  tables: z.number().int(),
  rows: z.number().int(),
  files: z.number().int(),
  migrations: z.number().int(),
  secretKey: z.enum(['file', 'environment', 'none']),
  secretKeyIncluded: z.boolean(),
}) satisfies z.ZodType<BackupSummary>

/**
 * POST /operator/backup {out?}: `npm run backup` asking the running server, which alone may open the embedded
 * database. Same guard as POST /operator/jobs: the random token of this start (cli/operator-file.ts), never shown in
 * the API's documentation. The archive is written by the server, on this machine, where the command says.
 */
export function registerBackupOperatorRoutes(
  app: FastifyInstance,
  deps: { database: Database; config: Config; token: string },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post(
    '/operator/backup',
    {
      schema: {
        hide: true,
        summary: "Écrit une sauvegarde de l'instance (base, fichiers, manifeste)",
        security: [],
        body: z
          .strictObject({
            out: z
              .string()
              .max(4096)
              .refine(isAbsolute, { message: "Le chemin de l'archive doit être absolu." })
              .optional(),
          })
          .default({}),
        response: { 200: dataOf(backupSummarySchema), ...errorResponses(403, 409, 422, 500) },
      },
    },
    async (request) => {
      const given = request.headers['x-operator-token']
      if (typeof given !== 'string' || !sameToken(given, deps.token)) throw forbidden()
      try {
        return {
          data: await createBackup({
            database: deps.database,
            dataDir: deps.config.dataDir,
            filesDir: deps.config.filesDir,
            backupDir: deps.config.backupDir,
            secretKey: deps.config.secretKey,
            out: request.body.out,
          }),
        }
      } catch (error) {
        if (error instanceof AppError) throw error
        throw new AppError(500, 'BACKUP_FAILED', error instanceof Error ? error.message : String(error))
      }
    },
  )
}
