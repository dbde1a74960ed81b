import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  type CsvMapping,
  detectFormat,
  parseStatement,
  previewCsv,
  StatementError,
  type StatementFormat,
} from './index'
import { SAMPLES_ROOT, sample } from './testing'

/**
 * Every file of test-kits/bank-samples, read with the transaction count its README gives (OFX `<STMTTRN>`, camt
 * `<Ntry>`, CFONB `04` records, QIF records, CSV data rows), or refused with a message naming the fault.
 */

const ROOT = SAMPLES_ROOT
const linesOf = (bytes: Buffer, options: Parameters<typeof parseStatement>[1] = {}) =>
  parseStatement(bytes, options).accounts.reduce((total, account) => total + account.lines.length, 0)

const README_COUNTS: Record<string, [StatementFormat, number]> = {
  'ofx/ofxstatement-french__BPACA_OP_20220828.ofx': ['ofx', 69],
  'ofx/ofxstatement-french__46297554894_02092025_04102025.ofx': ['ofx', 0],
  'ofx/ofxparser__ofxdata-bpbfc.ofx': ['ofx', 6],
  'ofx/ofxparser__ofxdata-cmfr.ofx': ['ofx', 42],
  'ofx/ofxparser__ofxdata-oneline.ofx': ['ofx', 8],
  'ofx/ofxparser__ofxdata-bb-two-stmtrs.ofx': ['ofx', 36],
  'ofx/ofxparser__ofx-multiple-accounts-xml.ofx': ['ofx', 3],
  'ofx/ofxparser__ofxdata-memoWithAmpersand.ofx': ['ofx', 16],
  'ofx/ofxtools__stmtrs_euro.ofx': ['ofx', 2],
  'ofx/ofxparse__ofx-v102-empty-tags.ofx': ['ofx', 1],
  'camt/ofxstatement-iso20022__simple.xml': ['camt053', 4],
  'camt/camt__camt053.v2.multi.statement.xml': ['camt053', 2],
  'camt/ofxstatement-iso20022__davider80.xml': ['camt053', 16],
  'camt/bank-statement-import__test-camt053-txdtls': ['camt053', 1],
  'camt/ofxstatement-iso20022__camt053.xml': ['camt053', 1],
  'camt/camt__camt054.v4.xml': ['camt053', 1],
  'camt/camt__camt054.v8.xml': ['camt053', 1],
  'camt/bank-statement-import__test-camt054': ['camt053', 1],
  'camt/bankstatementparser__camt053_no_namespace.xml': ['camt053', 1],
  'cfonb120/l10n-france__cfonb_classic.cfo': ['cfonb120', 13],
  'cfonb120/l10n-france__cfonb_no_carriage_return.cfo': ['cfonb120', 13],
  'cfonb120/cfonb__example.txt': ['cfonb120', 6],
  'cfonb120/cfonb-parser__complex-test.txt': ['cfonb120', 5],
  'cfonb120/cfonb-parser__non-strict-test.txt': ['cfonb120', 5],
  'qif/gnucash__Money95bank_fr.qif': ['qif', 143],
  'qif/bank-statement-import__test_qif.qif': ['qif', 5],
}

/**
 * Test files whose balances do not add up: their opening balance plus their movements is not their closing balance
 * (hand-made fixtures: round amounts, a currency XXX, a closing balance from another file). A statement that does not
 * add up is refused whole, so these are; with the closing balance that adds up put in its place (`balanced`: the text
 * of the closing balance, then the right one), each reads its README count of lines.
 */
const UNBALANCED: Record<
  string,
  { format: StatementFormat; count: number; message: string; balanced: [string, string] }
