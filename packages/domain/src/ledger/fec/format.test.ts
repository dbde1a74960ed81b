import { describe, expect, it } from 'vitest'
import { checkFec } from './check'
import { FEC_COLUMNS, FEC_LINE_END, type FecLine, fecFileName, fecHeader, fecRow, fecText } from './format'

const customer: FecLine = {
  journalCode: 'VT',
  journalLabel: 'Ventes',
  entryNumber: 1,
  entryDate: '2026-03-10',
  accountCode: '411',
  accountLabel: 'Clients',
  auxiliaryCode: 'C42',
  auxiliaryLabel: 'Atelier Dupont',
  pieceRef: 'F-2026-0007',
  pieceDate: '2026-03-10',
  label: 'Facture F-2026-0007',
  debit: '1200.00',
  credit: '0.00',
  letteringCode: null,
  letteringDate: null,
  validDate: '2026-03-10',
}
const saleLine = (accountCode: string, accountLabel: string, credit: string): FecLine => ({
  ...customer,
  accountCode,
  accountLabel,
  auxiliaryCode: null,
  auxiliaryLabel: null,
  debit: '0.00',
  credit,
})
const sale = (entryNumber: number): FecLine[] =>
  [customer, saleLine('706', 'Prestations de services', '1000.00'), saleLine('44571', 'TVA collectée', '200.00')].map(
    (line) => ({ ...line, entryNumber }),
  )
const bank = { journalCode: 'BQ1', journalLabel: 'Banque', entryDate: '2026-03-15', label: 'Virement Atelier Dupont' }
const payment: FecLine[] = [
  { ...customer, ...bank, accountCode: '5121', accountLabel: 'Banque', auxiliaryCode: null, auxiliaryLabel: null },
  {
    ...customer,
    ...bank,
    debit: '0.00',
    credit: '1200.00',
    letteringCode: 'AA',
    letteringDate: '2026-03-15',
  },
]

describe('fecHeader', () => {
  it('is the 18 FEC columns, tab-separated, in the official order', () => {
    expect(FEC_COLUMNS).toHaveLength(18)
    expect(fecHeader()).toBe(
      'JournalCode\tJournalLib\tEcritureNum\tEcritureDate\tCompteNum\tCompteLib\tCompAuxNum\tCompAuxLib\tPieceRef\t' +
        'PieceDate\tEcritureLib\tDebit\tCredit\tEcritureLet\tDateLet\tValidDate\tMontantdevise\tIdevise',
    )
  })
})

describe('fecRow', () => {
  it('writes dates AAAAMMJJ, amounts with a decimal comma, the entry number, and leaves the currency columns empty', () => {
    expect(fecRow(customer)).toBe(
      'VT\tVentes\t1\t20260310\t411\tClients\tC42\tAtelier Dupont\tF-2026-0007\t20260310\tFacture F-2026-0007\t' +
        '1200,00\t0,00\t\t\t20260310\t\t',
    )
  })

  it('writes nulls as empty fields and a lettering date when there is one', () => {
    const fields = fecRow(payment[1] as FecLine).split('\t')
    expect(fields).toHaveLength(18)
    expect(fields.slice(11, 15)).toEqual(['0,00', '1200,00', 'AA', '20260315'])
    expect(
      fecRow(payment[0] as FecLine)
        .split('\t')
        .slice(6, 8),
    ).toEqual(['', ''])
  })

  it('writes two decimals and no thousands separator, whatever the amount', () => {
    const amounts = (debit: string) => fecRow({ ...customer, debit }).split('\t')[11]
    expect(amounts('1234567.5')).toBe('1234567,50')
    expect(amounts('12')).toBe('12,00')
    expect(amounts('0.05')).toBe('0,05')
  })

  it('refuses an amount it would have to round, a negative one or one with a comma', () => {
    for (const debit of ['12.345', '-1200.00', '1,200.00', '1200,00', ''])
      expect(() => fecRow({ ...customer, debit }), debit).toThrow(RangeError)
  })

  it('refuses a date that is not a real day, and an entry number that is not a whole number from 1', () => {
    expect(() => fecRow({ ...customer, entryDate: '2026-02-30' })).toThrow(RangeError)
    expect(() => fecRow({ ...customer, validDate: '20260310' })).toThrow(RangeError)
    expect(() => fecRow({ ...customer, letteringDate: '2026-13-01' })).toThrow(RangeError)
    for (const entryNumber of [0, -1, 1.5]) expect(() => fecRow({ ...customer, entryNumber })).toThrow(RangeError)
  })

  it('turns a tab, CR or LF inside a text into a space and trims, so the row keeps its 18 fields', () => {
    const messy = {
      ...customer,
      label: ' Facture\tF-2026-0007\r\nacompte ',
      accountLabel: 'Clients\n',
      pieceRef: '\tF-7',
    }
    const fields = fecRow(messy).split('\t')
    expect(fields).toHaveLength(18)
    expect(fields[10]).toBe('Facture F-2026-0007  acompte')
    expect(fields[5]).toBe('Clients')
    expect(fields[8]).toBe('F-7')
    const text = fecText([...sale(1)].map((line) => ({ ...line, label: 'deux\tmots' })))
    expect(checkFec(text).errors).toEqual([])
  })

  it('trims a text with only spaces at its ends, and spaces the separators of the embedded engine’s pages', () => {
    const fields = fecRow({ ...customer, accountLabel: '  Clients ', label: 'Frais\u001fde\u001ecompte' }).split('\t')
    expect(fields[5]).toBe('Clients')
    expect(fields[10]).toBe('Frais de compte')
  })
})

describe('fecText', () => {
  it('ends every line, the header included, with CRLF', () => {
    const text = fecText(sale(1))
    expect(text.endsWith(FEC_LINE_END)).toBe(true)
    expect(text.split(FEC_LINE_END)).toHaveLength(5)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })

  it('round trip: what it writes passes the independent checker and gives back the balance of each account', () => {
    const result = checkFec(fecText([...sale(1), ...payment, ...sale(2)]))
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

  it('round trip: the checker sees what the lines got wrong (one number given to two sales)', () => {
    expect(checkFec(fecText([...sale(1), ...payment, ...sale(1)])).errors).toEqual([
      'line 7: entry VT 1 started on line 2 and appears again: its lines must be contiguous',
    ])
  })
})

describe('fecFileName', () => {
  it('is <SIREN>FEC<closing date AAAAMMJJ>.txt', () => {
    expect(fecFileName('732829320', '2026-12-31')).toBe('732829320FEC20261231.txt')
    expect(fecFileName(' 732 829 320 ', '2027-06-30')).toBe('732829320FEC20270630.txt')
  })

  it('refuses a SIREN that is not 9 digits and a closing date that is not a day', () => {
    for (const siren of ['73282932', '7328293201', '73282932A', '', '73282932011234'])
      expect(() => fecFileName(siren, '2026-12-31'), siren).toThrow(RangeError)
    expect(() => fecFileName('732829320', '2026-12-32')).toThrow(RangeError)
  })
})
