// Types of openapi.mjs for the TypeScript tests that check the stand-in's answers against the documents.
import type { ErrorObject, ValidateFunction } from 'ajv'

export const FLOW_DOC: 'flow-service-1.3.0.json'
export const DIRECTORY_DOC: 'directory-service-1.3.0.json'
export const DOCUMENTS_DIR: string
export const documentsAvailable: boolean
export type Validator = (doc: string, pointer: string) => ValidateFunction
export function loadDocument(name: string): Record<string, unknown>
export function createValidators(): Validator
export function describeErrors(errors: ErrorObject[] | null | undefined): string
export function responseValidator(
  validator: Validator,
  name: string,
  method: string,
  path: string,
  status: number,
): ValidateFunction | null | undefined
