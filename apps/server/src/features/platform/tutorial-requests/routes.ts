import { dataOf, tutorialRequestDtoSchema, tutorialRequestSchema } from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import type { TenantResolver } from '../../../lib/tenant'
import type { TutorialRequestService } from './service'

export function registerTutorialRequestRoutes(
  app: FastifyInstance,
  deps: { tutorialRequests: TutorialRequestService; tenant: TenantResolver },
) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/tutorial-requests',
    {
      schema: {
        tags: ['Contenus'],
        summary: "Demande un nouveau tutoriel sur l'écran où l'on se trouve",
        body: tutorialRequestSchema,
        response: { 201: dataOf(tutorialRequestDtoSchema) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await deps.tutorialRequests.create(await deps.tenant(request), request.body) }),
  )
}
