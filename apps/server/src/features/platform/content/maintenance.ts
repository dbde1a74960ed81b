import { dataOf, maintenanceDtoSchema, messages } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'

type RouteSchema = { security?: readonly unknown[]; hide?: boolean } | undefined

/**
 * Public routes (`security: []`: health, content, the maintenance status, the sign-in page's texts) and undocumented
 * ones (the OpenAPI document) stay open during maintenance, so that the web app can say what is going on and a load
 * balancer can still probe the server.
 */
const staysOpen = (schema: RouteSchema) =>
  !schema || schema.hide === true || (Array.isArray(schema.security) && schema.security.length === 0)

/**
 * MAINTENANCE=on (spec/account.md §2 "A maintenance page"): every other API route answers 503 MAINTENANCE before
 * doing anything, and GET /maintenance tells the web app when to show its maintenance page and when to leave it.
 */
export function registerMaintenance(app: FastifyInstance, deps: { enabled: boolean }) {
  if (deps.enabled) {
    app.addHook('onRequest', async (request, reply) => {
      if (staysOpen(request.routeOptions.schema as RouteSchema)) return
      return reply
        .code(503)
        .header('retry-after', '300')
        .send({ message: messages.maintenance.unavailable, code: 'MAINTENANCE' })
    })
  }

  app.withTypeProvider<ZodTypeProvider>().get(
    '/maintenance',
    {
      schema: {
        tags: ['Contenus'],
        summary: 'Dit si le serveur est en maintenance',
        description:
          'Pendant une maintenance (MAINTENANCE=on), toute route non publique répond 503 avec le code MAINTENANCE.',
        security: [],
        response: { 200: dataOf(maintenanceDtoSchema) },
      },
    },
    async () => ({
      data: deps.enabled
        ? { status: 'on' as const, message: messages.maintenance.unavailable }
        : { status: 'off' as const, message: null },
    }),
  )
}
