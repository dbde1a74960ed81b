import { timingSafeEqual } from 'node:crypto'
import { dataOf, isIsoDate } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { AppError, forbidden } from '../../../lib/errors'
import type { JobScheduler } from './scheduler'

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * POST /operator/jobs {until?}: `npm run jobs` asking the running server (the embedded database has one owner). Only
 * for the operator of this machine: the token is random per start, written in the data folder (main.ts), never shown
 * in the API's documentation.
 */
export function registerOperatorRoutes(app: FastifyInstance, deps: { scheduler: JobScheduler; token: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post(
    '/operator/jobs',
    {
      schema: {
        hide: true,
        summary:
          "Lance les tâches dues (fins d'essai, factures récurrentes, paiements par carte à constater, relances, file des tâches)",
        // Not a session nor a personal token: the operator's X-Operator-Token, checked below.
        security: [],
        body: z.object({ until: z.string().refine(isIsoDate).optional() }).default({}),
        response: {
          200: dataOf(
            z.object({
              until: z.string(),
              trialsEnded: z.number().int(),
              occurrences: z.number().int(),
              reminders: z.number().int(),
              reports: z.number().int(),
              cardPayments: z.number().int(),
              bankRenewals: z.number().int(),
              eReportingDeadlines: z.number().int(),
              jobs: z.object({ done: z.number().int(), failed: z.number().int() }),
            }),
          ),
          ...errorResponses(403, 422, 500),
        },
      },
    },
    async (request) => {
      const given = request.headers['x-operator-token']
      if (typeof given !== 'string' || !sameToken(given, deps.token)) throw forbidden()
      try {
        return { data: await deps.scheduler.runDue({ until: request.body.until }) }
      } catch (error) {
        if (error instanceof AppError) throw error
        throw new AppError(500, 'JOBS_FAILED', error instanceof Error ? error.message : String(error))
      }
    },
  )
}
