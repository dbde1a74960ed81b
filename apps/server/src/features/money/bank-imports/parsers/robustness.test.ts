import { readdirSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { centsToAmount, GENERATED_CSV_MAPPING, GENERATORS, generatedCents } from './bench'
import {
  type CsvMapping,
  detectFormat,
  type ParsedStatement,
  parseStatement,
  previewCsv,
  StatementError,
} from './index'
import { SAMPLES_ROOT, sample } from './testing'

/**
 * Whatever the bytes, the parsers answer a well-formed statement or a StatementError: never another exception, never
 * a line with a malformed date or amount. Inputs: random bytes, random text over the characters the formats care
 * about, every sample cut at random points, every sample with random bytes changed.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/
const AMOUNT = /^-?\d{1,13}\.\d{2}$/

function checkShape(statement: ParsedStatement): void {
  for (const account of statement.accounts) {
    for (const line of account.lines) {
      expect(line.datedAt).toMatch(DATE)
      if (line.valueDate !== null) expect(line.valueDate).toMatch(DATE)
      expect(line.amount).toMatch(AMOUNT)
      expect(line.amount).not.toBe('-0.00')
      expect(typeof line.rawName).toBe('string')
      for (const value of [line.bankId, line.counterparty, line.reference]) expect(value).not.toBe('')
    }
  }
}

/** Runs `read`, accepting a result or a StatementError; anything else fails the property. */
function settle<T>(read: () => T): T | null {
  try {
    return read()
  } catch (error) {
    if (error instanceof StatementError) {
      expect(error.message.length).toBeGreaterThan(0)
      return null
    }
    throw error
  }
}

function attempt(bytes: Buffer, csv?: CsvMapping): void {
  detectFormat(bytes)
  const statement = settle(() => parseStatement(bytes, { csv }))
  if (statement) checkShape(statement)
  const preview = settle(() => previewCsv(bytes))
  if (preview) for (const line of preview.lines) expect(line.amount).toMatch(AMOUNT)
}

const SAMPLE_PATHS = (readdirSync(SAMPLES_ROOT, { recursive: true, withFileTypes: true }) as import('node:fs').Dirent[])
  .filter((entry) => entry.isFile() && entry.name !== 'README.md' && !entry.name.startsWith('.'))
  .map((entry) => `${entry.parentPath.slice(SAMPLES_ROOT.length)}/${entry.name}`.replace(/^\//, ''))

const MAPPING: CsvMapping = {
  ...GENERATED_CSV_MAPPING,
  amount: { debitColumn: 2, creditColumn: 3 },
  labelColumns: [1, 4],
}

const HEADS = [
  'OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><STMTRS><BANKTRANLIST><STMTTRN>',
  '<?xml version="1.0"?><Document><BkToCstmrStmt><Stmt><Ntry>',
  '!Type:Bank\nD',
  '0130003    01234EUR2 01234567890  130124',
  'Date;Libellé;Débit;Crédit\n',
  '',
]
const ALPHABET = [...'<>/&;,."\'\n\r\t ^!{}AJR0123456789-:DTPNM$€é', 'STMTTRN', 'TRNAMT', 'DTPOSTED', '</OFX>', 'Ntry']
const structuredText = fc
  .tuple(fc.constantFrom(...HEADS), fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 400 }))
  .map(([head, body]) => Buffer.from(head + body, 'utf8'))

describe('robustness', () => {
  it('answers random bytes with a statement or a StatementError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2048 }), (bytes) => attempt(Buffer.from(bytes), undefined)),
      { numRuns: 300 },
    )
  })

  it('answers random text made of the formats’ own characters, with or without a CSV mapping', () => {
    fc.assert(
      fc.property(structuredText, fc.boolean(), (bytes, withMapping) =>
        attempt(bytes, withMapping ? MAPPING : undefined),
      ),
      { numRuns: 500 },
    )
  })

  it.each(SAMPLE_PATHS)('answers %s cut anywhere', (path) => {
    const bytes = sample(path)
    fc.assert(
      fc.property(fc.integer({ min: 0, max: bytes.length }), (end) => attempt(bytes.subarray(0, end))),
      { numRuns: 40 },
    )
  })

  it.each(SAMPLE_PATHS)('answers %s with bytes changed, inserted or removed', (path) => {
    const bytes = sample(path)
    const edit = fc.record({
      at: fc.nat({ max: Math.max(bytes.length - 1, 0) }),
      kind: fc.constantFrom('set', 'insert', 'delete'),
      byte: fc.oneof(
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom(...[...'<>&;,"\n{}J-.0'].map((c) => c.charCodeAt(0))),
      ),
    })
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 8 }), (edits) => {
        const mutated = [...bytes]
        for (const { at, kind, byte } of edits) {
          const index = Math.min(at, mutated.length)
          if (kind === 'set' && index < mutated.length) mutated[index] = byte
          else if (kind === 'insert') mutated.splice(index, 0, byte)
          else mutated.splice(index, 1)
        }
        attempt(Buffer.from(mutated))
      }),
      { numRuns: 40 },
    )
  })

  it('stays linear on inputs built to make a naive parser backtrack or recurse', () => {
    const big = 1_000_000
    const inputs = [
      `OFXHEADER:100\n<OFX>${'<'.repeat(big)}`,
      `OFXHEADER:100\n<OFX>${'<A>'.repeat(big / 3)}`,
      `OFXHEADER:100\n<OFX><STMTRS><STMTTRN><NAME>${'&amp;'.repeat(big / 5)}`,
      `<?xml version="1.0"?><Document><BkToCstmrStmt>${'<a>'.repeat(5000)}`,
      `<?xml version="1.0"?>${'<!'.repeat(big / 2)}`,
      `!Type:Bank\nD01/01/2024\nT${' '.repeat(big)}1\n^\n`,
      `Date;Libellé;Montant\n01/01/2024;${'x'.repeat(big)};1${' '.repeat(big)}x\n`,
      `Date;Libellé;Montant\n01/01/2024;"${'a;'.repeat(big / 2)}`,
      `${'0'.repeat(120)}${'04'.repeat(big)}`,
      `0130003    01234EUR2 01234567890  130124\n0430003000501234EUR2E0123456789018130124  130124X${' '.repeat(42)}0000000000001{\n${`0530003000501234EUR2E0123456789018130124     LIB${'Y'.repeat(70)}\n`.repeat(20_000)}`,
    ]
    for (const input of inputs) attempt(Buffer.from(input, 'latin1'), undefined)
    for (const input of inputs) attempt(Buffer.from(input, 'latin1'), MAPPING)
  })

  it.each(Object.keys(GENERATORS) as (keyof typeof GENERATORS)[])('reads a generated 10,000-line %s file', (format) => {
    const statement = parseStatement(GENERATORS[format](10_000), format === 'csv' ? { csv: GENERATED_CSV_MAPPING } : {})
    expect(statement.format).toBe(format)
    const lines = statement.accounts.flatMap((account) => account.lines)
    expect(lines).toHaveLength(10_000)
    expect(lines.map((line) => line.amount)).toEqual(
      Array.from({ length: 10_000 }, (_, i) => centsToAmount(generatedCents(i))),
    )
    expect(lines[9_999]?.datedAt).toBe('2024-04-27')
  })
})
