import {
  dataOf,
  idField,
  idParam,
  listOf,
  messages,
  noContent,
  RECEIPT_FORMATS,
  RECEIPT_MAX_BYTES,
  RECEIPT_MAX_BYTES_LABEL,
  RECEIPT_MAX_FILES_FOR_TRANSACTION,
  receiptDtoSchema,
  receiptListQuerySchema,
  receiptUpdateSchema,
  receivedEInvoiceDtoSchema,
  transactionReceiptDtoSchema,
  transactionReceiptParams,
  transactionReceiptsSchema,
} from '@app/domain'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { AppError, notFound } from '../../../lib/errors'
import { contentDisposition } from '../../../lib/file-replies'
import { multipartFailure } from '../../../lib/multipart'
import type { TenantResolver } from '../../../lib/tenant'
import { readEInvoice } from './e-invoices/index'
import type { ReceiptFile, ReceiptService, ReceiptUpload } from './service'

const TYPES = ['image/png', 'image/jpeg', 'application/pdf', 'application/octet-stream']

/** The files (`document`, repeated) and the optional origin and transactionId parts of an upload. */
async function readUpload(app: FastifyInstance, request: FastifyRequest): Promise<ReceiptUpload> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.http.unsupportedMediaType)
  const files: ReceiptFile[] = []
  let origin: string | undefined
  let transactionId: number | undefined
  try {
    for await (const part of request.parts({
      limits: { fileSize: RECEIPT_MAX_BYTES, files: RECEIPT_MAX_FILES_FOR_TRANSACTION + 1 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname === 'document') {
          const bytes = await part.toBuffer()
          files.push({ bytes, fileName: part.filename })
        } else part.file.resume()
      } else if (part.fieldname === 'origin' && typeof part.value === 'string') origin = part.value
      else if (part.fieldname === 'transactionId' && typeof part.value === 'string' && part.value.trim() !== '') {
        const parsed = idField().safeParse(Number(part.value.trim()))
        if (!parsed.success)
          throw new AppError(422, 'VALIDATION_FAILED', messages.validation.invalidData, {
            transactionId: [messages.validation.choiceInvalid],
          })
        transactionId = parsed.data
      }
    }
  } catch (error) {
    throw multipartFailure(app, error, {
      tooLarge: () =>
        new AppError(413, 'PAYLOAD_TOO_LARGE', messages.files.tooLarge(files.length + 1, RECEIPT_MAX_BYTES_LABEL)),
      field: 'document',
      maxFiles: RECEIPT_MAX_FILES_FOR_TRANSACTION,
    })
  }
  return { files, origin, transactionId }
}

/** A stored file as an attachment; the browser is told not to guess another type. */
function sendFile(reply: FastifyReply, file: { body: Buffer; contentType: string; fileName: string }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', contentDisposition(file.fileName, 'attachment'))
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .send(file.body)
}

