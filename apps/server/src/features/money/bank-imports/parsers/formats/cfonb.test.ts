import { isValidIBAN } from 'ibantools'
import { describe, expect, it } from 'vitest'
import { parseStatement, StatementError } from '../index'
import { frenchIban, ribKey } from '../rib'
import { sample } from '../testing'

const read = (text: string | Buffer) => parseStatement(Buffer.isBuffer(text) ? text : Buffer.from(text, 'latin1'))

/**
 * Records of account 30003 / 01234 / 01234567890, columns as the CFONB brochure numbers them. A balance record (01
 * opening, 07 closing) carries its date and its amount zone (thirteen digits and the overpunched last one).
 */
const balance = (
  code: '01' | '07',
  { date = '130124', amount = '0000000000000{', account = '01234567890', branch = '01234' } = {},
) => `${code}30003    ${branch}EUR2 ${account}  ${date}${' '.repeat(50)}${amount}${' '.repeat(16)}`
const opening = () => balance('01')
const movement = (
  amount: string,
  { date = '130124', value = '140124', label = 'PRLV SEPA FREE MOBILE', decimals = '2', account = '01234567890' } = {},
) =>
  `0430003000501234EUR${decimals}E${account}18${date}  ${value}${label.padEnd(31)}${'0'.repeat(11)}${amount}${'REF0001'.padEnd(16)}`
const complement = (qualifier: string, text: string) =>
  `0530003000501234EUR2E0123456789018130124     ${qualifier}${text.padEnd(70)}  `
const lines = (...records: string[]) => `${records.join('\r\n')}\r\n`
/** A statement opening at zero and closing at `closing`: the movements' total, as an amount zone. */
const closingAt = (closing: string, ...records: string[]) =>
  lines(opening(), ...records, balance('07', { amount: closing }))
/** For faults found before the closing balance is: it stays at zero. */
const file = (...records: string[]) => closingAt('0000000000000{', ...records)

const failure = (text: string): StatementError => {
  try {
    read(text)
  } catch (error) {
    if (error instanceof StatementError) return error
    throw error
  }
  throw new Error('expected a StatementError')
}

