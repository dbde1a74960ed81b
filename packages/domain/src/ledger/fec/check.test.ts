import { describe, expect, it } from 'vitest'
import { checkFec } from './check'

// Written by hand, in the FEC's own notation, so these tests prove the checker without the writer's help.
const HEADER =
  'JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\t' +
  'PieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise'
const COLUMNS = HEADER.split('\t')

type Row = Record<string, string>
const sale = (overrides: Row = {}): Row => ({
  JournalCode: 'VT',
  JournalLib: 'Ventes',
  EcritureNum: '1',
  EcritureDate: '20260310',
  CompteNum: '411',
  CompteLib: 'Clients',
  CompAuxNum: 'C42',
  CompAuxLib: 'Atelier Dupont',
  PieceRef: 'F-2026-0007',
  PieceDate: '20260310',
  EcritureLib: 'Facture F-2026-0007',
  Debit: '1200,00',
  Credit: '0,00',
  EcritureLet: '',
  DateLet: '',
  ValidDate: '20260310',
  Montantdevise: '',
  Idevise: '',
  ...overrides,
})
const income = (overrides: Row = {}) =>
  sale({ CompteNum: '706', CompteLib: 'Prestations', CompAuxNum: '', CompAuxLib: '', Debit: '0,00', ...overrides })

/** A sale of 1 000 + 200 VAT, as three rows; `overrides` change every row of it. */
const saleEntry = (overrides: Row = {}): Row[] => [
  sale(overrides),
  income({ Credit: '1000,00', ...overrides }),
  income({ CompteNum: '44571', CompteLib: 'TVA collectée', Credit: '200,00', ...overrides }),
]
const payment = (overrides: Row = {}): Row[] => [
  sale({ JournalCode: 'BQ1', JournalLib: 'Banque', CompteNum: '5121', CompAuxNum: '', CompAuxLib: '', ...overrides }),
  sale({ JournalCode: 'BQ1', JournalLib: 'Banque', Debit: '0,00', Credit: '1200,00', ...overrides }),
]

const line = (row: Row): string => COLUMNS.map((column) => row[column] ?? '').join('\t')
const file = (rows: Row[]): string => [HEADER, ...rows.map(line)].map((text) => `${text}\r\n`).join('')
const errorsOf = (rows: Row[]): string[] => checkFec(file(rows)).errors

describe('a well-formed FEC', () => {
  it('has no errors, and gives back its entries, lines, totals and balance per account', () => {
    const result = checkFec(file([...saleEntry(), ...saleEntry({ EcritureNum: '2' }), ...payment()]))
    expect(result.errors).toEqual([])
    expect(result.entries).toBe(3)
    expect(result.lines).toBe(8)
    expect(result.totals).toEqual({ debit: '3600.00', credit: '3600.00' })
    expect(result.balancesByAccount).toEqual({
      '411': '1200.00',
      '706': '-2000.00',
      '44571': '-400.00',
      '5121': '1200.00',
    })
  })

  it('numbers each journal on its own: VT 1, BQ1 1, VT 2 is continuous', () => {
    expect(errorsOf([...saleEntry(), ...payment(), ...saleEntry({ EcritureNum: '2' })])).toEqual([])
  })

  it('accepts a lettered line and a last line without its CRLF', () => {
    const rows = payment({ EcritureLet: 'AA', DateLet: '20260315' })
    expect(checkFec(file(rows).slice(0, -2)).errors).toEqual([])
  })
})

describe('the layout', () => {
  it('needs the 18 header names in order', () => {
    const swapped = HEADER.replace('Debit\tCredit', 'Credit\tDebit')
    expect(checkFec(file(saleEntry()).replace(HEADER, swapped)).errors).toEqual([
      expect.stringMatching(/^line 1: the header/),
    ])
    expect(checkFec('').errors).toContain('line 1: the header is missing')
  })

  it('refuses a row of 17 fields, and one of 19 (a tab left inside a label)', () => {
    const [first, second, third] = saleEntry().map(line)
    const seventeen = (second as string).replace(/\t$/, '')
    const nineteen = (third as string).replace('Facture F-2026-0007', 'Facture\tF-2026-0007')
    const text = [HEADER, first, seventeen, nineteen].join('\r\n')
    expect(checkFec(text).errors).toEqual(
      expect.arrayContaining(['line 3: 17 fields, 18 expected', 'line 4: 19 fields, 18 expected']),
    )
  })

  it('wants CRLF line ends', () => {
    expect(checkFec(file(saleEntry()).replace(/\r\n/g, '\n')).errors).toContain(
      "line 2: ends with LF alone, the FEC's line end is CRLF",
    )
  })
})

