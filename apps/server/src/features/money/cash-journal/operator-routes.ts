import { timingSafeEqual } from 'node:crypto'
import { cashJournalBrokenLinkSchema, dataOf } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Db } from '../../../db/client'
import { errorResponses } from '../../../lib/contract'
import { forbidden } from '../../../lib/errors'
import { checkAllChains } from './verify'

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export const chainCheckSchema = z.object({
  organizationId: z.number().int(),
  entries: z.number().int(),
  lastSequence: z.number().int().nullable(),
  lastSignature: z.string().nullable(),
  brokenLink: cashJournalBrokenLinkSchema.nullable(),
})

/**
 * POST /operator/cash-journal/verify: `npm run cash:verify` asking the running server when the embedded database is
 * its (one owner). Only for this machine's operator (the token main.ts writes in the data folder), never documented.
 */
export function registerCashJournalOperatorRoutes(app: FastifyInstance, deps: { db: Db; token: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  api.post(
    '/operator/cash-journal/verify',
    {
      schema: {
        hide: true,
        summary: 'Vérifie les chaînes du journal de caisse de toutes les organisations',
        security: [],
        response: { 200: dataOf(z.array(chainCheckSchema)), ...errorResponses(403) },
      },
    },
    async (request) => {
      const given = request.headers['x-operator-token']
      if (typeof given !== 'string' || !sameToken(given, deps.token)) throw forbidden()
      return { data: await checkAllChains(deps.db) }
    },
  )
}
