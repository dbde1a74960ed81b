import type { CsvMappingBody } from '@app/domain'
import { stubXhr, type XhrAnswer, type XhrRequest } from '../../../../lib/fakeXhr'
import type { CsvPreview } from './statementImport'

/** A French bank's CSV as the server previews it: date, label, debit, credit; comma decimals. */
export const frenchCsvPreview: CsvPreview = {
  mapping: {
    encoding: 'utf-8',
    delimiter: ';',
    skipRows: 0,
    hasHeader: true,
    dateColumn: 0,
    dateFormat: 'YYYY-MM-DD',
    labelColumns: [1],
    amount: { column: 2 },
    decimalSeparator: ',',
  },
  header: ['Date opération', 'Libellé', 'Débit', 'Crédit'],
  rows: [
    ['2026-04-02', 'PRLV EDF', '42,10', ''],
    ['2026-04-09', 'VIR CLIENT DUPONT', '', '1 200,00'],
  ],
  lines: [{ datedAt: '2026-04-02', amount: '-42.10', rawName: 'PRLV EDF' }],
}

export type StatementRequest = XhrRequest & { fileName: string; mapping: CsvMappingBody | undefined }

/**
 * Test support: the statement routes of one server, over the fake XMLHttpRequest. Each file name holds `lines[name]`
 * lines; the first import of a file into an account adds them all, the next ones find them all known (duplicates), as
 * the server's dedupe keys do. A mapping sent with an import is remembered for the account and the preview gives it
 * back, like the server. `refuse[name]` answers instead, for the failures a test wants. Returns the requests.
 */
export function stubStatementServer({
  lines = {},
  preview = frenchCsvPreview,
  refuse = {},
  refuseImport = {},
  hold,
  steps,
}: {
  lines?: Record<string, number>
  /** The preview's answer, or how it depends on the mapping the page sends with it. */
  preview?: CsvPreview | ((mapping: CsvMappingBody | undefined) => CsvPreview)
  refuse?: Record<string, XhrAnswer>
  /** Like `refuse`, for the import only (the preview answers). */
  refuseImport?: Record<string, XhrAnswer>
  /** Keeps every answer waiting on this promise, to look at the page while the file is being sent. */
  hold?: Promise<void>
  /** The upload progress reported before each answer (fractions of the file). */
  steps?: number[]
}) {
  const imported = new Set<string>()
  const remembered = new Map<string, CsvMappingBody>()
  const requests: StatementRequest[] = []
  stubXhr(
    async (request) => {
      if (hold) await hold
      const file = request.body.get('file')
      const mappingText = request.body.get('mapping')
      const mapping = typeof mappingText === 'string' ? (JSON.parse(mappingText) as CsvMappingBody) : undefined
      const fileName = file instanceof File ? file.name : ''
      requests.push({ ...request, fileName, mapping })
      const refusal = refuse[fileName]
      if (refusal) return refusal

      const previewMatch = /^\/journals\/(\d+)\/imports\/preview$/.exec(request.path)
      if (previewMatch) {
        const account = previewMatch[1] as string
        const answer = typeof preview === 'function' ? preview(mapping) : preview
        return {
          status: 200,
          body: { data: { ...answer, mapping: mapping ?? remembered.get(account) ?? answer.mapping } },
        }
      }
      const importMatch = /^\/journals\/(\d+)\/imports$/.exec(request.path)
      if (importMatch) {
        const account = importMatch[1] as string
        const importRefusal = refuseImport[fileName]
        if (importRefusal) return importRefusal
        if (mapping) remembered.set(account, mapping)
        const total = lines[fileName] ?? 0
        const known = imported.has(`${account}/${fileName}`)
        imported.add(`${account}/${fileName}`)
        return {
          status: 200,
          body: { data: { imported: known ? 0 : total, duplicates: known ? total : 0, categorized: 0 } },
        }
      }
      return { status: 404, body: { message: 'Ressource introuvable.', code: 'NOT_FOUND' } }
    },
    { steps },
  )
  return requests
}