> = {
  'camt/bank-statement-import__test-camt053': {
    format: 'camt053',
    count: 3,
    message:
      "Élément <Stmt> n° 1 : le solde de clôture (15\u202f121,12\u00a0€) ne correspond pas au solde d'ouverture plus les mouvements (15\u202f555,28\u00a0€).",
    balanced: ['<Amt Ccy="EUR">15121.12</Amt>', '<Amt Ccy="EUR">15555.28</Amt>'],
  },
  'camt/ofxstatement-iso20022__gcamp6.xml': {
    format: 'camt053',
    count: 5,
    message:
      "Élément <Stmt> n° 1 : le solde de clôture (10\u202f000,00\u00a0XXX) ne correspond pas au solde d'ouverture plus les mouvements (13\u202f010,00\u00a0XXX).",
    // The CLBD balance comes before the first entry, whose amount is the same.
    balanced: ['<Amt Ccy="XXX">10000.00</Amt>', '<Amt Ccy="XXX">13010.00</Amt>'],
  },
  'cfonb120/python-cfonb__bank_statement.cfo': {
    format: 'cfonb120',
    count: 4,
    message:
      "Ligne 6 : le solde de clôture (11\u202f871,14\u00a0€) ne correspond pas au solde d'ouverture plus les mouvements (-1\u202f999,92\u00a0€).",
    balanced: ['0000000118711D', '0000000019999K'],
  },
}

/** The CSV files, their row count, and the mapping the sniffing must suggest. */
const CSV_FILES: Record<string, [number, CsvMapping]> = {
  'csv/reckon__invalid_header_example.csv': [
    2,
    {
      encoding: 'utf-8',
      delimiter: ';',
      skipRows: 2,
      hasHeader: true,
      dateColumn: 0,
      dateFormat: 'DD/MM/YYYY',
      labelColumns: [1, 2],
      amount: { column: 3 },
      decimalSeparator: ',',
    },
  ],
  'csv/bankstatementparser__csv_french_headers.csv': [
    3,
    {
      encoding: 'utf-8',
      delimiter: ';',
      skipRows: 0,
      hasHeader: true,
      dateColumn: 0,
      dateFormat: 'YYYY-MM-DD',
      labelColumns: [1],
      amount: { debitColumn: 2, creditColumn: 3 },
      decimalSeparator: ',',
    },
  ],
  'csv/csv2ofx__n26-fr.csv': [
    2,
    {
      encoding: 'utf-8',
      delimiter: ',',
      skipRows: 0,
      hasHeader: true,
      dateColumn: 0,
      dateFormat: 'YYYY-MM-DD',
      labelColumns: [2],
      amount: { column: 7 },
      decimalSeparator: '.',
    },
  ],
  'csv/csv2ofx__ubs-ch-fr_trimmed.csv': [
    3,
    {
      encoding: 'utf-8',
      delimiter: ';',
      skipRows: 0,
      hasHeader: true,
      dateColumn: 3,
      dateFormat: 'DD.MM.YYYY',
      labelColumns: [4, 5, 6],
      amount: { debitColumn: 8, creditColumn: 9 },
      decimalSeparator: '.',
    },
  ],
  'csv/reckon__extratofake.csv': [
    23,
    {
      encoding: 'windows-1252',
      delimiter: ',',
      skipRows: 0,
      hasHeader: true,
      dateColumn: 0,
      dateFormat: 'MM/DD/YYYY',
      labelColumns: [2],
      amount: { column: 5 },
      decimalSeparator: '.',
    },
  ],
  'csv/reckon__bom_utf8_file-input.csv': [
    1,
    {
      encoding: 'utf-8',
      delimiter: ',',
      skipRows: 0,
      hasHeader: true,
      dateColumn: 0,
      dateFormat: 'MM/DD/YYYY',
      labelColumns: [3],
      amount: { column: 9 },
      decimalSeparator: '.',
    },
  ],
}

/** Headerless: no sniffing can know which column is what, so the test says it (account, date, label, ref, amount). */
const FRENCH_HEADERLESS: CsvMapping = {
  encoding: 'utf-8',
  delimiter: ';',
  skipRows: 0,
  hasHeader: false,
  dateColumn: 1,
  dateFormat: 'DD/MM/YYYY',
  labelColumns: [2],
  amount: { column: 4 },
  decimalSeparator: ',',
}