describe('CFONB 120', () => {
  it('joins the 05 label complements to their 04 and takes names and references from the others', () => {
    const statement = read(sample('cfonb120/l10n-france__cfonb_classic.cfo'))
    expect(statement.format).toBe('cfonb120')
    expect(statement.accounts).toHaveLength(1)
    expect(statement.accounts[0]).toMatchObject({
      accountId: '01234567890',
      iban: 'FR7630003012340123456789057',
      currency: 'EUR',
    })
    const [first, second, third] = statement.accounts[0]?.lines ?? []
    expect(first).toEqual({
      datedAt: '2024-01-13',
      valueDate: '2024-01-13',
      amount: '1040.17',
      rawName: 'VIR INST MA JOLIE BOUTIQUE facture F230875',
      bankId: null,
      counterparty: 'MA JOLIE BOUTIQUE',
      reference: null,
    })
    // LIB and LCC repeat each other: the label holds the text once.
    expect(second).toMatchObject({
      amount: '1321.00',
      rawName: 'VIR DURANCIA MONTGENEVRE F230866 F230765 F238765',
      reference: '0018937',
    })
    expect(third).toMatchObject({ amount: '4772.91', rawName: 'VIR DITRI CAMPING NORD ACOMPTE PROJET CIMENT LOT2' })
  })

  it('reads the same records without any separator, cut every 120 characters', () => {
    expect(read(sample('cfonb120/l10n-france__cfonb_no_carriage_return.cfo'))).toEqual(
      read(sample('cfonb120/l10n-france__cfonb_classic.cfo')),
    )
  })

  it('reads two accounts with blank lines between records, a debit naming its payee', () => {
    const statement = read(sample('cfonb120/cfonb__example.txt'))
    expect(statement.accounts.map((account) => [account.accountId, account.lines.length])).toEqual([
      ['98765432100', 3],
      ['00123456789', 3],
    ])
    expect(statement.accounts[0]?.lines[0]).toEqual({
      datedAt: '2019-05-16',
      valueDate: '2019-05-16',
      amount: '-32.21',
      rawName: 'PRLV SEPA TEST CABINET MENSUEAUHTR13133 MENSUEAUHTR13DUP',
      bankId: null,
      counterparty: 'INTERNET SFR',
      reference: 'OTHER REFERENCE PURPOSE',
    })
    // The reference zone of the 04 record (columns 105–120) when no complement gives one.
    expect(statement.accounts[0]?.lines[1]).toMatchObject({ amount: '-10.70', reference: 'REFERENCE' })
  })

  it('is lenient on blank zones that should hold zeros, and reads one 01/07 pair per day as one account', () => {
    const strict = read(sample('cfonb120/cfonb-parser__complex-test.txt'))
    expect(read(sample('cfonb120/cfonb-parser__non-strict-test.txt'))).toEqual(strict)
    expect(strict.accounts.map((account) => account.lines.length)).toEqual([1, 4])
    expect(strict.accounts[1]?.lines[1]).toMatchObject({
      datedAt: '2020-04-08',
      amount: '-5000.00',
      rawName: 'VIR JOHNDOE / FOOBAR',
    })
  })

  it('reads value dates after the booking date and opening records without currency', () => {
    // The sample's closing balance (11 871,14 €) is not its opening balance plus its movements, so the file is refused
    // (samples.test.ts); with the closing balance that adds up (0,08 − 2 000 − 1 000 + 4 000 − 3 000 = −1 999,92 €),
    // the same records are read.
    const text = sample('cfonb120/python-cfonb__bank_statement.cfo').toString('latin1')
    const statement = read(text.replace('0000000118711D', '0000000019999K'))
    expect(statement.accounts[0]).toMatchObject({ accountId: '0000888899H', currency: 'EUR' })
    expect(statement.accounts[0]?.lines.map((line) => [line.datedAt, line.valueDate, line.amount])).toEqual([
      ['2011-08-21', '2011-09-23', '-2000.00'],
      ['2011-08-21', '2011-09-21', '-1000.00'],
      ['2011-08-21', '2011-10-02', '4000.00'],
      ['2011-08-21', '2011-10-01', '-3000.00'],
    ])
  })

  it.each([
    ['0000000001234{', '123.40'],
    ['0000000001234A', '123.41'],
    ['0000000001234I', '123.49'],
    ['0000000001234}', '-123.40'],
    ['0000000001234J', '-123.41'],
    ['0000000001234R', '-123.49'],
    ['00000000000000', '0.00'],
    ['0000000000000}', '0.00'],
    ['9999999999999I', '999999999999.99'],
  ])('reads the overpunched amount %s as %s', (zone, amount) => {
    expect(read(closingAt(zone, movement(zone))).accounts[0]?.lines[0]?.amount).toBe(amount)
  })

  it('reads the decimal count of column 20', () => {
    const noDecimals = closingAt('0000000123400{', movement('0000000001234{', { decimals: '0' }))
    expect(read(noDecimals).accounts[0]?.lines[0]?.amount).toBe('12340.00')
    const threeDecimals = closingAt('0000000000123{', movement('0000000001230{', { decimals: '3' }))
    expect(read(threeDecimals).accounts[0]?.lines[0]?.amount).toBe('12.30')
    expect(failure(file(movement('0000000001234A', { decimals: '3' }))).message).toBe(
      'Ligne 2 : le montant «\u00a00000000001234A\u00a0» a plus de deux décimales.',
    )
  })

  it('puts back the trailing spaces a mail client trimmed', () => {
    const trimmed = closingAt('0000000001234{', movement('0000000001234{'), complement('LIB', 'FACTURE 12')).replace(
      / +\r\n/g,
      '\r\n',
    )
    expect(read(trimmed).accounts[0]?.lines[0]).toMatchObject({
      amount: '123.40',
      rawName: 'PRLV SEPA FREE MOBILE FACTURE 12',
      reference: 'REF0001',
    })
  })

  it.each([
    [
      file(movement('0000000001234{', { date: '310224' })),
      "Ligne 2 : la date de comptabilisation «\u00a0310224\u00a0» n'existe pas.",
    ],
    [
      file(movement('0000000001234{', { value: '1301XX' })),
      "Ligne 2 : la date de valeur «\u00a01301XX\u00a0» n'est pas au format JJMMAA.",
    ],
    [
      file(movement('0000000001234{', { date: '000000' })),
      'Ligne 2 : date de comptabilisation absente (colonnes 35 à 40).',
    ],
    [
      file(movement('0000000001234Z')),
      "Ligne 2 : le montant «\u00a00000000001234Z\u00a0» se termine par «\u00a0Z\u00a0», qui n'est pas un signe CFONB.",
    ],
    [file(movement('00000000012.4{')), "Ligne 2 : le montant «\u00a000000000012.4{\u00a0» n'est pas un nombre."],
    [file(movement('              ')), 'Ligne 2 : montant absent (colonnes 91 à 104).'],
    [file(complement('LIB', 'ORPHELIN')), 'Ligne 2 : complément 05 sans mouvement 04 avant lui.'],
    [file(`03${movement('0000000001234{').slice(2)}`), "Ligne 2 : type d'enregistrement «\u00a003\u00a0» inconnu"],
    [
      `${opening()}\n${movement('0000000001234{')}\n`,
      "Le relevé CFONB s'arrête sans solde final (enregistrement 07) : le fichier semble tronqué.",
    ],
  ])('refuses a faulty record with its line (%#)', (text, message) => {
    expect(failure(text).message).toContain(message)
  })

  it('names the record inside a line without separators', () => {
    const oneLine = file(movement('0000000001234{'), movement('0000000001234Z')).replace(/\r\n/g, '')
    expect(failure(oneLine).message).toMatch(/^Ligne 1, enregistrement n° 3 : le montant/)
  })

  it('checks every account section: its opening balance plus its movements is its closing balance', () => {
    // Two accounts, the first over two days (one 01…07 pair per day), negative balances included: 1 000,00 € + 250,00 €
    // − 50,00 € = 1 200,00 €, then 1 200,00 € − 1 300,01 € = −100,01 €; the second account from −10,00 € to −10,00 €.
    const text = lines(
      balance('01', { date: '120124', amount: '0000000010000{' }),
      movement('0000000002500{'),
      movement('0000000000500}'),
      balance('07', { date: '130124', amount: '0000000012000{' }),
      balance('01', { date: '130124', amount: '0000000012000{' }),
      movement('0000000013000J', { date: '140124' }),
      balance('07', { date: '140124', amount: '0000000001000J' }),
      balance('01', { account: '09999999999', amount: '0000000000100}' }),
      balance('07', { account: '09999999999', amount: '0000000000100}' }),
    )
    const statement = read(text)
    expect(statement.accounts.map((account) => [account.accountId, account.lines.map((line) => line.amount)])).toEqual([
      ['01234567890', ['250.00', '-50.00', '-1300.01']],
      ['09999999999', []],
    ])
  })

  it('refuses the whole file when a balance does not add up, naming the closing record and both amounts', () => {
    const text = lines(
      balance('01', { amount: '0000000010000{' }),
      movement('0000000002500{'),
      movement('0000000000500}'),
      balance('07', { amount: '0000000012345F' }),
    )
    expect(failure(text).message).toBe(
      "Ligne 4 : le solde de clôture (1\u202f234,56\u00a0€) ne correspond pas au solde d'ouverture plus les mouvements (1\u202f200,00\u00a0€).",
    )
    // In the second section of the file, after a first one that adds up.
    const second = lines(
      balance('01'),
      balance('07'),
      balance('01'),
      movement('0000000001234{'),
      balance('07', { amount: '0000000001243{' }),
    )
    expect(failure(second).message).toMatch(/^Ligne 5 : le solde de clôture \(124,30\u00a0€\) ne correspond pas/)
  })

  it.each([
    // The file: letters in the opening date, which imported its one movement.
    [
      lines(balance('01', { date: 'CART12' }), movement('0000000001234{'), balance('07', { amount: '0000000001234{' })),
      "Ligne 1 : la date du solde d'ouverture «\u00a0CART12\u00a0» n'est pas au format JJMMAA.",
    ],
    [
      lines(balance('01', { date: '      ' }), balance('07')),
      "Ligne 1 : date du solde d'ouverture absente (colonnes 35 à 40).",
    ],
    [
      lines(balance('01'), balance('07', { date: '300224' })),
      "Ligne 2 : la date du solde de clôture «\u00a0300224\u00a0» n'existe pas.",
    ],
    [
      lines(balance('01', { amount: '0000000001234Z' }), balance('07')),
      "Ligne 1 : le solde d'ouverture «\u00a00000000001234Z\u00a0» se termine par «\u00a0Z\u00a0», qui n'est pas un signe CFONB.",
    ],
    [
      lines(balance('01'), balance('07', { amount: ' '.repeat(14) })),
      'Ligne 2 : solde de clôture absent (colonnes 91 à 104).',
    ],
    [
      lines(balance('01'), balance('07', { amount: '00000000O1234{' })),
      "Ligne 2 : le solde de clôture «\u00a000000000O1234{\u00a0» n'est pas un nombre.",
    ],
    [
      file(movement('0000000001234{', { account: '01234567899' })),
      "Ligne 2 : ce mouvement est sur le compte «\u00a001234567899\u00a0» du guichet «\u00a001234\u00a0», alors que le solde d'ouverture de la ligne 1 est celui du compte «\u00a001234567890\u00a0» du guichet «\u00a001234\u00a0».",
    ],
    [
      lines(balance('01'), balance('07', { branch: '09999' })),
      "Ligne 2 : le solde de clôture est celui du compte «\u00a001234567890\u00a0» du guichet «\u00a009999\u00a0», alors que le solde d'ouverture de la ligne 1 est celui du compte «\u00a001234567890\u00a0» du guichet «\u00a001234\u00a0».",
    ],
    [
      lines(balance('01'), balance('07'), movement('0000000001234{')),
      "Ligne 3 : mouvement 04 hors de tout relevé : il suit le solde de clôture de la ligne 2 sans nouveau solde d'ouverture (enregistrement 01).",
    ],
    [
      lines(movement('0000000001234{'), balance('07', { amount: '0000000001234{' })),
      "Ligne 1 : mouvement 04 avant le solde d'ouverture (enregistrement 01) de son compte.",
    ],
    [
      lines(balance('01'), balance('07'), balance('07')),
      "Ligne 3 : solde de clôture sans solde d'ouverture (enregistrement 01) avant lui.",
    ],
    [
      lines(balance('01'), balance('01'), balance('07')),
      "Ligne 2 : nouveau solde d'ouverture alors que le relevé ouvert ligne 1 n'a pas de solde de clôture (enregistrement 07).",
    ],
  ])('refuses the whole file for a corrupt opening or closing record (%#)', (text, message) => {
    expect(failure(text).message).toBe(message)
  })

  it('still reads a file of bare movements, with no balance records to check them against', () => {
    expect(read(lines(movement('0000000001234{'), movement('0000000000100}'))).accounts[0]?.lines).toHaveLength(2)
  })

  it('computes the IBAN of a RIB, key included', () => {
    expect(ribKey('30006', '00001', '12345678901')).toBe('89')
    expect(frenchIban('30006', '00001', '12345678901')).toBe('FR7630006000011234567890189')
    expect(frenchIban('30006', '00001', '12345678901', '88')).toBeNull()
    expect(frenchIban('30002', '00447', '0000888899H')).toBe('FR7730002004470000888899H78')
    expect(isValidIBAN('FR7730002004470000888899H78')).toBe(true)
    expect(frenchIban('3000', '00447', '0000888899H')).toBeNull()
  })
})
