import { fileURLToPath } from 'node:url'
import { readCsv } from './csv'

/** Shared by the seed builders: the CSV reader of this folder, row types and the failure helper. */

const dataDir = fileURLToPath(new URL('.', import.meta.url))
export const csv = <K extends string>(file: string, columns: readonly K[]) => readCsv(`${dataDir}${file}`, columns)

export type Value = string | number | boolean | null | string[] | Record<string, unknown>[]
export type Row = Record<string, Value>
export type TableSeed = { table: string; rows: Row[] }

export function fail(message: string): never {
  throw new Error(`reference seed: ${message}`)
}

export const snake = (row: Record<string, unknown>): Row =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), v as Value]),
  )
