import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import {
  createValidators,
  DIRECTORY_DOC,
  describeErrors,
  FLOW_DOC,
  responseValidator,
} from '../../../e2e/fake-pa/openapi.mjs'
import type { FakePaFlow } from './fake-pa'

/** What the stand-in PA's own tests share (fake-pa.test.ts, fake-pa-routing.test.ts). */
export const validator = createValidators()
export const root = fileURLToPath(new URL('../../../', import.meta.url))
export const FACTUR_X_PDF = readFileSync(join(root, 'test-kits/factur-x/examples/valid/FX_F20260023_EN16931.pdf'))
export const CII = readFileSync(
  join(root, 'test-kits/factur-x/examples/valid/FX_F20260023_EN16931_commented.xml'),
  'utf8',
)
export const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')
/** A lifecycle status the PA delivered to a seller. */
export const isStatus = (flow: FakePaFlow) => flow.flowType === 'CustomerInvoiceLC' && flow.flowDirection === 'In'

/**
 * One call to the stand-in's API; every JSON answer is checked against the response schema the OpenAPI document
 * gives for that operation and status (a status the document does not list fails the test).
 */
export async function api(
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const isForm = body instanceof FormData
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  })
  const { pathname } = new URL(url)
  const [service, path] = pathname.startsWith('/flow-service')
    ? [FLOW_DOC, pathname.slice('/flow-service'.length)]
    : [DIRECTORY_DOC, pathname.slice('/directory-service'.length)]
  const check = responseValidator(validator, service, method, decodeURIComponent(path), response.status)
  expect(check, `${method} ${path} ${response.status} is not in ${service}`).not.toBeUndefined()
  if (!(response.headers.get('content-type') ?? '').includes('application/json'))
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) }
  // biome-ignore lint/suspicious/noExplicitAny: checked against the document's schema just below.
  const json = (await response.json()) as any
  if (check) expect(check(json), `${method} ${path} ${response.status}: ${describeErrors(check.errors)}`).toBe(true)
  return { status: response.status, headers: response.headers, json }
}
