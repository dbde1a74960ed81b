import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'

export function registerHealthRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get('/health', { schema: { tags: ['Santé'] } }, async (_request, reply) => {
    try {
      await deps.db.execute(sql`select 1`)
      return { status: 'ok', db: 'ok' }
    } catch {
      return reply.code(503).send({ status: 'degraded', db: 'unreachable' })
    }
  })
}
