import { describe, expect, it } from 'vitest'
import { parseStatement, StatementError } from '../index'
import { sample } from '../testing'

const read = (text: string | Buffer) => parseStatement(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'))
const lines = (text: string) => read(text).accounts.flatMap((account) => account.lines)
const messageOf = (text: string) => {
  try {
    read(text)
  } catch (error) {
    if (error instanceof StatementError) return error.message
    throw error
  }
  return 'no error'
}

describe('QIF', () => {
  it('reads the French Money 95 export: US dates, thousands separators, splits kept as one line', () => {
    const [opening, canal, cash, macif] =
      read(sample('qif/gnucash__Money95bank_fr.qif').toString()).accounts[0]?.lines ?? []
    expect(opening).toEqual({
      datedAt: '1995-01-01',
      valueDate: null,
      amount: '5762.36',
      rawName: 'Opening Balance',
      bankId: null,
      counterparty: 'Opening Balance',
      reference: null,
    })
    expect(canal).toMatchObject({ datedAt: '1995-01-01', amount: '-405.00', rawName: 'Canal Satellite' })
    // Three split lines (-68, -75, -357) under one total.
    expect(cash).toMatchObject({ datedAt: '1995-01-03', amount: '-500.00', rawName: 'Cash Retrait distributeur' })
    expect(macif).toMatchObject({ datedAt: '1995-01-05', amount: '-837.61', reference: '6351' })
    const all = read(sample('qif/gnucash__Money95bank_fr.qif').toString()).accounts[0]?.lines ?? []
    expect(all.find((line) => line.amount === '-3700.00')?.rawName).toBe('Propriétaire')
  })

  it('reads unpadded M/D/YY dates, out of order', () => {
    expect(
      lines(sample('qif/bank-statement-import__test_qif.qif').toString()).map((line) => [line.datedAt, line.amount]),
    ).toEqual([
      ['2013-08-12', '-1000.00'],
      ['2013-08-15', '-75.46'],
      ['2013-03-03', '-379.00'],
      ['2013-03-04', '-20.28'],
      ['2013-03-03', '-421.35'],
    ])
  })

  it('takes the date order from the values: day first, as French banks write, when a day is above 12', () => {
    const text = '!Type:Bank\nD03/01/2025\nT-1 234,56\nPCB CARREFOUR\n^\nD25/12/2024\nT1.234,56\nPVIR\n^\n'
    expect(lines(text).map((line) => [line.datedAt, line.amount])).toEqual([
      ['2025-01-03', '-1234.56'],
      ['2024-12-25', '1234.56'],
    ])
  })

  it('takes day first when no value decides, and reads Quicken apostrophe years and padded days', () => {
    expect(lines("!Type:CCard\nD 3/ 1'25\nT-5\nPCAFE\n^\n")[0]?.datedAt).toBe('2025-01-03')
    expect(lines('!Type:Bank\nD2025-01-03\nT-5\n^\n')[0]?.datedAt).toBe('2025-01-03')
  })

  it('sums the splits of a record without total, and names accounts from !Account', () => {
    const text =
      '!Account\nNCompte courant\nTBank\n^\n!Type:Bank\nD01/02/2025\nPEDF\nSMaison\n$-10.50\nSDivers\n$-0.25\n^\n'
    expect(read(text).accounts).toEqual([
      {
        accountId: 'Compte courant',
        iban: null,
        currency: null,
        lines: [expect.objectContaining({ amount: '-10.75', rawName: 'EDF' })],
      },
    ])
  })

  it('reads CRLF and old Mac CR line ends', () => {
    expect(lines('!Type:Bank\r\nD01/02/2025\r\nT-1\r\n^\r\n')).toHaveLength(1)
    expect(lines('!Type:Bank\rD01/02/2025\rT-1\r^\r')[0]?.amount).toBe('-1.00')
  })

  it('skips the lists that are not bank records', () => {
    expect(lines('!Type:Cat\nNAlimentation\nE\n^\n!Type:Bank\nD01/02/2025\nT-1\n^\n')).toHaveLength(1)
  })

  it.each([
    [
      '!Type:Bank\nD02/03/2025\nT-1\n^\nD13/01/2025\nT-1\n^\nD01/13/2025\nT-1\n^\n',
      /^Ligne 8 : les dates mêlent l'ordre jour\/mois \(ligne 5\) et l'ordre mois\/jour \(ligne 8\)\.$/,
    ],
    ['!Type:Bank\nD30/02/2025\nT-1\n^\n', /^Ligne 2 : la date «\u00a030\/02\/2025\u00a0» n'existe pas\.$/],
    ['!Type:Bank\nT-1\nPX\n^\n', /^Ligne 2 : opération sans date \(champ D\)\.$/],
    ['!Type:Bank\nD01/02/2025\nPX\n^\n', /^Ligne 2 : opération sans montant \(champ T\)\.$/],
    ['!Type:Bank\nD01/02/2025\nT12..5\n^\n', /^Ligne 2 : le montant «\u00a012\.\.5\u00a0» n'est pas un nombre\.$/],
    [
      '!Type:Bank\nD01/02/2025\nT-1\n',
      /^Ligne 2 : le dernier enregistrement n'est pas terminé par «\u00a0\^\u00a0» \(fichier tronqué \?\)\.$/,
    ],
    ['!Type:Invst\nD01/02/2025\n^\n', /^Ligne 1 : les comptes-titres/],
  ])('refuses %j with a message naming the line', (text, message) => {
    expect(messageOf(text)).toMatch(message)
  })

  it('reads a file with no record as an empty statement', () => {
    expect(read('!Type:Bank\n').accounts).toEqual([{ accountId: null, iban: null, currency: null, lines: [] }])
  })
})
