import { type CsvMappingBody, csvMappingSchema, dataOf, idParam, messages } from '@app/domain'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../../lib/contract'
import { AppError, type FieldErrors } from '../../../lib/errors'
import { multipartFailure } from '../../../lib/multipart'
import type { TenantResolver } from '../../../lib/tenant'
import type { ImportService, StatementFile } from './service'

/** A statement file may be large (a year of a busy account), not unbounded. */
export const STATEMENT_MAX_BYTES = 20_000_000
const STATEMENT_MAX_LABEL = '20 Mo'
const STATEMENT_FORMATS = 'OFX, QIF, CAMT.053, CFONB 120, CSV'

const importResultSchema = z
  .object({
    format: z.enum(['ofx', 'qif', 'camt053', 'cfonb120', 'csv']),
    total: z.number().int().meta({ description: 'Lignes du relevé pour ce compte' }),
    imported: z.number().int(),
    duplicates: z.number().int().meta({ description: 'Lignes déjà connues, non réimportées' }),
    categorized: z.number().int().meta({ description: 'Lignes catégorisées par les règles à l’import' }),
  })
  .meta({ id: 'StatementImport' })

const lineSchema = z.object({
  datedAt: z.string(),
  valueDate: z.string().nullable(),
  amount: z.string(),
  rawName: z.string(),
  bankId: z.string().nullable(),
  counterparty: z.string().nullable(),
  reference: z.string().nullable(),
})
/**
 * The mapping the preview proposes: the fields of `csvMappingSchema`, but only a suggestion, so it may be incomplete
 * (a one-column file has no label column to propose) or point past what the form offers; the person completes it, and
 * the import checks it with `csvMappingSchema`.
 */
const proposedColumn = z.number().int().min(0)
const proposedMappingSchema = csvMappingSchema
  .extend({
    dateColumn: proposedColumn,
    labelColumns: z.array(proposedColumn).meta({ description: 'Vide quand aucune colonne de libellé n’a été trouvée' }),
    amount: z.union([
      z.strictObject({ column: proposedColumn }),
      z.strictObject({ debitColumn: proposedColumn, creditColumn: proposedColumn }),
    ]),
  })
  .meta({ id: 'CsvMappingProposal' })

const previewSchema = z
  .object({
    mapping: proposedMappingSchema,
    header: z.array(z.string()).nullable(),
    rows: z.array(z.array(z.string())),
    lines: z.array(lineSchema),
  })
  .meta({
    id: 'CsvPreview',
    description:
      'L’étape de correspondance des colonnes d’un CSV : colonnes lues, correspondance proposée, premières lignes',
  })

const uploadForm = (mapping: z.ZodType, mappingDescription: string) => ({
  fields: {
    file: {
      contentTypes: ['application/octet-stream', 'text/plain', 'text/csv', 'application/xml'],
      description: `Le relevé : ${STATEMENT_FORMATS}, ${STATEMENT_MAX_LABEL} au plus`,
    },
    // A JSON text part: the document gives its shape, so that a client knows what to send without reading our code.
    mapping: { text: true, schema: mapping, optional: true, description: mappingDescription },
  },
})

/** A 422 on the upload's parts (the file missing, a mapping that does not hold). */
const invalidUpload = (errors: FieldErrors) =>
  new AppError(422, 'VALIDATION_FAILED', messages.validation.invalidData, errors)

/** The statement and the optional `mapping` JSON text part, read from the multipart body. */
async function readUpload(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ file: StatementFile; mapping: unknown }> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.http.unsupportedMediaType)
  let file: StatementFile | undefined
  let mapping: unknown
  try {
    for await (const part of request.parts({ limits: { fileSize: STATEMENT_MAX_BYTES } })) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && file === undefined)
          file = { bytes: await part.toBuffer(), fileName: part.filename }
        else part.file.resume()
      } else if (part.fieldname === 'mapping' && typeof part.value === 'string' && part.value.trim() !== '') {
        try {
          mapping = JSON.parse(part.value)
        } catch {
          throw invalidUpload({ mapping: [messages.validation.invalidData] })
        }
      }
    }
  } catch (error) {
    throw multipartFailure(app, error, {
      tooLarge: () => new AppError(413, 'PAYLOAD_TOO_LARGE', messages.files.tooLarge(1, STATEMENT_MAX_LABEL)),
      field: 'file',
    })
  }
  if (!file || file.bytes.length === 0) throw invalidUpload({ file: [messages.validation.required] })
  return { file, mapping }
}

/** Checks a mapping part with the domain's schema; its errors are keyed under `mapping.`. */
function mappingOf<T>(schema: z.ZodType<T>, value: unknown): T | undefined {
  if (value === undefined) return undefined
  const result = schema.safeParse(value)
  if (result.success) return result.data
  const errors: FieldErrors = {}
  for (const issue of result.error.issues) {
    const key = ['mapping', ...issue.path.map(String)].join('.')
    errors[key] = [...(errors[key] ?? []), issue.message]
  }
  throw invalidUpload(errors)
}

/** POST /journals/{id}/imports and its CSV preview (API.md "Money side"). */
export function registerImportRoutes(app: FastifyInstance, deps: { imports: ImportService; tenant: TenantResolver }) {
  const api = app.withTypeProvider<ZodTypeProvider>()
  const tags = ['Comptes bancaires']

  api.post(
    '/journals/:id/imports',
    {
      schema: {
        summary:
          'Importe un relevé (OFX, QIF, CAMT.053, CFONB 120, CSV) : les lignes déjà connues ne sont pas réimportées',
        tags,
        params: idParam,
        consumes: ['multipart/form-data'],
        upload: uploadForm(
          csvMappingSchema,
          'CSV : la correspondance des colonnes (JSON) ; sinon celle retenue la dernière fois, ou celle proposée',
        ),
        response: { 200: dataOf(importResultSchema), ...errorResponses(400, 413, 415, 422) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      const { file, mapping } = await readUpload(app, request)
      const csv = mappingOf<CsvMappingBody>(csvMappingSchema, mapping)
      return { data: await deps.imports.importStatement(tenant, request.params.id, file, csv) }
    },
  )

  api.post(
    '/journals/:id/imports/preview',
    {
      schema: {
        summary: 'Prévisualise un relevé CSV : colonnes, correspondance proposée et premières lignes lues',
        tags,
        params: idParam,
        consumes: ['multipart/form-data'],
        upload: uploadForm(
          csvMappingSchema.partial(),
          'Une correspondance partielle à essayer (JSON), sinon celle retenue ou proposée',
        ),
        response: { 200: dataOf(previewSchema), ...errorResponses(400, 413, 415, 422) },
      },
    },
    async (request) => {
      const tenant = await deps.tenant(request)
      const { file, mapping } = await readUpload(app, request)
      const partial = mappingOf(csvMappingSchema.partial(), mapping)
      return { data: await deps.imports.previewCsv(tenant, request.params.id, file, partial) }
    },
  )
}
