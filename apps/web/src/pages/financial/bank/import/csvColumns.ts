import type { CsvMappingBody } from '@app/domain'

/** What a column of the CSV holds for the import, as the preview table's heading says it. */
export type ColumnRole = 'date' | 'label' | 'amount' | 'debit' | 'credit'

export const ROLE_LABELS: Record<ColumnRole, string> = {
  date: 'Date',
  label: 'Libellé',
  amount: 'Montant',
  debit: 'Débit',
  credit: 'Crédit',
}

export const ENCODING_LABELS: Record<CsvMappingBody['encoding'], string> = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252 (Excel, ANSI)',
}

export const DELIMITER_LABELS: Record<CsvMappingBody['delimiter'], string> = {
  ';': 'Point-virgule ( ; )',
  ',': 'Virgule ( , )',
  '\t': 'Tabulation',
  '|': 'Barre verticale ( | )',
}

export const DATE_FORMAT_LABELS: Record<CsvMappingBody['dateFormat'], string> = {
  'DD/MM/YYYY': 'JJ/MM/AAAA (31/01/2026)',
  'DD/MM/YY': 'JJ/MM/AA (31/01/26)',
  'DD.MM.YYYY': 'JJ.MM.AAAA (31.01.2026)',
  'YYYY-MM-DD': 'AAAA-MM-JJ (2026-01-31)',
  'MM/DD/YYYY': 'MM/JJ/AAAA (01/31/2026)',
}

export const DECIMAL_LABELS: Record<CsvMappingBody['decimalSeparator'], string> = {
  ',': 'Virgule (1 234,56)',
  '.': 'Point (1,234.56)',
}

/** Select options from one of the label tables above, in its order. */
export const optionsOf = <K extends string>(labels: Record<K, string>) =>
  (Object.entries(labels) as [K, string][]).map(([value, label]) => ({ value, label }))

type Sheet = { header: string[] | null; rows: string[][] }

/** The widest of the header and the rows read: every column someone may pick. */
export const columnCount = ({ header, rows }: Sheet) =>
  Math.max(header?.length ?? 0, ...rows.map((row) => row.length), 1)

/** A column's name: its heading in the file, else its number and, to recognise it, its first value. */
export function columnLabel({ header, rows }: Sheet, column: number): string {
  const heading = header?.[column]?.trim()
  if (heading) return heading
  const sample = rows.map((row) => row[column]?.trim() ?? '').find((value) => value !== '')
  const name = `Colonne ${column + 1}`
  return sample ? `${name} · ${sample.length > 24 ? `${sample.slice(0, 23)}…` : sample}` : name
}

/** The roles the mapping gives each column (a column may have several while someone is still choosing). */
export function rolesOf(mapping: CsvMappingBody): Map<number, ColumnRole[]> {
  const roles = new Map<number, ColumnRole[]>()
  const give = (column: number, role: ColumnRole) => roles.set(column, [...(roles.get(column) ?? []), role])
  give(mapping.dateColumn, 'date')
  for (const column of mapping.labelColumns) give(column, 'label')
  if ('column' in mapping.amount) give(mapping.amount.column, 'amount')
  else {
    give(mapping.amount.debitColumn, 'debit')
    give(mapping.amount.creditColumn, 'credit')
  }
  return roles
}

export type AmountMode = 'signed' | 'split'

export const amountModeOf = (amount: CsvMappingBody['amount']): AmountMode => ('column' in amount ? 'signed' : 'split')

/**
 * The amount columns when someone switches between one signed column and debit + credit columns: the current column
 * becomes the debit, the credit the one after it (French exports put them side by side), and back.
 */
export function switchAmountMode(amount: CsvMappingBody['amount'], mode: AmountMode, width: number) {
  if (mode === 'signed') return 'column' in amount ? amount : { column: amount.debitColumn }
  if (!('column' in amount)) return amount
  const creditColumn = amount.column + 1 < width ? amount.column + 1 : Math.max(0, amount.column - 1)
  return { debitColumn: amount.column, creditColumn }
}
