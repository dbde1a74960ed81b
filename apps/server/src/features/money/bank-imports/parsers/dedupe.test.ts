import { describe, expect, it } from 'vitest'
import { dedupeKeys, parseStatement, type StatementLine } from './index'
import { sample } from './testing'

const line = (rawName: string, amount = '-2.50', bankId: string | null = null): StatementLine => ({
  datedAt: '2024-03-12',
  valueDate: null,
  amount,
  rawName,
  bankId,
  counterparty: null,
  reference: null,
})

describe('dedupeKeys', () => {
  it('gives two identical coffees of one day two keys, by occurrence', () => {
    expect(dedupeKeys(null, [line('CAFE'), line('PAIN'), line('CAFE'), line('CAFE', '-3.00')])).toEqual([
      'h:2024-03-12|-2.50|CAFE|0',
      'h:2024-03-12|-2.50|PAIN|0',
      'h:2024-03-12|-2.50|CAFE|1',
      'h:2024-03-12|-3.00|CAFE|0',
    ])
  })

  it("uses the bank's id when it has one, unless the file repeats it", () => {
    expect(
      dedupeKeys('FR76', [line('A', '-1.00', 'FIT1'), line('B', '-1.00', 'FIT2'), line('C', '-1.00', 'FIT2')]),
    ).toEqual(['id:FIT1', 'h:2024-03-12|-1.00|B|0', 'h:2024-03-12|-1.00|C|0'])
  })

  it('keeps keys short: a long label or id is replaced by its hash', () => {
    const [long, id] = dedupeKeys(null, [line('X'.repeat(5000)), line('Y', '-1.00', 'I'.repeat(300))])
    expect(long).toMatch(/^h:2024-03-12\|-2\.50\|sha256:[0-9a-f]{64}\|0$/)
    expect(id).toMatch(/^id:sha256:[0-9a-f]{64}$/)
  })

  it.each([
    'cfonb120/l10n-france__cfonb_classic.cfo',
    'ofx/ofxstatement-french__BPACA_OP_20220828.ofx',
    'qif/gnucash__Money95bank_fr.qif',
    'csv/reckon__invalid_header_example.csv',
  ])('gives %s the same distinct keys every time it is read', (path) => {
    const keysOf = () =>
      parseStatement(sample(path), { fileName: path }).accounts.flatMap((account) =>
        dedupeKeys(account.accountId, account.lines),
      )
    const first = keysOf()
    expect(keysOf()).toEqual(first)
    expect(new Set(first).size).toBe(first.length)
  })

  it('recognises the lines of an overlapping later file', () => {
    const january = [line('LOYER', '-800.00'), line('CAFE'), line('CAFE')]
    const later = [line('CAFE'), line('CAFE'), line('CAFE'), { ...line('SALAIRE', '2000.00'), datedAt: '2024-03-13' }]
    const known = new Set(dedupeKeys(null, january))
    expect(dedupeKeys(null, later).filter((key) => !known.has(key))).toEqual([
      'h:2024-03-12|-2.50|CAFE|2',
      'h:2024-03-13|2000.00|SALAIRE|0',
    ])
  })
})
