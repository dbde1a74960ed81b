import { describe, expect, it } from 'vitest'
import { parseStatement, StatementError } from '../index'
import { sample } from '../testing'

const read = (text: string | Buffer) => parseStatement(Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'))

/** A <Stmt> of account FR76 3000 3012 3401 2345 6789 057 with the given balances and entries. */
const stmt = (balances: string[], entries: string[]) =>
  `<Stmt><Id>S1</Id><Acct><Id><IBAN>FR7630003012340123456789057</IBAN></Id><Ccy>EUR</Ccy></Acct>
${balances.join('\n')}
${entries.map((entry) => `<Ntry>${entry}</Ntry>`).join('\n')}
</Stmt>`

/** A camt.053.001.08 document holding the given statements. */
const document = (...statements: string[]) => `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
<BkToCstmrStmt><GrpHdr><MsgId>1</MsgId></GrpHdr>
${statements.join('\n')}
</BkToCstmrStmt></Document>
`

/** A camt.053.001.08 statement with the given entries and no balances. */
const camt = (...entries: string[]) => document(stmt([], entries))

/** A balance of type `code` (OPBD opening, CLBD closing, CLAV available…). */
const bal = (code: string, amount: string, direction = 'CRDT', date = '2024-03-12') =>
  `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>`

const entry = (extra = '', amount = '12.30', direction = 'DBIT') =>
  `<Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-12</Dt></BookgDt>${extra}`

const failure = (text: string): StatementError => {
  try {
    read(text)
  } catch (error) {
    if (error instanceof StatementError) return error
    throw error
  }
  throw new Error('expected a StatementError')
}

describe('CAMT.053 / .054', () => {
  it('reads counterparty, remittance and end-to-end id of an entry', () => {
    // The sample's closing balance (15 121,12 €) is not its opening balance plus its entries, so the file is refused
    // (samples.test.ts); with the closing balance that adds up (15 555,28 €), the same entries are read.
    const text = sample('camt/bank-statement-import__test-camt053').toString('utf8')
    const statement = read(text.replace('<Amt Ccy="EUR">15121.12</Amt>', '<Amt Ccy="EUR">15555.28</Amt>'))
    expect(statement.format).toBe('camt053')
    expect(statement.accounts[0]).toMatchObject({
      accountId: 'NL77ABNA0574908765',
      iban: 'NL77ABNA0574908765',
      currency: 'EUR',
    })
    expect(statement.accounts[0]?.lines[0]).toEqual({
      datedAt: '2014-01-05',
      valueDate: '2014-01-05',
      amount: '-754.25',
      rawName: 'Insurance policy 857239PERIOD 01.01.2014 - 31.12.2014',
      bankId: null,
      counterparty: 'INSURANCE COMPANY TESTX',
      reference: '435005714488-ABNO33052620',
    })
  })

  it('reads a document without namespace, the debtor naming the payer of a credit', () => {
    expect(read(sample('camt/bankstatementparser__camt053_no_namespace.xml')).accounts[0]?.lines).toEqual([
      {
        datedAt: '2026-04-12',
        valueDate: '2026-04-12',
        amount: '250.00',
        rawName: 'Consulting fee',
        bankId: null,
        counterparty: 'JANE CLIENT',
        reference: null,
      },
    ])
  })

  it('reads a camt.054 v08 batch as one line, its AcctSvcrRef as the bank id', () => {
    const line = read(sample('camt/camt__camt054.v8.xml')).accounts[0]?.lines[0]
    // Three details with three creditors: no single counterparty, and the entry's own text.
    expect(line).toEqual({
      datedAt: '2007-10-18',
      valueDate: '2007-10-18',
      amount: '-200000.00',
      rawName: 'Order',
      bankId: 'ACSR160617103200001',
      counterparty: null,
      reference: null,
    })
  })

  it('makes one account of two statements of the same account', () => {
    const statement = read(sample('camt/camt__camt053.v2.multi.statement.xml'))
    expect(statement.accounts).toHaveLength(1)
    expect(statement.accounts[0]?.lines).toHaveLength(2)
  })

  it('reads UTF-8 texts, multi-line AddtlNtryInf and dates with a time zone', () => {
    expect(read(sample('camt/bank-statement-import__test-camt053-txdtls')).accounts[0]?.lines[0]?.rawName).toMatch(
      /^CRÉDIT GROUPÉ BVR TRAITEMENT DU 22\.03\.2017/,
    )
    const migros = read(sample('camt/ofxstatement-iso20022__davider80.xml')).accounts[0]?.lines[1]
    expect(migros).toMatchObject({
      datedAt: '2017-04-01',
      valueDate: '2017-04-03',
      amount: '-158.50',
      rawName: 'Acquisto MIGROS M ARBEDO-CAST 31.03.2017/13:30 / N. carta Maestro xxxxxxxx',
      bankId: '210570781020000000024556150000',
    })
  })

  it('takes the sign from CdtDbtInd alone, reversals included, and decodes entities', () => {
    const [reversal, debit] =
      read(
        camt(
          entry(
            '<AddtlNtryInf>RETOUR PRLV A &amp; B &#233;t&#xE9;</AddtlNtryInf><RvslInd>true</RvslInd>',
            '45',
            'CRDT',
          ),
          entry(
            '<NtryRef>N2</NtryRef><NtryDtls><TxDtls><Refs><EndToEndId>NOTPROVIDED</EndToEndId></Refs><RmtInf><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf></Strd></RmtInf></TxDtls></NtryDtls>',
            '0.5',
          ),
        ),
      ).accounts[0]?.lines ?? []
    expect(reversal).toMatchObject({ amount: '45.00', rawName: 'RETOUR PRLV A & B été' })
    expect(debit).toMatchObject({
      amount: '-0.50',
      bankId: 'N2',
      reference: 'RF18539007547034',
      rawName: 'RF18539007547034',
    })
  })

  it('refuses a DOCTYPE: billion laughs and external entities are never expanded nor fetched', () => {
    const laughs = `<?xml version="1.0"?>
<!DOCTYPE Document [
  <!ENTITY lol "lol">
  <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
  <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
  <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>
${camt(entry('<AddtlNtryInf>&lol9;</AddtlNtryInf>')).replace('<?xml version="1.0" encoding="UTF-8"?>', '')}`
    const external = camt(entry('<AddtlNtryInf>&xxe;</AddtlNtryInf>')).replace(
      '?>',
      '?>\n<!DOCTYPE Document [<!ENTITY xxe SYSTEM "http://127.0.0.1:9/secret">]>',
    )
    for (const text of [laughs, external, external.replace('DOCTYPE', 'doctype')]) {
      expect(failure(text).message).toBe('Ce fichier XML déclare des entités : refusé pour ta sécurité.')
    }
  })

  it.each([
    [entry().replace('<BookgDt><Dt>2024-03-12</Dt></BookgDt>', ''), 'date de comptabilisation <BookgDt> absente.'],
    [entry().replace('2024-03-12', '2024-02-31'), "la date «\u00a02024-02-31\u00a0» n'existe pas."],
    [entry().replace('DBIT', 'DEBIT'), 'indicateur débit/crédit <CdtDbtInd> absent ou inconnu.'],
    [entry('', '-5'), 'doit être positif'],
    [entry('', '1,5'), "le montant «\u00a01,5\u00a0» n'est pas un nombre."],
    [entry().replace('<Amt Ccy="EUR">12.30</Amt>', ''), 'montant <Amt> absent.'],
  ])('refuses the second entry %#, naming it', (faulty, message) => {
    const error = failure(camt(entry(), faulty))
    expect(error.location).toBe('Élément <Ntry> n° 2')
    expect(error.message).toContain(message)
  })

  it('checks that the opening balance plus the booked entries is the closing balance, pending entries aside', () => {
    // −100,00 € + 250,00 € − 12,30 € = 137,70 €; the pending entry is not in the bank's booked balances.
    const pending = entry('', '999.99', 'CRDT').replace('<Sts><Cd>BOOK</Cd></Sts>', '<Sts><Cd>PDNG</Cd></Sts>')
    const text = document(
      stmt(
        [bal('OPBD', '100.00', 'DBIT', '2024-03-11'), bal('CLBD', '137.70'), bal('CLAV', '5000')],
        [entry('', '250', 'CRDT'), entry(), pending],
      ),
    )
    expect(read(text).accounts[0]?.lines.map((line) => line.amount)).toEqual(['250.00', '-12.30', '999.99'])
    // Only one of the two balances: nothing to check against.
    expect(read(document(stmt([bal('CLBD', '1.00')], [entry()]))).accounts[0]?.lines).toHaveLength(1)
  })

  it('refuses the whole file when a statement does not add up, naming the statement and both amounts', () => {
    const text = document(
      stmt([bal('OPBD', '0'), bal('CLBD', '12.30', 'DBIT')], [entry()]),
      stmt([bal('OPBD', '1000'), bal('CLBD', '1234.56')], [entry('', '250', 'CRDT'), entry('', '50')]),
    )
    const error = failure(text)
    expect(error.location).toBe('Élément <Stmt> n° 2')
    expect(error.message).toBe(
      "Élément <Stmt> n° 2 : le solde de clôture (1\u202f234,56\u00a0€) ne correspond pas au solde d'ouverture plus les mouvements (1\u202f200,00\u00a0€).",
    )
  })

  it.each([
    [
      [bal('OPBD', '0'), bal('CLBD', '12.30', 'DBIT', '2024-02-30')],
      "Élément <Bal> CLBD de <Stmt> n° 1 : la date «\u00a02024-02-30\u00a0» n'existe pas.",
    ],
    // Any balance's date, even one whose amount is not checked.
    [
      [bal('CLAV', '0', 'CRDT', '2024-13-01')],
      "Élément <Bal> CLAV de <Stmt> n° 1 : la date «\u00a02024-13-01\u00a0» n'existe pas.",
    ],
    [[bal('OPBD', 'CART')], "Élément <Bal> OPBD de <Stmt> n° 1 : le montant «\u00a0CART\u00a0» n'est pas un nombre."],
    [
      [bal('OPBD', '5', 'DEBIT')],
      'Élément <Bal> OPBD de <Stmt> n° 1 : indicateur débit/crédit <CdtDbtInd> absent ou inconnu.',
    ],
    [
      [bal('CLBD', '-5')],
      'Élément <Bal> CLBD de <Stmt> n° 1 : le montant «\u00a0-5\u00a0» doit être positif : le sens est dans <CdtDbtInd>.',
    ],
  ])('refuses the whole file for a corrupt balance (%#)', (balances, message) => {
    expect(failure(document(stmt(balances, [entry()]))).message).toBe(message)
  })

  it('refuses truncated XML with the line where it breaks, and XML that is no statement', () => {
    const text = camt(entry(), entry())
    expect(failure(text.slice(0, text.lastIndexOf('<Ntry>') + 20)).message).toMatch(/^Ligne \d+ : le XML est mal formé/)
    expect(failure('<?xml version="1.0"?><Document><BkToCstmrAcctRpt/></Document>').message).toMatch(
      /^Format de fichier non reconnu/,
    )
  })
})
