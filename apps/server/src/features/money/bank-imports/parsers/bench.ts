import { parseStatement } from './index'
import type { CsvMapping, StatementFormat } from './types'

/**
 * Generated statements of `count` lines per format, for the parsers' benchmark (`benchParsers`, wired into
 * `npm run bench`) and for the tests that read 10,000-line files. Line i has the amount -(i mod 5000) - 0.01 × (i mod
 * 100) (a credit every seventh line), its day cycles through 2024, and its label carries the characters that make
 * parsers stumble (&, accents, quotes).
 */

const pad = (value: number, width: number) => String(value).padStart(width, '0')

/** Day i of 2024 (cycling), as year, month and day numbers. */
function dayOf(i: number): [number, number, number] {
  const date = new Date(Date.UTC(2024, 0, 1 + (i % 366)))
  return [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()]
}

/** The amount of line i in cents, as a signed integer. */
export const generatedCents = (i: number): number => (i % 7 === 0 ? 1 : -1) * ((i % 5000) * 100 + (i % 100) + 1)

/** Cents → "-12.34". */
export const centsToAmount = (cents: number): string => {
  const abs = Math.abs(cents)
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${pad(abs % 100, 2)}`
}

export function generateOfx(count: number): Buffer {
  const parts = [
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\n',
    'OLDFILEUID:NONE\nNEWFILEUID:NONE\n\n<OFX>\n<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n<STMTRS>\n<CURDEF>EUR\n',
    '<BANKACCTFROM>\n<BANKID>30003\n<BRANCHID>01234\n<ACCTID>01234567890\n<ACCTTYPE>CHECKING\n</BANKACCTFROM>\n',
    '<BANKTRANLIST>\n<DTSTART>20240101\n<DTEND>20241231\n',
  ]
  for (let i = 0; i < count; i++) {
    const [y, m, d] = dayOf(i)
    parts.push(
      `<STMTTRN>\n<TRNTYPE>DEBIT\n<DTPOSTED>${y}${pad(m, 2)}${pad(d, 2)}\n<TRNAMT>${centsToAmount(generatedCents(i))}\n`,
      `<FITID>GEN${pad(i, 8)}\n<NAME>CARTE X1234 ${pad(d, 2)}/${pad(m, 2)} BOUCHERIE & FILS\n<MEMO>Opération n° ${i}\n</STMTTRN>\n`,
    )
  }
  parts.push('</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>0.00\n<DTASOF>20241231\n</LEDGERBAL>\n</STMTRS>\n</STMTTRNRS>\n')
  parts.push('</BANKMSGSRSV1>\n</OFX>\n')
  return Buffer.from(parts.join(''), 'latin1')
}

export const GENERATED_CSV_MAPPING: CsvMapping = {
  encoding: 'windows-1252',
  delimiter: ';',
  skipRows: 0,
  hasHeader: true,
  dateColumn: 0,
  dateFormat: 'DD/MM/YYYY',
  labelColumns: [1],
  amount: { column: 2 },
  decimalSeparator: ',',
}

export function generateCsv(count: number): Buffer {
  const rows = ['Date;Libellé;Montant;Devise']
  for (let i = 0; i < count; i++) {
    const [y, m, d] = dayOf(i)
    const amount = centsToAmount(generatedCents(i)).replace('.', ',')
    rows.push(`${pad(d, 2)}/${pad(m, 2)}/${y};"PRLV SEPA ÉNERGIE ""VERTE"" ; n° ${i}";${amount};EUR`)
  }
  return Buffer.from(`${rows.join('\r\n')}\r\n`, 'latin1')
}

const OVERPUNCH_POSITIVE = '{ABCDEFGHI'
const OVERPUNCH_NEGATIVE = '}JKLMNOPQR'

/** A CFONB 120 amount zone: thirteen digits and the signed last digit. */
function cfonbAmount(cents: number): string {
  const digits = pad(Math.abs(cents), 14)
  const sign = cents < 0 ? OVERPUNCH_NEGATIVE : OVERPUNCH_POSITIVE
  return `${digits.slice(0, 13)}${sign[Number(digits.slice(13))]}`
}

const cfonbDate = (i: number) => {
  const [y, m, d] = dayOf(i)
  return `${pad(d, 2)}${pad(m, 2)}${pad(y % 100, 2)}`
}

export function generateCfonb(count: number): Buffer {
  const head = (code: string) => `${code}30003    01234EUR2 01234567890  `
  const records = [`${head('01')}${cfonbDate(0)}${' '.repeat(50)}${cfonbAmount(0)}${' '.repeat(16)}`]
  for (let i = 0; i < count; i++) {
    const date = cfonbDate(i)
    const movement = `0430003000501234EUR2E0123456789018${date}  ${date}${`PRLV SEPA FOURNISSEUR ${i}`.padEnd(31)}`
    records.push(`${movement}${'0'.repeat(11)}${cfonbAmount(generatedCents(i))}${' '.repeat(16)}`)
    records.push(`0530003000501234EUR2E0123456789018${date}     LIB${`FACTURE F-${i}`.padEnd(70)}  `)
  }
  // The closing balance is the sum of the movements, as the parser checks: whole cents, so plain integers are exact.
  let closing = 0
  for (let i = 0; i < count; i++) closing += generatedCents(i)
  records.push(`${head('07')}${cfonbDate(0)}${' '.repeat(50)}${cfonbAmount(closing)}${' '.repeat(16)}`)
  return Buffer.from(`${records.join('\r\n')}\r\n`, 'latin1')
}

export function generateQif(count: number): Buffer {
  const lines = ['!Type:Bank']
  for (let i = 0; i < count; i++) {
    const [y, m, d] = dayOf(i)
    lines.push(`D${pad(d, 2)}/${pad(m, 2)}/${y}`, `T${centsToAmount(generatedCents(i))}`, `PFOURNISSEUR ${i}`, '^')
  }
  return Buffer.from(`${lines.join('\n')}\n`, 'utf8')
}

export function generateCamt(count: number): Buffer {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">',
    '<BkToCstmrStmt><GrpHdr><MsgId>GEN</MsgId><CreDtTm>2024-12-31T00:00:00</CreDtTm></GrpHdr><Stmt><Id>1</Id>',
    '<Acct><Id><IBAN>FR7630003012340123456789057</IBAN></Id><Ccy>EUR</Ccy></Acct>\n',
  ]
  for (let i = 0; i < count; i++) {
    const [y, m, d] = dayOf(i)
    const cents = generatedCents(i)
    const date = `${y}-${pad(m, 2)}-${pad(d, 2)}`
    parts.push(
      `<Ntry><Amt Ccy="EUR">${centsToAmount(Math.abs(cents))}</Amt><CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>`,
      `<Sts>BOOK</Sts><BookgDt><Dt>${date}</Dt></BookgDt><ValDt><Dt>${date}</Dt></ValDt><AcctSvcrRef>GEN${i}</AcctSvcrRef>`,
      `<NtryDtls><TxDtls><RmtInf><Ustrd>Facture F-${i} &amp; frais</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`,
    )
  }
  parts.push('</Stmt></BkToCstmrStmt></Document>\n')
  return Buffer.from(parts.join(''), 'utf8')
}

export const GENERATORS: Record<StatementFormat, (count: number) => Buffer> = {
  ofx: generateOfx,
  qif: generateQif,
  camt053: generateCamt,
  cfonb120: generateCfonb,
  csv: generateCsv,
}

const NAMES: Record<StatementFormat, string> = {
  ofx: 'OFX',
  qif: 'QIF',
  camt053: 'CAMT.053',
  cfonb120: 'CFONB 120',
  csv: 'CSV',
}

const number = (value: number) => Math.round(value).toLocaleString('en-US')

/** Parses a generated 10,000-line file of each format: "parse OFX 10,000 lines: 45 ms (220,000 lines/s)". */
export async function benchParsers(count = 10_000): Promise<string[]> {
  const results: string[] = []
  for (const format of Object.keys(GENERATORS) as StatementFormat[]) {
    const bytes = GENERATORS[format](count)
    const options = format === 'csv' ? { csv: GENERATED_CSV_MAPPING } : {}
    parseStatement(bytes, options) // warm-up: the first run also compiles the code
    let best = Number.POSITIVE_INFINITY
    for (let run = 0; run < 3; run++) {
      const start = performance.now()
      const parsed = parseStatement(bytes, options)
      best = Math.min(best, performance.now() - start)
      const lines = parsed.accounts.reduce((total, account) => total + account.lines.length, 0)
      if (lines !== count) throw new Error(`${NAMES[format]}: ${lines} lines read instead of ${count}`)
    }
    results.push(
      `parse ${NAMES[format]} ${number(count)} lines: ${number(best)} ms (${number((count / best) * 1000)} lines/s)`,
    )
  }
  return results
}
