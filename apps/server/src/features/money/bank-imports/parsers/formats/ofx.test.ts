import { describe, expect, it } from 'vitest'
import { parseStatement, StatementError } from '../index'
import { sample } from '../testing'

const HEADER = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\n\n'

/** A one-account OFX 1.x statement around the given STMTTRN bodies. */
const ofx = (...transactions: string[]) =>
  `${HEADER}<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>30003<BRANCHID>01234<ACCTID>01234567890</BANKACCTFROM><BANKTRANLIST>${transactions
    .map((body) => `<STMTTRN>${body}</STMTTRN>`)
    .join('\n')}</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`

const read = (text: string | Buffer) => parseStatement(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'))
const firstLine = (text: string | Buffer) => read(text).accounts[0]?.lines[0]

const failure = (text: string): StatementError => {
  try {
    read(text)
  } catch (error) {
    if (error instanceof StatementError) return error
    throw error
  }
  throw new Error('expected a StatementError')
}

describe('OFX', () => {
  it('reads a Banque Populaire SGML export: FITID, NAME + MEMO, cheque number, two accounts', () => {
    const statement = read(sample('ofx/ofxstatement-french__BPACA_OP_20220828.ofx'))
    expect(statement.format).toBe('ofx')
    expect(
      statement.accounts.map(({ accountId, iban, currency, lines }) => [accountId, iban, currency, lines.length]),
    ).toEqual([
      ['99999999999', 'FR7610907000019999999999926', 'EUR', 69],
      ['99999999999', 'FR7600000000009999999999985', 'EUR', 0],
    ])
    expect(statement.accounts[0]?.lines[0]).toEqual({
      datedAt: '2022-08-26',
      valueDate: null,
      amount: '-389.91',
      rawName: '250822 CB****3419 LABREDE OPTIQUE30BORDEAUX',
      bankId: '202200800064BD27',
      counterparty: null,
      reference: 'AY9Q6CR',
    })
    // MEMO's padding spaces collapse; the FX text stays, as the bank wrote it.
    expect(statement.accounts[0]?.lines[3]?.rawName).toBe(
      '260822 CB****6516 HelloFresh FranNL Amsterdam 47,95EUR 1 EURO = 1,000000',
    )
  })

  it('reads a body on one line, unclosed tags everywhere', () => {
    const lines = read(sample('ofx/ofxparser__ofxdata-oneline.ofx')).accounts[0]?.lines
    expect(lines?.[0]).toMatchObject({
      datedAt: '2016-07-19',
      amount: '-1.55',
      rawName: 'FRAIS TRIMESTRIELS',
      bankId: 'PU3YMMLLQ9',
    })
    expect(lines?.[3]).toMatchObject({ amount: '200.00', rawName: 'VIREMENT DE MR XXXX' })
  })

  it('reads a credit card statement with a raw & in MEMO, blank lines and time-zoned dates', () => {
    const statement = read(sample('ofx/ofxparser__ofxdata-memoWithAmpersand.ofx'))
    expect(statement.accounts[0]?.accountId).toBe('99999999-9999-9999-9999-999999999999')
    expect(statement.accounts[0]?.currency).toBe('BRL')
    expect(statement.accounts[0]?.lines[0]).toMatchObject({
      datedAt: '2018-09-13',
      amount: '-33.30',
      rawName: 'Amazon.Com.Br Amazon & Cloud 3/3',
      bankId: '5b4f6eea-9999-9999-9999-794a31c8f61b',
    })
    expect(statement.accounts[0]?.lines[4]?.rawName).toBe('IOF de "Leupay.Eu" & Whoelse')
  })

  it('reads decimal commas, and falls back to the type and cheque number when there is no label', () => {
    const lines = read(sample('ofx/ofxtools__stmtrs_euro.ofx')).accounts[0]?.lines
    expect(lines).toEqual([
      expect.objectContaining({ amount: '-200.00', rawName: 'CHECK 1000', reference: '1000', bankId: '00002' }),
      expect.objectContaining({ amount: '-300.00', rawName: 'ATM', reference: null, bankId: '00003' }),
    ])
  })

  it('treats empty tags as absent, and reads blank lines before the header', () => {
    const statement = read(sample('ofx/ofxparse__ofx-v102-empty-tags.ofx'))
    expect(statement.accounts[0]).toMatchObject({ accountId: '12345678', currency: null })
    expect(statement.accounts[0]?.lines[0]).toEqual({
      datedAt: '2018-05-07',
      valueDate: '2018-05-07',
      amount: '12.34',
      rawName: 'CBA:Transfer',
      bankId: null,
      counterparty: null,
      reference: null,
    })
  })

  it('decodes Windows-1252 bytes and trims the values padded with spaces', () => {
    const statement = read(sample('ofx/ofxparser__ofxdata-bb-two-stmtrs.ofx'))
    expect(statement.accounts.map((account) => [account.accountId, account.lines.length])).toEqual([
      ['455000-5', 0],
      ['655000-2', 36],
    ])
    expect(statement.accounts[1]?.lines[0]).toMatchObject({
      amount: '13318.36',
      rawName: 'TED-CRÉDITO EM CONTA',
      bankId: '2017030101331836',
    })
  })

  it('honours CHARSET:1252, and reads a UTF-8 file that declares it all the same', () => {
    const text = ofx('<DTPOSTED>20240105<TRNAMT>-12.30<FITID>1<NAME>PRLV SEPA ÉNERGIE DÉCEMBRE')
    expect(firstLine(Buffer.from(text, 'latin1'))?.rawName).toBe('PRLV SEPA ÉNERGIE DÉCEMBRE')
    expect(firstLine(Buffer.from(text, 'utf8'))?.rawName).toBe('PRLV SEPA ÉNERGIE DÉCEMBRE')
  })

  it('reads OFX 2 XML with several accounts', () => {
    const statement = read(sample('ofx/ofxparser__ofx-multiple-accounts-xml.ofx'))
    expect(statement.accounts.map((account) => account.lines.length)).toEqual([0, 2, 1])
    expect(statement.accounts[1]?.lines[0]).toMatchObject({
      datedAt: '2014-07-17',
      amount: '-3.98',
      rawName: 'TESCO',
      bankId: '+201407170000001',
    })
  })

  it('keeps an empty statement as an account without lines', () => {
    const statement = read(sample('ofx/ofxstatement-french__46297554894_02092025_04102025.ofx'))
    expect(statement.accounts).toEqual([{ accountId: null, iban: null, currency: 'EUR', lines: [] }])
  })

  it('takes PAYEE as the counterparty, DTAVAIL as the value date, and skips a NAME that MEMO extends', () => {
    const line = firstLine(
      ofx(
        '<DTPOSTED>20240105<DTAVAIL>20240107<TRNAMT>1 500,00<FITID>A1<NAME>VIR SEPA ACME<MEMO>VIR SEPA ACME FACTURE 12<PAYEE><NAME>ACME SARL<CITY>Paris</PAYEE>',
      ).replace('1 500,00', '1500,00'),
    )
    expect(line).toEqual({
      datedAt: '2024-01-05',
      valueDate: '2024-01-07',
      amount: '1500.00',
      rawName: 'VIR SEPA ACME FACTURE 12',
      bankId: 'A1',
      counterparty: 'ACME SARL',
      reference: null,
    })
  })

  it('decodes XML entities and leaves a raw & alone', () => {
    const line = firstLine(ofx('<DTPOSTED>20240105<TRNAMT>-1<NAME>A &amp; B &#233;t&#xE9; & C'))
    expect(line?.rawName).toBe('A & B été & C')
  })

  it.each([
    ['<DTPOSTED>20120231<TRNAMT>-1', "date «\u00a020120231\u00a0» n'existe pas."],
    ['<DTPOSTED>2012-02<TRNAMT>-1', "n'est pas au format AAAAMMJJ."],
    ['<DTPOSTED>20120201<TRNAMT>12..34', "le montant «\u00a012..34\u00a0» n'est pas un nombre."],
    ['<DTPOSTED>20120201<TRNAMT>1.234', 'le montant «\u00a01.234\u00a0» a plus de deux décimales.'],
    ['<DTPOSTED>20120201', 'montant <TRNAMT> absent.'],
    ['<TRNAMT>-1<DTPOSTED>', 'date de comptabilisation <DTPOSTED> absente.'],
  ])('refuses %s, naming the element and its line', (body, message) => {
    const error = failure(ofx('<DTPOSTED>20240101<TRNAMT>-1', body))
    expect(error.location).toBe('Élément <STMTTRN> n° 2 (ligne 9)')
    expect(error.message).toContain(message)
  })

  it('refuses a truncated file', () => {
    const text = ofx('<DTPOSTED>20240101<TRNAMT>-1')
    expect(failure(text.slice(0, text.indexOf('</BANKTRANLIST>'))).message).toMatch(/incomplet.*tronqué/)
    expect(failure(text.slice(0, text.length - 3)).message).toMatch(/incomplet/)
  })

  it('refuses a DOCTYPE or an entity declaration, and unreadable tags', () => {
    const doctype = `<?xml version="1.0"?><!DOCTYPE OFX [<!ENTITY x SYSTEM "file:///etc/passwd">]>${ofx('<DTPOSTED>20240101<TRNAMT>&x;')}`
    expect(failure(doctype).message).toBe('Ce fichier XML déclare des entités : refusé pour ta sécurité.')
    expect(failure(ofx('<DTPOSTED>20240101<TRNAMT>-1<NAME>a <b c> d')).message).toMatch(
      /^Ligne 8 : la balise .* est illisible\.$/,
    )
  })

  it('refuses a transaction written outside any statement: no account to put it in', () => {
    const error = failure(`${HEADER}<OFX>\n<STMTTRN><DTPOSTED>20240101<TRNAMT>5<NAME>X</STMTTRN></OFX>`)
    expect(error.message).toBe(
      'Élément <STMTTRN> n° 1 (ligne 9) : opération hors de tout relevé de compte (<STMTRS> ou <CCSTMTRS>) : on ne sait pas à quel compte elle appartient.',
    )
  })

  it('refuses a statement whose transactions have no account number, and keeps an empty one without number', () => {
    const noAccount = ofx('<DTPOSTED>20240101<TRNAMT>-1', '<DTPOSTED>20240102<TRNAMT>-2').replace(
      '<ACCTID>01234567890',
      '<ACCTID></ACCTID>',
    )
    expect(failure(noAccount).message).toBe(
      'Élément <STMTRS> n° 1 (ligne 8) : numéro de compte <ACCTID> absent : ses 2 opérations ne sont rattachées à aucun compte.',
    )
    expect(failure(ofx('<DTPOSTED>20240101<TRNAMT>-1').replace('<ACCTID>01234567890', '')).message).toMatch(
      /: numéro de compte <ACCTID> absent : son opération n'est rattachée à aucun compte\.$/,
    )
    // Banque Populaire's export of an empty savings account: no number, nothing to import, read as it is.
    expect(read(sample('ofx/ofxstatement-french__46297554894_02092025_04102025.ofx')).accounts[0]?.lines).toEqual([])
  })

  it.each([
    ['<DTSTART>20240231<DTEND>20240301', "Élément <DTSTART> (ligne 8) : la date «\u00a020240231\u00a0» n'existe pas."],
    [
      '<DTSTART>20240201<DTEND>CART1203',
      "Élément <DTEND> (ligne 8) : la date «\u00a0CART1203\u00a0» n'est pas au format AAAAMMJJ.",
    ],
  ])('refuses an impossible statement period %s', (period, message) => {
    expect(
      failure(ofx('<DTPOSTED>20240201<TRNAMT>-1').replace('<BANKTRANLIST>', `<BANKTRANLIST>${period}`)).message,
    ).toBe(message)
  })

  it('reads a statement period given empty, or not at all', () => {
    const empty = ofx('<DTPOSTED>20240201<TRNAMT>-1').replace(
      '<BANKTRANLIST>',
      '<BANKTRANLIST><DTSTART></DTSTART><DTEND/>',
    )
    expect(read(empty).accounts[0]?.lines).toHaveLength(1)
  })
})
