// The two OpenAPI documents of XP Z12-013 as JSON Schema validators: the stand-in checks what it receives against them
// (400 when a body does not match) and its tests check every answer against them. The documents are read where the
// team keeps them (../shared/france-rfe/xp-z12-013 beside the project, XP_Z12_013_DIR to point elsewhere), not
// copied; without them the stand-in still runs, without checking bodies.
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'

export const DOCUMENTS_DIR =
  process.env.XP_Z12_013_DIR ?? fileURLToPath(new URL('../../../shared/france-rfe/xp-z12-013/', import.meta.url))
export const FLOW_DOC = 'flow-service-1.3.0.json'
export const DIRECTORY_DOC = 'directory-service-1.3.0.json'
export const documentsAvailable = [FLOW_DOC, DIRECTORY_DOC].every((name) => existsSync(join(DOCUMENTS_DIR, name)))

export function loadDocument(name) {
  return JSON.parse(readFileSync(join(DOCUMENTS_DIR, name), 'utf8'))
}

/** Takes every body: the validators when the documents are not on this machine. */
const acceptAll = Object.assign(() => true, { errors: null })

/**
 * The documents as their authors meant them where JSON Schema reads them otherwise: ReasonCode is `oneOf` [the enum,
 * any string], which no value of the enum can pass (it matches both); `anyOf` is what "a predefined set + ability to
 * extend" means. The files themselves stay as published.
 */
function readable(doc) {
  const reason = doc.components?.schemas?.ReasonCode
  if (reason?.oneOf) {
    reason.anyOf = reason.oneOf
    delete reason.oneOf
  }
  return doc
}

/** One Ajv holding both documents under their file names, so `$ref: "#/components/…"` resolves within each. */
export function createValidators() {
  if (!documentsAvailable) return () => acceptAll
  // strict off: OpenAPI 3.0 adds keywords JSON Schema does not know (example, nullable, discriminator…).
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true })
  addFormats(ajv)
  ajv.addFormat('binary', true)
  for (const name of [FLOW_DOC, DIRECTORY_DOC]) ajv.addSchema(readable(loadDocument(name)), name)
  const cache = new Map()
  /** A validator of the schema at `pointer` (e.g. "#/components/schemas/FlowInfo") of document `doc`. */
  return function validator(doc, pointer) {
    const key = `${doc}${pointer}`
    if (!cache.has(key)) cache.set(key, ajv.compile({ $ref: key }))
    return cache.get(key)
  }
}

/** Ajv's errors in one line, for an errorMessage. */
export const describeErrors = (errors) => (errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`).join('; ')

/**
 * The validator of the JSON answer that `doc` gives for `method` `path` (e.g. "/v1/siren/code-insee:123456782") with
 * `status`; null when the document describes no JSON body for it, undefined when it has no such operation or status.
 */
export function responseValidator(validator, name, method, path, status) {
  const doc = documents.get(name) ?? documents.set(name, loadDocument(name)).get(name)
  const template = Object.keys(doc.paths).find((t) =>
    new RegExp(`^${t.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  )
  const operation = template && doc.paths[template][method.toLowerCase()]
  let response = operation?.responses?.[String(status)] ?? operation?.responses?.default
  if (!response) return undefined
  let pointer = `#/paths/${template.replace(/~/g, '~0').replace(/\//g, '~1')}/${method.toLowerCase()}/responses/${status}`
  if (response.$ref) {
    pointer = response.$ref
    response = doc.components.responses[response.$ref.split('/').pop()]
  }
  if (!response.content?.['application/json']?.schema) return null
  return validator(name, `${pointer}/content/application~1json/schema`)
}
const documents = new Map()
