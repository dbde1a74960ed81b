import { describe, expect, it } from 'vitest'
import { type CsvMapping, parseStatement, previewCsv, StatementError } from '../index'
import { sample } from '../testing'

const FRENCH: CsvMapping = {
  encoding: 'windows-1252',
  delimiter: ';',
  skipRows: 0,
  hasHeader: true,
  dateColumn: 0,
  dateFormat: 'DD/MM/YYYY',
  labelColumns: [1],
  amount: { debitColumn: 2, creditColumn: 3 },
  decimalSeparator: ',',
}

const latin1 = (text: string) => Buffer.from(text, 'latin1')
const linesOf = (bytes: Buffer, csv?: CsvMapping) => parseStatement(bytes, { csv }).accounts[0]?.lines ?? []
const failure = (bytes: Buffer, csv: CsvMapping): StatementError => {
  try {
    parseStatement(bytes, { csv })
  } catch (error) {
    if (error instanceof StatementError) return error
    throw error
  }
  throw new Error('expected a StatementError')
}

describe('CSV', () => {
  it('reads a French export: Latin-1, debit and credit columns, quotes, thousands, trailing delimiters', () => {
    const text = [
      'Date;Libellé;Débit;Crédit;',
      '05/01/2024;"CARTE X1234 04/01 BOULANGERIE ""AU BON PAIN""";3,80;;',
      '06/01/2024;"VIR SEPA RECU /DE M DUPONT; JEAN\r\n/MOTIF FACTURE F-2026-0012";;1\u00a0234,56;',
      '07/01/2024;PRLV SEPA ÉNERGIE;-12,30;;',
      '08/01/2024;AVOIR;(5,00);;',
      '09/01/2024;FRAIS;;1 000;',
      ';;;;',
    ].join('\r\n')
    expect(linesOf(latin1(text), FRENCH)).toEqual([
      expect.objectContaining({
        datedAt: '2024-01-05',
        amount: '-3.80',
        rawName: 'CARTE X1234 04/01 BOULANGERIE "AU BON PAIN"',
      }),
      expect.objectContaining({
        datedAt: '2024-01-06',
        amount: '1234.56',
        rawName: 'VIR SEPA RECU /DE M DUPONT; JEAN /MOTIF FACTURE F-2026-0012',
      }),
      expect.objectContaining({ amount: '-12.30', rawName: 'PRLV SEPA ÉNERGIE' }),
      expect.objectContaining({ amount: '-5.00' }),
      expect.objectContaining({ amount: '1000.00', valueDate: null, bankId: null }),
    ])
  })

  it('reads the Société Générale layout after its preamble, labels joined without repeats', () => {
    const bytes = sample('csv/reckon__invalid_header_example.csv')
    expect(linesOf(bytes)).toEqual([
      {
        datedAt: '2016-02-19',
        valueDate: null,
        amount: '50.00',
        rawName:
          'VIR RECU 508160 VIR RECU 1234567834S DE: Francois REF: 123457891234567894561231 PROVENANCE: DE Allemagne',
        bankId: null,
        counterparty: null,
        reference: null,
      },
      expect.objectContaining({ datedAt: '2016-02-18', amount: '-8.10', rawName: 'COTISATION JAZZ' }),
    ])
  })

  it('reads Latin-1 text, dot decimals and month-first dates of a Brazilian export', () => {
    const lines = linesOf(sample('csv/reckon__extratofake.csv'))
    expect(lines[1]).toMatchObject({ datedAt: '2012-11-01', amount: '100.00' })
    expect(lines[1]?.rawName).toMatch(/^Transferência on line/)
  })

  it('reads a Swiss export: dd.mm.yyyy, debit and credit columns, apostrophe thousands', () => {
    const lines = linesOf(sample('csv/csv2ofx__ubs-ch-fr_trimmed.csv'))
    expect(lines.map((line) => [line.datedAt, line.amount])).toEqual([
      ['2019-03-31', '-10.00'],
      ['2019-02-28', '240.00'],
      ['2019-04-27', '-200.00'],
    ])
    const withThousands = linesOf(latin1("Date;Libellé;Montant\n01.02.2024;X;-11'373.94\n"), {
      ...FRENCH,
      dateFormat: 'DD.MM.YYYY',
      amount: { column: 2 },
      decimalSeparator: '.',
    })
    expect(withThousands[0]?.amount).toBe('-11373.94')
  })

  it('reads a UTF-8 file with BOM', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('Date;Libellé;Montant\n2024-03-01;Café;-2,50\n'),
    ])
    const preview = previewCsv(bytes)
    expect(preview.mapping).toMatchObject({ encoding: 'utf-8', dateFormat: 'YYYY-MM-DD', amount: { column: 2 } })
    expect(preview.header).toEqual(['Date', 'Libellé', 'Montant'])
    expect(linesOf(bytes)).toEqual([
      expect.objectContaining({ datedAt: '2024-03-01', amount: '-2.50', rawName: 'Café' }),
    ])
  })

  it.each([
    ['31/02/2024;X;1,00;', "Ligne 2 : la date «\u00a031/02/2024\u00a0» n'existe pas."],
    ['2024-02-01;X;1,00;', "Ligne 2 : la date «\u00a02024-02-01\u00a0» n'est pas au format JJ/MM/AAAA."],
    ['01/02/2024;X;12..34;', "Ligne 2 : le montant «\u00a012..34\u00a0» n'est pas un nombre."],
    ['01/02/2024;X;;', 'Ligne 2 : montant absent.'],
    [';X;1,00;', 'Ligne 2 : date absente.'],
    ['01/02/2024;"X;1,00;', "Ligne 2 : un guillemet ouvert n'est jamais fermé."],
  ])('refuses %j, naming its line', (row, message) => {
    expect(failure(latin1(`Date;Libellé;Débit;Crédit\n${row}\n`), FRENCH).message).toBe(message)
  })

  it('counts lines in the file, blank lines and quoted line breaks included', () => {
    const text = 'Date;Libellé;Débit;Crédit\n\n01/02/2024;"A\nB";1,00;\n\n01/02/2024;X;bad;\n'
    expect(failure(latin1(text), FRENCH).message).toBe("Ligne 6 : le montant «\u00a0bad\u00a0» n'est pas un nombre.")
  })

  it('asks for a mapping when the header is unclear, and refuses an invalid one', () => {
    const headerless = latin1('01/02/2024;ACHAT;-1,00\n02/02/2024;VENTE;2,00\n')
    expect(() => parseStatement(headerless)).toThrow(StatementError)
    expect(linesOf(headerless, { ...FRENCH, hasHeader: false, amount: { column: 2 } })).toHaveLength(2)
    for (const wrong of [
      { dateColumn: -1 },
      { delimiter: ':' },
      { dateFormat: 'JJ/MM' },
      { labelColumns: [1.5] },
      { amount: {} },
    ]) {
      expect(() => parseStatement(headerless, { csv: { ...FRENCH, ...wrong } as CsvMapping })).toThrow(
        'La correspondance des colonnes du CSV est incomplète ou invalide.',
      )
    }
    expect(previewCsv(headerless, { dateFormat: undefined, decimalSeparator: ',' }).mapping.dateFormat).toBe(
      'DD/MM/YYYY',
    )
  })

  it('previews the first 20 rows with the suggested mapping, or with the one the person changes', () => {
    const rows = Array.from(
      { length: 30 },
      (_, i) => `${String((i % 28) + 1).padStart(2, '0')}/02/2024;Ligne ${i};-${i},00`,
    )
    const bytes = latin1(`Date opération;Libellé;Montant\n${rows.join('\n')}\n`)
    const preview = previewCsv(bytes)
    expect(preview.rows).toHaveLength(20)
    expect(preview.rows[0]).toEqual(['01/02/2024', 'Ligne 0', '-0,00'])
    expect(preview.lines).toHaveLength(20)
    expect(preview.lines[2]).toMatchObject({ datedAt: '2024-02-03', amount: '-2.00', rawName: 'Ligne 2' })
    expect(preview.error).toBeNull()
    // A wrong choice shows the rows all the same, with the first row it cannot read.
    const wrong = previewCsv(bytes, { dateFormat: 'YYYY-MM-DD' })
    expect(wrong.mapping.dateFormat).toBe('YYYY-MM-DD')
    expect(wrong.rows).toHaveLength(20)
    expect(wrong.lines).toHaveLength(0)
    expect(wrong.error).toBe("Ligne 2 : la date «\u00a001/02/2024\u00a0» n'est pas au format AAAA-MM-JJ.")
  })

  it('suggests month first only when a value proves it, and asks when an American-looking file is ambiguous', () => {
    const american = Buffer.from('Date,Description,Amount\n01/02/2024,Coffee,-3.50\n03/04/2024,Refund,3.50\n')
    expect(previewCsv(american).mapping.dateFormat).toBe('DD/MM/YYYY')
    expect(() => parseStatement(american)).toThrow(/indique quelles colonnes/)
    const proven = Buffer.from('Date,Description,Amount\n01/02/2024,Coffee,-3.50\n03/14/2024,Refund,3.50\n')
    expect(previewCsv(proven).mapping.dateFormat).toBe('MM/DD/YYYY')
    expect(parseStatement(proven).accounts[0]?.lines[1]?.datedAt).toBe('2024-03-14')
  })
})
