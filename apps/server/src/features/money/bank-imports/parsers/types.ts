/**
 * What every statement parser returns, whatever the file format. Amounts are decimal strings with exactly two decimals
 * ("-12.30"), dates are ISO days ("2024-01-13"): the same shapes as the transactions table, so the import service
 * copies them without arithmetic.
 */

export type StatementFormat = 'ofx' | 'qif' | 'camt053' | 'cfonb120' | 'csv'

export type StatementLine = {
  /** Booking date, YYYY-MM-DD. */
  datedAt: string
  /** Value date, YYYY-MM-DD, when the format gives one. */
  valueDate: string | null
  /** Dot, exactly two decimals, '-' for debits: "-12.30", "1500.00". */
  amount: string
  /** The label as the bank wrote it, whitespace collapsed, nothing else removed. */
  rawName: string
  /** The bank's own id of the line (OFX FITID, CAMT AcctSvcrRef/NtryRef/TxId), never an empty string. */
  bankId: string | null
  counterparty: string | null
  /** End-to-end id, remittance reference or cheque number. */
  reference: string | null
}

export type StatementAccount = {
  accountId: string | null
  iban: string | null
  currency: string | null
  lines: StatementLine[]
}

export type ParsedStatement = { format: StatementFormat; accounts: StatementAccount[] }

export type CsvDateFormat = 'DD/MM/YYYY' | 'YYYY-MM-DD' | 'MM/DD/YYYY' | 'DD.MM.YYYY' | 'DD/MM/YY'

/** The delimiters exports use; the domain's csvMappingSchema accepts the same four. */
export type CsvDelimiter = ';' | ',' | '\t' | '|'

export type CsvMapping = {
  encoding: 'utf-8' | 'windows-1252'
  delimiter: CsvDelimiter
  /** Non-empty rows skipped before the header (or before the data when there is no header): a bank's preamble. */
  skipRows: number
  hasHeader: boolean
  /** Columns are counted from 0. */
  dateColumn: number
  dateFormat: CsvDateFormat
  labelColumns: number[]
  amount: { column: number } | { debitColumn: number; creditColumn: number }
  decimalSeparator: ',' | '.'
}

/**
 * The one error a parser throws: a French sentence for the person importing the file, starting with where the fault
 * is ("Ligne 12 : …", "Élément <Ntry> n° 3 : …") so they can open the file and see it. `location` is that prefix alone.
 */
export class StatementError extends Error {
  readonly location: string | null

  constructor(message: string, location: string | null = null) {
    super(location ? `${location} : ${message}` : message)
    this.name = 'StatementError'
    this.location = location
  }
}

/** French quotes around a value from the file, with the non-breaking spaces French typography puts inside them. */
export const quoted = (value: string): string => `«\u00a0${value.length > 60 ? `${value.slice(0, 60)}…` : value}\u00a0»`