describe('the fields', () => {
  it('refuses a date that is not a real day AAAAMMJJ, naming the line', () => {
    expect(errorsOf(saleEntry({ EcritureDate: '20260230' }))).toContain(
      'line 2: EcritureDate "20260230" is not a date AAAAMMJJ',
    )
    expect(errorsOf(saleEntry({ PieceDate: '2026-03-10' }))).toContain(
      'line 2: PieceDate "2026-03-10" is not a date AAAAMMJJ',
    )
    expect(errorsOf(saleEntry({ ValidDate: '' }))).toContain('line 2: ValidDate "" is not a date AAAAMMJJ')
    expect(errorsOf(saleEntry({ EcritureLet: 'AA', DateLet: '20261301' }))).toContain(
      'line 2: DateLet "20261301" is not a date AAAAMMJJ',
    )
  })

  it('accepts 29 February in a leap year only', () => {
    expect(errorsOf(saleEntry({ EcritureDate: '20280229', PieceDate: '20280229' }))).toEqual([])
    expect(errorsOf(saleEntry({ PieceDate: '20260229' }))).toHaveLength(3)
  })

  it('wants amounts with a decimal comma and two decimals', () => {
    expect(errorsOf([sale({ Debit: '1200.00' }), ...saleEntry().slice(1)])).toContain(
      'line 2: Debit "1200.00" is not an amount like 1200,00 (decimal comma, two decimals)',
    )
    for (const amount of ['1 200,00', '1200,0', '-1200,00', '1200'])
      expect(errorsOf([sale({ Debit: amount }), ...saleEntry().slice(1)]), amount).toContain(
        `line 2: Debit "${amount}" is not an amount like 1200,00 (decimal comma, two decimals)`,
      )
  })

  it('wants exactly one of Debit and Credit non-zero', () => {
    const bothZero = [...saleEntry(), sale({ Debit: '0,00' })]
    expect(errorsOf(bothZero)).toEqual(['line 5: exactly one of Debit (0,00) and Credit (0,00) must be non-zero'])
    expect(errorsOf([sale({ Credit: '1200,00' }), ...saleEntry().slice(1)])).toContain(
      'line 2: exactly one of Debit (1200,00) and Credit (1200,00) must be non-zero',
    )
  })

  it('wants an account number', () => {
    expect(errorsOf([sale({ CompteNum: '' }), ...saleEntry().slice(1)])).toContain('line 2: CompteNum is empty')
  })

  it('wants the lettering code and its date together', () => {
    expect(errorsOf(saleEntry({ EcritureLet: 'AA' }))).toContain(
      'line 2: EcritureLet and DateLet must be both given or both empty',
    )
    expect(errorsOf(saleEntry({ DateLet: '20260315' }))).toContain(
      'line 3: EcritureLet and DateLet must be both given or both empty',
    )
  })
})

describe('the entries', () => {
  it('must each balance', () => {
    const rows = [...saleEntry().slice(0, 2), ...payment()]
    expect(errorsOf(rows)).toEqual([
      'line 2: entry VT 1 does not balance: debit 1200.00, credit 1000.00',
      'the file does not balance: debit 2400.00, credit 2200.00',
    ])
  })

  it('are numbered from 1 in each journal, without a gap', () => {
    expect(errorsOf(saleEntry({ EcritureNum: '2' }))).toEqual([
      'line 2: journal VT: entry number 2, expected 1 (continuous from 1)',
    ])
    expect(errorsOf([...saleEntry(), ...saleEntry({ EcritureNum: '3' })])).toEqual([
      'line 5: journal VT: entry number 3, expected 2 (continuous from 1)',
    ])
    expect(errorsOf(saleEntry({ EcritureNum: 'A1' }))).toContain(
      'line 2: EcritureNum "A1" is not a whole number from 1',
    )
  })

  it('keep their lines together: a number cannot come back after another entry', () => {
    const [first, ...rest] = saleEntry()
    const rows = [first as Row, ...saleEntry({ EcritureNum: '2' }), ...rest]
    expect(errorsOf(rows)).toContain(
      'line 6: entry VT 1 started on line 2 and appears again: its lines must be contiguous',
    )
  })

  it('are numbered in the order they were validated within a journal, whatever their own dates', () => {
    const late = { ValidDate: '20260320' }
    expect(errorsOf([...saleEntry(late), ...saleEntry({ EcritureNum: '2' })])).toEqual([
      'line 5: journal VT: entry 2 validated 20260310 comes after one validated 20260320',
    ])
    expect(errorsOf([...saleEntry(late), ...payment()])).toEqual([])
    // A bank line imported late, or a reversal, is dated before the entry validated just before it.
    const earlier = { EcritureDate: '20260301', PieceDate: '20260301', EcritureNum: '2' }
    expect(errorsOf([...saleEntry(), ...saleEntry(earlier)])).toEqual([])
  })

  it('share one date and one piece across their lines', () => {
    const [first, second, third] = saleEntry()
    expect(errorsOf([first as Row, { ...(second as Row), EcritureDate: '20260311' }, third as Row])).toEqual([
      'line 3: entry VT 1: EcritureDate 20260311 differs from 20260310',
    ])
    expect(errorsOf([first as Row, { ...(second as Row), PieceRef: 'F-2026-0008' }, third as Row])).toEqual([
      'line 3: entry VT 1: PieceRef "F-2026-0008" differs from "F-2026-0007"',
    ])
  })
})
