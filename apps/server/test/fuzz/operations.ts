import { resolvePointer, type Schema } from './arbitraries'
import type { MultipartForm } from './multipart'

/** One operation of the OpenAPI document. */
export type Operation = {
  /** `GET /contacts/{id}`: method and path without the `/api/v1` prefix (the name used by skip.ts and the report). */
  key: string
  method: string
  /** The document's path, `/api/v1/contacts/{id}`. */
  path: string
  pointer: string[]
  parameters: Parameter[]
  /** The JSON schema of an `application/json` request body, if the operation documents one. */
  body: Schema | undefined
  bodyRequired: boolean
  /** The form of a `multipart/form-data` upload, if the operation is one. */
  form: MultipartForm | undefined
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>
}

export type Parameter = { name: string; in: string; required?: boolean; schema?: Schema }

type OpenApiOperation = {
  parameters?: (Parameter | { $ref: string })[]
  requestBody?:
    | {
        required?: boolean
        content?: Record<string, { schema?: Schema; encoding?: Record<string, { contentType?: string }> }>
      }
    | { $ref: string }
  responses?: Record<string, unknown>
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

/** Every operation of the served document, its parameters and bodies resolved. */
export function operationsOf(document: { paths?: Record<string, Record<string, unknown>> }, prefix = '/api/v1') {
  const deref = <T>(value: T | { $ref: string }): T =>
    (typeof value === 'object' && value !== null && '$ref' in value
      ? resolvePointer(document, (value as { $ref: string }).$ref)
      : value) as T
  const operations: Operation[] = []
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    const shared = ((item.parameters as Parameter[] | undefined) ?? []).map(deref)
    for (const method of METHODS) {
      const operation = item[method] as OpenApiOperation | undefined
      if (!operation) continue
      const own = (operation.parameters ?? []).map((parameter) => deref<Parameter>(parameter))
      const parameters = [...shared.filter((p) => !own.some((o) => o.name === p.name && o.in === p.in)), ...own]
      const requestBody = operation.requestBody ? deref(operation.requestBody) : undefined
      const multipart = requestBody?.content?.['multipart/form-data']
      operations.push({
        key: `${method.toUpperCase()} ${path.startsWith(prefix) ? path.slice(prefix.length) : path}`,
        method: method.toUpperCase(),
        path,
        pointer: ['paths', path, method],
        parameters,
        body: requestBody?.content?.['application/json']?.schema,
        bodyRequired: requestBody?.required === true,
        form: multipart?.schema ? { schema: multipart.schema, encoding: multipart.encoding ?? {} } : undefined,
        responses: deref(operation.responses ?? {}) as Operation['responses'],
      })
    }
  }
  return operations
}
