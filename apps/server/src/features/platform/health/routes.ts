import { healthDtoSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { Db } from '../../../db/client'
import { ping } from './repo'

/**
 * A load balancer may poll health many times a second: the database is pinged at most once a second and concurrent
 * requests share that ping, so the health route never becomes a load on the database it reports on.
 */
const PROBE_INTERVAL_MS = 1000

export function registerHealthRoutes(app: FastifyInstance, deps: { db: Db }) {
  let last: { at: number; ok: boolean } | null = null
  let inFlight: Promise<boolean> | null = null

  const probe = async (): Promise<boolean> => {
    if (last && Date.now() - last.at < PROBE_INTERVAL_MS) return last.ok
    inFlight ??= ping(deps.db)
      .then(
        () => true,
        () => false,
      )
      .then((ok) => {
        last = { at: Date.now(), ok }
        inFlight = null
        return ok
      })
    return inFlight
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['Santé'],
        summary: "Donne l'état du serveur et de sa base de données",
        security: [],
        response: {
          200: healthDtoSchema,
          503: healthDtoSchema,
        },
      },
    },
    async (_request, reply) => {
      if (await probe()) return { status: 'ok' as const, db: 'ok' as const }
      return reply.code(503).send({ status: 'degraded', db: 'unreachable' })
    },
  )
}