/** Receipts (API.md "Money side": /receipts, /transactions/{id}/receipts; spec/money.md §7 "Receipts"). */
export function registerReceiptRoutes(
  app: FastifyInstance,
  deps: { receipts: ReceiptService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Justificatifs']
  const service = deps.receipts

  api.get(
    '/receipts',
    {
      schema: {
        summary: 'Liste les justificatifs, les plus récents d’abord (à traiter, à associer, filtres)',
        tags,
        querystring: receiptListQuerySchema,
        response: { 200: listOf(receiptDtoSchema) },
      },
    },
    async (request) => service.list(await deps.tenant(request), request.query),
  )

  api.post(
    '/receipts',
    {
      schema: {
        summary: `Envoie des justificatifs (5 fichiers au plus, 10 depuis une transaction ; ${RECEIPT_FORMATS}, ${RECEIPT_MAX_BYTES_LABEL} chacun)`,
        tags,
        consumes: ['multipart/form-data'],
        upload: {
          fields: {
            document: {
              contentTypes: TYPES,
              description: `Un fichier (${RECEIPT_FORMATS}, reconnu à son contenu) ; répéter le champ pour en envoyer plusieurs`,
            },
            origin: { text: true, optional: true, description: 'D’où vient l’envoi (ignoré : upload ou transaction)' },
            transactionId: {
              text: true,
              optional: true,
              description: 'La transaction à laquelle associer les justificatifs envoyés',
            },
          },
        },
        response: { 201: z.object({ data: z.array(receiptDtoSchema) }), ...errorResponses(400, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const tenant = await deps.tenant(request)
      const upload = await readUpload(app, request)
      return reply.code(201).send({ data: await service.upload(tenant, upload) })
    },
  )

  api.get(
    '/receipts/:id',
    {
      schema: { summary: 'Lit un justificatif', tags, params: idParam, response: { 200: dataOf(receiptDtoSchema) } },
    },
    async (request) => ({ data: await service.get(await deps.tenant(request), request.params.id) }),
  )

  api.patch(
    '/receipts/:id',
    {
      schema: {
        summary: 'Modifie un justificatif (partiel) ; stateId 3 le valide (date et TTC requis) ; validé : 409',
        tags,
        params: idParam,
        body: receiptUpdateSchema,
        response: { 200: dataOf(receiptDtoSchema), ...errorResponses(409) },
      },
    },
    async (request) => ({
      data: await service.update(await deps.tenant(request), request.params.id, request.body),
    }),
  )

  api.delete(
    '/receipts/:id',
    {
      schema: {
        summary:
          'Supprime un justificatif et son fichier ; une facture reçue par la plateforme agréée est conservée : 409',
        tags,
        params: idParam,
        response: { 204: noContent, ...errorResponses(409) },
      },
    },
    async (request, reply) => {
      await service.remove(await deps.tenant(request), request.params.id)
      return reply.code(204).send()
    },
  )

  api.get(
    '/receipts/:id/download',
    {
      schema: {
        summary: 'Télécharge le fichier du justificatif, avec l’extension de son type',
        tags,
        params: idParam,
        response: {
          200: {
            description: 'Le fichier',
            content: Object.fromEntries(
              ['image/png', 'image/jpeg', 'application/pdf'].map((type) => [
                type,
                { schema: z.string().meta({ format: 'binary' }) },
              ]),
            ),
          },
        },
      },
    },
    async (request, reply) => {
      const file = await service.download(await deps.tenant(request), request.params.id)
      return sendFile(reply, file)
    },
  )

  api.get(
    '/receipts/:id/e-invoice',
    {
      schema: {
        summary:
          'Lit la facture électronique du justificatif (CII, UBL ou Factur-X) pour l’afficher : lignes, parties, totaux ; 404 quand son fichier n’en est pas une',
        tags,
        params: idParam,
        response: { 200: dataOf(receivedEInvoiceDtoSchema) },
      },
    },
    async (request) => {
      const file = await service.download(await deps.tenant(request), request.params.id)
      // Read again from the stored file, the legal original, rather than kept: the reader may learn more later.
      const read = await readEInvoice(new Uint8Array(file.body), file.fileName)
      if (read.kind !== 'invoice') throw notFound()
      return { data: { format: read.format, ...read.invoice } }
    },
  )

  api.post(
    '/transactions/:id/receipts',
    {
      schema: {
        summary: 'Associe des justificatifs à une transaction (elle n’est plus « sans justificatif »)',
        tags,
        params: idParam,
        body: transactionReceiptsSchema,
        response: { 200: z.object({ data: z.array(transactionReceiptDtoSchema) }) },
      },
    },
    async (request) => ({
      data: await service.attach(await deps.tenant(request), request.params.id, request.body.receipts as number[]),
    }),
  )

  api.delete(
    '/transactions/:id/receipts/:receiptId',
    {
      schema: {
        summary: 'Dissocie un justificatif d’une transaction',
        tags,
        params: transactionReceiptParams,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await service.detach(await deps.tenant(request), request.params.id, request.params.receiptId)
      return reply.code(204).send()
    },
  )
}
