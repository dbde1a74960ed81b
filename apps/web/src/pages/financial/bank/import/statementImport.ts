import type { CsvMappingBody, ItemResponse } from '@app/domain'
import { type OnUploadProgress, uploadWithProgress } from '../../../../lib/uploadWithProgress'

/** The server's limit for a statement (bank-imports/routes.ts STATEMENT_MAX_BYTES); it answers 413 beyond. */
export const STATEMENT_MAX_BYTES = 20_000_000
export const STATEMENT_MAX_LABEL = '20 Mo'
export const STATEMENT_FORMATS = 'OFX, QFX, QIF, CAMT.053/054, CFONB 120 ou CSV'

/** POST /journals/{id}/imports: what the statement added to the account. */
export type ImportCounts = { imported: number; duplicates: number; categorized: number }

/** One statement line as the CSV mapping reads it (the preview's `lines`). */
export type PreviewLine = { datedAt: string; amount: string; rawName: string }

/** POST /journals/{id}/imports/preview: the mapping (remembered for the account, else suggested) and the first rows. */
export type CsvPreview = {
  mapping: CsvMappingBody
  header: string[] | null
  rows: string[][]
  lines: PreviewLine[]
}

type Transfer = { onProgress?: OnUploadProgress; signal?: AbortSignal }

/**
 * Statements that go through the column-mapping step. Only the name can tell before sending; a CSV named otherwise
 * is still imported, with the mapping the server remembers or suggests.
 */
export const needsMapping = (file: File) => /\.(?:csv|tsv)$/i.test(file.name)

function formOf(file: Blob, fileName: string, mapping?: CsvMappingBody) {
  const data = new FormData()
  data.append('file', file, fileName)
  if (mapping) data.append('mapping', JSON.stringify(mapping))
  return data
}

export async function importStatement(
  journalId: number,
  file: File,
  mapping: CsvMappingBody | undefined,
  transfer: Transfer = {},
): Promise<ImportCounts> {
  const answer = await uploadWithProgress<ItemResponse<ImportCounts>>(
    `/journals/${journalId}/imports`,
    formOf(file, file.name, mapping),
    transfer,
  )
  return answer.data
}

export async function previewStatement(
  journalId: number,
  file: Blob,
  fileName: string,
  mapping: CsvMappingBody | undefined,
  transfer: Transfer = {},
): Promise<CsvPreview> {
  const answer = await uploadWithProgress<ItemResponse<CsvPreview>>(
    `/journals/${journalId}/imports/preview`,
    formOf(file, fileName, mapping),
    transfer,
  )
  return answer.data
}

/** The preview reads 20 rows: this is far more than they take, even in a wide export. */
const HEAD_BYTES = 256 * 1024

/**
 * The beginning of a large CSV, to preview it again as the mapping changes without sending megabytes each time. It is
 * cut after a line feed, never inside a line nor inside a UTF-8 character (0x0A never occurs within one).
 */
export async function headOf(file: File): Promise<Blob> {
  if (file.size <= HEAD_BYTES) return file
  const bytes = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer())
  const end = bytes.lastIndexOf(0x0a)
  return file.slice(0, end === -1 ? HEAD_BYTES : end + 1)
}

/** French plural: 0 and 1 take the singular. */
const count = (value: number, one: string, many: string) => `${value} ${value >= 2 ? many : one}`

/** "12 transactions importées, 3 doublons ignorés, 0 catégorisée". */
export const importSummary = ({ imported, duplicates, categorized }: ImportCounts) =>
  [
    count(imported, 'transaction importée', 'transactions importées'),
    count(duplicates, 'doublon ignoré', 'doublons ignorés'),
    count(categorized, 'catégorisée', 'catégorisées'),
  ].join(', ')
