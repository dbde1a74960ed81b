import { readFile } from 'node:fs/promises'
import {
  APPEARANCE_FILE_KINDS,
  APPEARANCE_FILE_MAX_BYTES,
  APPEARANCE_FILE_RULES,
  type AppearanceFileKind,
  appearanceFileParam,
  dataOf,
  idParam,
  isAppearanceFileKind,
  messages,
  noContent,
  salesSettingsDtoSchema,
} from '@app/domain'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { AppError, notFound } from '../../../lib/errors'
import { multipartFailure } from '../../../lib/multipart'
import { FONT_KEY_BY_ID, fontPath } from '../../../lib/pdf/fonts'
import type { TenantResolver } from '../../../lib/tenant'
import { type AppearanceService, fileTooLarge } from './service'

const noFile = () =>
  new AppError(422, 'VALIDATION_FAILED', messages.validation.required, {
    file: [messages.validation.required],
  })

const binary = () => ({ schema: z.string().meta({ format: 'binary' }) })

export function registerAppearanceRoutes(
  app: FastifyInstance,
  deps: { appearance: AppearanceService; tenant: TenantResolver },
) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Paramètres de vente']
  const { appearance } = deps

  // One file per request, under the field of its kind (logo, icon, background, background_next_pages). The global
  // multipart limit (app.ts) is the catalogue image's; this route alone raises it to the largest appearance file.
  // The multipart body is read by the route itself, so it has no body schema (a schema would make Fastify validate the
  // parts): 413 too large, 415 not a png/jpeg (or PDF for the backgrounds), 422 no file or dimensions too large.
  api.post(
    '/settings/files',
    {
      schema: {
        summary: "Dépose un fichier de l'apparence des documents (logo, icône, fond de première page ou des suivantes)",
        tags,
        consumes: ['multipart/form-data'],
        upload: {
          oneOf: true,
          fields: Object.fromEntries(
            APPEARANCE_FILE_KINDS.map((kind) => {
              const rule = APPEARANCE_FILE_RULES[kind]
              const pixels = rule.maxPixels ? `, ${rule.maxPixels}×${rule.maxPixels} px au plus` : ''
              return [
                kind,
                { contentTypes: [...rule.types], description: `${rule.formats}, ${rule.maxLabel}${pixels}` },
              ]
            }),
          ),
        },
        response: { 200: dataOf(salesSettingsDtoSchema), ...errorResponses(400, 413, 415, 422) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.http.unsupportedMediaType)
      let upload: { kind: AppearanceFileKind; body: Buffer } | undefined
      let current: AppearanceFileKind | undefined
      try {
        for await (const part of request.parts({ limits: { fileSize: APPEARANCE_FILE_MAX_BYTES } })) {
          if (part.type !== 'file') continue
          if (isAppearanceFileKind(part.fieldname) && upload === undefined) {
            current = part.fieldname
            upload = { kind: part.fieldname, body: await part.toBuffer() }
          } else part.file.resume()
        }
      } catch (error) {
        throw multipartFailure(app, error, {
          tooLarge: () => fileTooLarge(current ?? 'background'),
          field: current ?? 'file',
        })
      }
      if (!upload) throw noFile()
      return { data: await appearance.upload(tenant, upload.kind, upload.body) }
    },
  )

  api.get(
    '/settings/files/:kind',
    {
      schema: {
        summary: "Lit un fichier de l'apparence des documents",
        tags,
        params: appearanceFileParam,
        response: {
          200: {
            description: 'Le fichier : une image (logo, icône) ou une image ou un PDF (fonds)',
            content: { 'image/png': binary(), 'image/jpeg': binary(), 'application/pdf': binary() },
          },
        },
      },
    },
    async (request, reply) => {
      const file = await appearance.file(await deps.tenant(request), request.params.kind)
      return (
        reply
          .type(file.contentType)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          // A Buffer is sent as it is, never serialised; the schema's binary string is what the document says of it.
          .send(file.body as unknown as string)
      )
    },
  )

  // The regular TTF of a font of the reference list, so that the font picker writes each name in its own font (the
  // very file the PDF embeds). Public like the fonts list; browsers keep it a day.
  api.get(
    '/fonts/:id/regular.ttf',
    {
      schema: {
        summary: "Télécharge le fichier TTF normal d'une police des documents",
        tags: ['Référentiels'],
        security: [],
        params: idParam,
        response: { 200: { description: 'La police, au format TrueType', content: { 'font/ttf': binary() } } },
      },
    },
    async (request, reply) => {
      const key = FONT_KEY_BY_ID[request.params.id]
      if (!key) throw notFound()
      return reply
        .type('font/ttf')
        .header('cache-control', 'public, max-age=86400')
        .send((await readFile(fontPath(key, 'regular'))) as unknown as string)
    },
  )

  api.delete(
    '/settings/files/:kind',
    {
      schema: {
        summary: "Supprime un fichier de l'apparence des documents",
        tags,
        params: appearanceFileParam,
        response: { 204: noContent },
      },
    },
    async (request, reply) => {
      await appearance.remove(await deps.tenant(request), request.params.kind)
      return reply.code(204).send()
    },
  )
}
