import { z } from 'zod'

/**
 * The envelopes of API.md, as schemas: the server answers through them (response schemas: the OpenAPI document
 * describes each answer, and a field no schema names never leaves the server) and the web app reads their types.
 */

/** API.md "Errors": a French message, a machine code, and the messages of each field at fault. */
export const errorBodySchema = z
  .object({
    message: z.string().meta({ description: 'Message en français, à montrer tel quel' }),
    code: z.string().meta({ description: 'Code machine (VALIDATION_FAILED, NOT_FOUND, CONFLICT…)' }),
    errors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .meta({ description: 'Messages par champ, clé = chemin du champ (« address.postcode »)' }),
  })
  .meta({ id: 'Error', description: 'Erreur (API.md)' })
export type ErrorBody = z.infer<typeof errorBodySchema>

export const listMetaSchema = z
  .object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int() })
  .meta({ id: 'ListMeta', description: 'Pagination : nombre total de lignes, page courante, taille de page' })
export type ListMeta = z.infer<typeof listMetaSchema>

/** `{ data: {...} }`: one object. */
export const dataOf = <T extends z.ZodType>(schema: T) => z.object({ data: schema })

/** `{ data: [...], meta: {total, page, pageSize} }`: a page of a list. */
export const listOf = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMetaSchema })

/** A 204 answer: no body. */
export const noContent = z.undefined()
