import {
  dataOf,
  eReportingKindParamSchema,
  eReportingPeriodDetailSchema,
  eReportingPeriodListQuerySchema,
  eReportingPeriodSchema,
  idParam,
  isoDateField,
  listOf,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../../lib/contract'
import { contentDisposition } from '../../../../lib/file-replies'
import type { TenantResolver } from '../../../../lib/tenant'
import type { EReporting } from './service'

const tags = ['Facturation électronique']

const periodParams = z.object({
  kind: eReportingKindParamSchema.meta({ description: 'transactions (10.1, 10.3) ou payments (10.2, 10.4)' }),
  start: isoDateField().meta({ description: 'Premier jour de la période (AAAA-MM-JJ)' }),
})

const REGIME_409 = '409 TAX_REGIME_MISSING quand le régime de TVA de l’organisation n’est pas renseigné.'

/** E-reporting (flux 10, decision 0044): the periods, their figures, their transmissions. */
export function registerEReportingRoutes(
  app: FastifyInstance,
  deps: { reporting: EReporting; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()

  api.get(
    '/e-reporting/periods',
    {
      schema: {
        summary: 'Périodes de e-reporting de l’année, de la plus récente à la plus ancienne',
        description: [
          'Les périodes du calendrier du régime de TVA (réel normal mensuel : transactions par décade, paiements par mois ; réel normal trimestriel et simplifié : par mois ; franchise : tous les deux mois), depuis le 1er septembre 2026 et jusqu’à celle en cours, avec leur date limite, leur état et leurs totaux.',
          REGIME_409,
        ].join('\n\n'),
        tags,
        querystring: eReportingPeriodListQuerySchema,
        response: { 200: listOf(eReportingPeriodSchema), ...errorResponses(400, 409) },
      },
    },
    async (request) => deps.reporting.list(await deps.tenant(request), request.query),
  )

  api.get(
    '/e-reporting/periods/:kind/:start',
    {
      schema: {
        summary: 'Une période de e-reporting : ses chiffres (10.1 à 10.4) et ses transmissions',
        description: `404 quand la date n’est pas le début d’une période du calendrier, ou est avant le 1er septembre 2026. ${REGIME_409}`,
        tags,
        params: periodParams,
        response: { 200: dataOf(eReportingPeriodDetailSchema), ...errorResponses(400, 404, 409) },
      },
    },
    async (request) => ({
      data: await deps.reporting.get(await deps.tenant(request), request.params.kind, request.params.start),
    }),
  )

  api.post(
    '/e-reporting/periods/:kind/:start/transmissions',
    {
      schema: {
        summary: 'Transmet les données de la période à la plateforme agréée',
        description: [
          'Écrit le fichier e-reporting (FRR) de la période et l’envoie à la plateforme agréée ; une période déjà transmise dont les chiffres ont changé est transmise à nouveau comme rectificative. Sans corps.',
          '409 E_INVOICING_NOT_CONNECTED sans plateforme reliée ; E_REPORTING_PERIOD_NOT_ENDED pour une période en cours ; E_REPORTING_NOTHING_TO_SEND quand rien n’est à déclarer ; E_REPORTING_IN_FLIGHT pendant un envoi ; E_REPORTING_ALREADY_ACCEPTED quand ces chiffres sont déjà transmis ; SIREN_MISSING ; TAX_REGIME_MISSING.',
        ].join('\n\n'),
        tags,
        params: periodParams,
        response: { 201: dataOf(eReportingPeriodDetailSchema), ...errorResponses(400, 404, 409) },
      },
    },
    async (request, reply) => {
      const { kind, start } = request.params
      const data = await deps.reporting.transmit(await deps.tenant(request), kind, start)
      return reply.code(201).send({ data })
    },
  )

  api.get(
    '/e-reporting/transmissions/:id/file',
    {
      schema: {
        summary: 'Le fichier e-reporting transmis (XML)',
        tags,
        params: idParam,
        response: {
          200: { description: 'Le fichier tel qu’envoyé', content: { 'application/xml': { schema: z.string() } } },
          ...errorResponses(400, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await deps.reporting.file(await deps.tenant(request), request.params.id)
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', contentDisposition(file.fileName, 'attachment'))
        .header('cache-control', 'private, no-cache')
        .send(file.content.toString('utf8'))
    },
  )
}