const REFUSED: Record<string, RegExp> = {
  'ofx/ofxparse__date_missing.ofx':
    /^Élément <STMTTRN> n° 1 \(ligne 33\) : date de comptabilisation <DTPOSTED> absente\.$/,
  'camt/bankstatementparser__camt053_garbled_amount.xml':
    /^Élément <Ntry> n° 1 : le montant «\u00a012\.\.34\u00a0» n'est pas un nombre\.$/,
  'cfonb240/cfonb-parser__cfonb.240-complex-test.txt': /^Format CFONB 240 non pris en charge : /,
  'pdf-text/ofxstatement-french__Extrait-de-compte-20240102.pdf.txt': /^Format de fichier non reconnu/,
}

describe('bank samples', () => {
  it('covers every file of the folder', () => {
    const listed = new Set([
      ...Object.keys(README_COUNTS),
      ...Object.keys(CSV_FILES),
      'csv/reckon__french_example.csv',
      ...Object.keys(REFUSED),
      ...Object.keys(UNBALANCED),
    ])
    const files = readdirSync(ROOT, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name !== 'README.md' && !entry.name.startsWith('.'))
      .map((entry) => `${entry.parentPath.slice(ROOT.length)}/${entry.name}`.replace(/^\//, ''))
    expect(files.sort()).toEqual([...listed].sort())
  })

  it.each(Object.entries(README_COUNTS))('%s is %s with its README count of lines', (path, [format, count]) => {
    const bytes = sample(path)
    expect(detectFormat(bytes, path.split('/').pop())).toBe(format)
    const parsed = parseStatement(bytes, { fileName: path })
    expect(parsed.format).toBe(format)
    expect(linesOf(bytes, { fileName: path })).toBe(count)
  })

  it.each(Object.entries(UNBALANCED))(
    '%s does not add up: refused whole, and read with the closing balance that adds up',
    (path, { format, count, message, balanced: [wrong, right] }) => {
      const bytes = sample(path)
      expect(detectFormat(bytes, path.split('/').pop())).toBe(format)
      expect(() => parseStatement(bytes, { fileName: path })).toThrow(StatementError)
      expect(() => parseStatement(bytes, { fileName: path })).toThrow(message)
      const fixed = Buffer.from(bytes.toString('latin1').replace(wrong, right), 'latin1')
      expect(parseStatement(fixed, { fileName: path }).format).toBe(format)
      expect(linesOf(fixed, { fileName: path })).toBe(count)
    },
  )

  it.each(Object.entries(CSV_FILES))(
    '%s: the suggested mapping is right and reads its rows',
    (path, [count, mapping]) => {
      const bytes = sample(path)
      expect(detectFormat(bytes, path)).toBe('csv')
      const preview = previewCsv(bytes)
      expect(preview.mapping).toEqual(mapping)
      expect(preview.error).toBeNull()
      expect(preview.lines).toHaveLength(Math.min(count, 20))
      expect(linesOf(bytes, { csv: preview.mapping })).toBe(count)
      // A header this clear is read without asking.
      expect(linesOf(bytes, { fileName: path })).toBe(count)
    },
  )

  it('reads the headerless French CSV with the mapping the person gives', () => {
    const bytes = sample('csv/reckon__french_example.csv')
    expect(detectFormat(bytes)).toBe('csv')
    expect(() => parseStatement(bytes)).toThrow(/indique quelles colonnes/)
    // The sniffing still guesses this one from the values alone.
    expect(previewCsv(bytes).mapping).toEqual(FRENCH_HEADERLESS)
    expect(linesOf(bytes, { csv: FRENCH_HEADERLESS })).toBe(9)
  })

  it.each(Object.entries(REFUSED))('%s is refused with a message naming the fault', (path, message) => {
    const bytes = sample(path)
    const error = (() => {
      try {
        parseStatement(bytes, { fileName: path })
      } catch (caught) {
        return caught
      }
    })()
    expect(error).toBeInstanceOf(StatementError)
    expect((error as StatementError).message).toMatch(message)
  })

  it('says where the fault is in `location`', () => {
    try {
      parseStatement(sample('ofx/ofxparse__date_missing.ofx'))
      expect.unreachable()
    } catch (error) {
      expect((error as StatementError).location).toBe('Élément <STMTTRN> n° 1 (ligne 33)')
    }
  })
})
