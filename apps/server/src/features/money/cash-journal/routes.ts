import {
  cashClosingListQuerySchema,
  cashClosingSchema,
  cashJournalArchiveBodySchema,
  cashJournalEntrySchema,
  cashJournalListQuerySchema,
  cashJournalVerificationSchema,
  dataOf,
  listOf,
} from '@app/domain'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { contentDisposition } from '../../../lib/file-replies'
import type { TenantResolver } from '../../../lib/tenant'
import type { CashJournalService } from './service'

export const ARCHIVE_HASH_HEADER = 'x-archive-sha256'

/** The archive's bytes as they were hashed: a Buffer leaves Fastify unserialised, byte for byte. */
function sendArchive(reply: FastifyReply, archive: { fileName: string; content: Buffer; sha256: string }) {
  return reply
    .code(201)
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', contentDisposition(archive.fileName, 'attachment'))
    .header(ARCHIVE_HASH_HEADER, archive.sha256)
    .header('cache-control', 'private, no-cache')
    .send(archive.content)
}

/** The unalterable cash journal (CGI art. 286 I-3° bis, decision 0038): its check, entries, closings and archives. */
export function registerCashJournalRoutes(
  app: FastifyInstance,
  deps: { cashJournal: CashJournalService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Caisse']
  const { cashJournal } = deps

  api.get(
    '/cash-journal/verification',
    {
      schema: {
        summary:
          'Vérifie la chaîne du journal de caisse inaltérable : intact, ou le premier maillon rompu (numéro, date, signature attendue et enregistrée) ; dit aussi si l’organisation est concernée',
        tags,
        response: { 200: dataOf(cashJournalVerificationSchema) },
      },
    },
    async (request) => ({ data: await cashJournal.verify(await deps.tenant(request)) }),
  )

  api.get(
    '/cash-journal/entries',
    {
      schema: {
        summary:
          'Liste les écritures du journal de caisse inaltérable, les plus récentes d’abord, avec leurs signatures',
        tags,
        querystring: cashJournalListQuerySchema,
        response: { 200: listOf(cashJournalEntrySchema) },
      },
    },
    async (request) => cashJournal.entries(await deps.tenant(request), request.query),
  )

  api.get(
    '/cash-journal/closings',
    {
      schema: {
        summary:
          'Liste les clôtures (Z) journalières, mensuelles et annuelles : totaux par taux de TVA (HT, TVA, TTC) et grand total perpétuel',
        tags,
        querystring: cashClosingListQuerySchema,
        response: { 200: listOf(cashClosingSchema) },
      },
    },
    async (request) => cashJournal.closings(await deps.tenant(request), request.query),
  )

  api.post(
    '/cash-journal/archives',
    {
      schema: {
        summary:
          'Archive d’une année pour l’administration fiscale : un fichier JSON des écritures et des clôtures avec leurs signatures ; son sha256 (en-tête X-Archive-Sha256) est scellé dans la chaîne par une écriture ARCHIVE',
        tags,
        body: cashJournalArchiveBodySchema,
        response: {
          201: {
            description: 'Le fichier d’archive, nommé journal-de-caisse-<année>-<organisation>.json',
            content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
          },
          ...errorResponses(409),
        },
      },
    },
    async (request, reply) =>
      sendArchive(reply, await cashJournal.archive(await deps.tenant(request), request.body.year)),
  )
}
