import { readFileSync } from 'node:fs'

/** RFC 4180 parsing of the small UTF-8 files of this folder: quoted fields, doubled quotes, \n or \r\n. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else if (c !== '\r') field += c
  }
  if (field !== '' || row.length > 0) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

/** Rows of a CSV file as objects keyed by the header; every listed column must exist. */
export function readCsv<K extends string>(path: string, columns: readonly K[]): Record<K, string>[] {
  const [header, ...rows] = parseCsv(readFileSync(path, 'utf8').replace(/^\uFEFF/, ''))
  if (!header) throw new Error(`${path}: empty file`)
  const index = columns.map((column) => {
    const at = header.indexOf(column)
    if (at < 0) throw new Error(`${path}: no column ${column}`)
    return at
  })
  return rows.map((cells, line) => {
    if (cells.length !== header.length)
      throw new Error(`${path}:${line + 2}: ${cells.length} cells, expected ${header.length}`)
    return Object.fromEntries(columns.map((column, i) => [column, cells[index[i] as number] ?? ''])) as Record<
      K,
      string
    >
  })
}
