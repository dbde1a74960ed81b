/**
 * Bank statement files → statement lines, for the statement import. Pure code: bytes in, lines out, or a
 * StatementError whose French message names the line or element at fault. Saving the lines (all or none) is the
 * import service's job.
 */
import { detectFormat, isCfonb240 } from './detect'
import { parseCamt } from './formats/camt'
import { parseCfonb } from './formats/cfonb'
import { parseCsv } from './formats/csv'
import { suggestCsvMapping } from './formats/csv-sniff'
import { parseOfx } from './formats/ofx'
import { parseQif } from './formats/qif'
import { readStatementText, sniffEncoding } from './text'
import { type CsvMapping, type ParsedStatement, StatementError } from './types'

export { cleanLabel } from './clean-label'
export { dedupeKeys } from './dedupe'
export { detectFormat } from './detect'
export { type CsvPreview, type CsvSuggestion, previewCsv, suggestCsvMapping } from './formats/csv-sniff'
export {
  type CsvDateFormat,
  type CsvDelimiter,
  type CsvMapping,
  type ParsedStatement,
  type StatementAccount,
  StatementError,
  type StatementFormat,
  type StatementLine,
} from './types'

const UNKNOWN_FORMAT =
  "Format de fichier non reconnu : Carnet lit les relevés OFX, QIF, CAMT.053, CFONB 120 et CSV. Un relevé PDF ne peut pas être importé : demande à ta banque l'un de ces formats."

const CFONB_240 =
  "Format CFONB 240 non pris en charge : ce fichier est une remise de virements ou d'effets, pas un relevé de compte. Télécharge le relevé au format CFONB 120, OFX ou CAMT.053."

const CSV_NEEDS_MAPPING =
  'Pour ce fichier CSV, indique quelles colonnes portent la date, le libellé et le montant : elles ne se devinent pas à coup sûr.'

function parseDetected(bytes: Buffer, options: { fileName?: string; csv?: CsvMapping }): ParsedStatement {
  if (bytes.length === 0) throw new StatementError('Le fichier est vide.')
  if (options.csv) return parseCsv(bytes, options.csv)
  switch (detectFormat(bytes, options.fileName)) {
    case 'ofx':
      return parseOfx(bytes)
    case 'qif':
      return parseQif(bytes)
    case 'camt053':
      return parseCamt(bytes)
    case 'cfonb120':
      return parseCfonb(bytes)
    case 'csv': {
      const encoding = sniffEncoding(bytes)
      const suggestion = suggestCsvMapping(readStatementText(bytes, encoding), encoding)
      if (!suggestion.confident) throw new StatementError(CSV_NEEDS_MAPPING)
      return parseCsv(bytes, suggestion.mapping)
    }
    default:
      if (isCfonb240(bytes)) throw new StatementError(CFONB_240)
      if (readStatementText(bytes).trim() === '') throw new StatementError('Le fichier est vide.')
      throw new StatementError(UNKNOWN_FORMAT)
  }
}

/**
 * Reads a statement file. Throws a StatementError, and nothing else, for any content: a file too large or too deep for
 * memory (RangeError) is reported as such rather than as a crash.
 */
export function parseStatement(bytes: Buffer, options: { fileName?: string; csv?: CsvMapping } = {}): ParsedStatement {
  try {
    return parseDetected(bytes, options)
  } catch (error) {
    if (error instanceof RangeError) {
      throw new StatementError('Ce fichier est trop volumineux ou trop complexe pour être lu.')
    }
    throw error
  }
}
