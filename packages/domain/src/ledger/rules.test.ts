import { describe, expect, it } from 'vitest'
import { CONDITION_FUNCTION_IDS as F, CONDITION_TARGET_IDS as T } from '../reference/ids'
import { ruleConditionSchema, ruleCreateSchema } from '../schemas/rules'
import {
  amountToCents,
  compiledRuleNearlyMatches,
  compileRule,
  compileRules,
  conditionError,
  prepareTransaction,
  type RuleTransaction,
  type RunnableRule,
  rankRules,
  ruleMatches,
  ruleParts,
  runRules,
} from './rules'

const tx = (over: Partial<RuleTransaction> = {}): RuleTransaction => ({
  name: 'Carrefour Market',
  rawName: 'CB CARREFOUR MARKET 12/03 PARIS',
  counterparty: null,
  amount: '-42.50',
  journalId: 1,
  ...over,
})
const text = (target: number, fn: number, value: string) => ({
  conditionTargetId: target,
  conditionFunctionId: fn,
  value,
})
const rule = (conditions: ReturnType<typeof text>[], over: Partial<RunnableRule> = {}): RunnableRule => ({
  id: 1,
  conditions,
  creditOnly: false,
  debitOnly: false,
  accountingEntryId: 100,
  splits: [],
  newName: null,
  hasNoReceipt: false,
  stopProcessing: false,
  ...over,
})

describe('rule matching on labels', () => {
  it('ignores case, accents, ligatures and repeated spaces on both sides', () => {
    expect(ruleMatches(rule([text(T.NAME, F.LIKE, 'CAFÉ   de la gare')]), tx({ name: 'Cafe de LA Gare' }))).toBe(true)
    expect(ruleMatches(rule([text(T.NAME, F.LIKE, 'oeuvre')]), tx({ name: 'Œuvre sociale' }))).toBe(true)
    expect(ruleMatches(rule([text(T.RAW_NAME, F.START_LIKE, 'cb carrefour')]), tx())).toBe(true)
    expect(ruleMatches(rule([text(T.RAW_NAME, F.END_LIKE, 'paris')]), tx())).toBe(true)
    expect(ruleMatches(rule([text(T.RAW_NAME, F.END_LIKE, 'lyon')]), tx())).toBe(false)
  })

  it('equals compares the whole label, contains a part, does-not-contain the absence', () => {
    expect(ruleMatches(rule([text(T.NAME, F['='], 'carrefour market')]), tx())).toBe(true)
    expect(ruleMatches(rule([text(T.NAME, F['='], 'carrefour')]), tx())).toBe(false)
    expect(ruleMatches(rule([text(T.NAME, F.NOT_LIKE, 'auchan')]), tx())).toBe(true)
    expect(ruleMatches(rule([text(T.NAME, F.NOT_LIKE, 'market')]), tx())).toBe(false)
  })

  it('reads the counterparty and the journal; an empty counterparty contains nothing', () => {
    expect(
      ruleMatches(rule([text(T.COUNTERPARTY, F.LIKE, 'urssaf')]), tx({ counterparty: 'URSSAF Île-de-France' })),
    ).toBe(true)
    expect(ruleMatches(rule([text(T.COUNTERPARTY, F.LIKE, 'urssaf')]), tx())).toBe(false)
    expect(ruleMatches(rule([text(T.JOURNAL, F['='], '7')]), tx({ journalId: 7 }))).toBe(true)
    expect(ruleMatches(rule([text(T.JOURNAL, F['='], '7')]), tx({ journalId: 8 }))).toBe(false)
  })

  it('matches hostile values literally: %, _, quotes, regular-expression characters, 255 characters', () => {
    const hostile = tx({ name: "100% d'O_K (a+b)*[x]$^.\\ fin" })
    for (const value of ['100%', "d'o_k", '(a+b)*', '[x]$^.\\', '.*']) {
      const expected = value !== '.*'
      expect(ruleMatches(rule([text(T.NAME, F.LIKE, value)]), hostile), value).toBe(expected)
    }
    expect(ruleMatches(rule([text(T.NAME, F.LIKE, '%')]), tx())).toBe(false)
    expect(ruleMatches(rule([text(T.NAME, F.LIKE, '_')]), tx())).toBe(false)
    expect(ruleMatches(rule([text(T.NAME, F.LIKE, 'x'.repeat(255))]), tx({ name: 'x'.repeat(300) }))).toBe(true)
  })

  it('refuses values it cannot read, with a French message', () => {
    expect(conditionError(text(T.NAME, F.LIKE, 'x'.repeat(256)))).toBe('La valeur ne peut pas dépasser 255 caractères')
    expect(conditionError(text(T.NAME, F['>'], 'abc'))).toBe("Cette opération ne s'applique pas à ce champ.")
    expect(conditionError(text(T.AMOUNT, F.LIKE, '12'))).toBe("Cette opération ne s'applique pas à ce champ.")
    expect(conditionError(text(T.AMOUNT, F['>'], 'douze'))).toBe('Le montant doit être un nombre, par exemple -49,90.')
    expect(conditionError(text(T.AMOUNT, F.BETWEEN, '20;10'))).toMatch(/le plus petit d’abord/)
    expect(conditionError(text(T.NAME, F.LIKE, '   '))).toBe('La valeur est obligatoire.')
    expect(conditionError(text(T.NAME, F.LIKE, '\u0301'))).toBe(
      'La valeur doit contenir au moins une lettre ou un chiffre.',
    )
    expect(conditionError(text(T.JOURNAL, F['='], 'BQ1'))).toBe('Choisis un compte bancaire.')
    expect(conditionError(text(99, F.LIKE, 'x'))).toBe('Choisis sur quoi porte la condition.')
  })
})

describe('rule matching on amounts', () => {
  it('compares signed amounts, with a decimal comma and spaces', () => {
    expect(ruleMatches(rule([text(T.AMOUNT, F['<'], '-40')]), tx())).toBe(true)
    expect(ruleMatches(rule([text(T.AMOUNT, F['>'], '-40')]), tx())).toBe(false)
    expect(ruleMatches(rule([text(T.AMOUNT, F['='], '-42,50')]), tx())).toBe(true)
    expect(ruleMatches(rule([text(T.AMOUNT, F['='], '42,50')]), tx())).toBe(false)
    expect(ruleMatches(rule([text(T.AMOUNT, F.BETWEEN, '-50;-42,5')]), tx())).toBe(true)
    expect(ruleMatches(rule([text(T.AMOUNT, F.BETWEEN, '-1 000;-42,51')]), tx())).toBe(false)
  })

  it('keeps to income or expenses when the rule says so', () => {
    const phone = [text(T.NAME, F.LIKE, 'carrefour')]
    expect(ruleMatches(rule(phone, { debitOnly: true }), tx())).toBe(true)
    expect(ruleMatches(rule(phone, { creditOnly: true }), tx())).toBe(false)
    expect(ruleMatches(rule(phone, { creditOnly: true }), tx({ amount: '10.00' }))).toBe(true)
  })

  it('reads amounts in exact cents', () => {
    expect(amountToCents('0,1')).toBe(10)
    expect(amountToCents('-99 999 999,99')).toBe(-9_999_999_999)
    expect(amountToCents('0.001')).toBeNull()
    expect(amountToCents('0.100')).toBe(10)
    expect(amountToCents('1e3')).toBeNull()
  })
})

describe('rules that almost match', () => {
  const nearly = (conditions: ReturnType<typeof text>[], over: Partial<RuleTransaction> = {}, only = {}) => {
    const compiled = compileRule({ conditions, creditOnly: false, debitOnly: false, ...only })
    return compiled !== null && compiledRuleNearlyMatches(compiled, prepareTransaction(tx(over)))
  }

  it('are the rules whose words are in the line but whose amount or account does not fit', () => {
    const carrefourUnder40 = [text(T.NAME, F.LIKE, 'carrefour'), text(T.AMOUNT, F['>'], '-40')]
    expect(nearly(carrefourUnder40)).toBe(true)
    expect(nearly([text(T.RAW_NAME, F.START_LIKE, 'cb carrefour'), text(T.JOURNAL, F['='], '7')])).toBe(true)
    // Matching whole is not "almost": the engine applies it.
    expect(nearly(carrefourUnder40, { amount: '-12.00' })).toBe(false)
  })

  it('are not the rules whose words are missing, nor those of the other direction or with no words at all', () => {
    expect(nearly([text(T.NAME, F.LIKE, 'auchan'), text(T.AMOUNT, F['>'], '-40')])).toBe(false)
    expect(
      nearly([text(T.NAME, F.LIKE, 'carrefour'), text(T.NAME, F.NOT_LIKE, 'market'), text(T.AMOUNT, F['>'], '-40')]),
    ).toBe(false)
    expect(nearly([text(T.NAME, F.LIKE, 'carrefour'), text(T.AMOUNT, F['>'], '-40')], {}, { creditOnly: true })).toBe(
      false,
    )
    expect(nearly([text(T.AMOUNT, F['>'], '-40'), text(T.JOURNAL, F['='], '7')])).toBe(false)
    expect(nearly([text(T.NAME, F.NOT_LIKE, 'auchan'), text(T.AMOUNT, F['>'], '-40')])).toBe(false)
  })
})

describe('rule order and outcome', () => {
  const contains = rule([text(T.NAME, F.LIKE, 'orange')], { id: 1, accountingEntryId: 10 })
  const amountOnly = rule([text(T.AMOUNT, F['<'], '0')], { id: 2, accountingEntryId: 20 })
  const starts = rule([text(T.NAME, F.START_LIKE, 'orange')], { id: 3, accountingEntryId: 30 })
  const exact = rule([text(T.NAME, F['='], 'orange sa')], { id: 4, accountingEntryId: 40 })

  it('ranks exact label, then starts-with, then contains, then amount-only; ties by creation', () => {
    expect(rankRules([amountOnly, contains, starts, exact]).map((r) => r.id)).toEqual([4, 3, 1, 2])
    const older = rule([text(T.NAME, F.LIKE, 'a')], { id: 5 })
    const newer = rule([text(T.NAME, F.LIKE, 'b')], { id: 6 })
    expect(rankRules([newer, older]).map((r) => r.id)).toEqual([5, 6])
    const narrower = rule([text(T.NAME, F.LIKE, 'orange'), text(T.AMOUNT, F['<'], '0')], { id: 7 })
    expect(rankRules([contains, narrower]).map((r) => r.id)).toEqual([7, 1])
  })

  it('takes the category of the first matching rule; later ones can still rename or mark, unless one stops', () => {
    const orange = prepareTransaction(tx({ name: 'Orange SA', amount: '-39.99' }))
    const ranked = compileRules([
      exact,
      { ...starts, newName: 'Orange (mobile)' },
      { ...contains, hasNoReceipt: true },
      amountOnly,
    ])
    const outcome = runRules(ranked, orange)
    expect(outcome).toMatchObject({ ruleId: 4, accountingEntryId: 40, newName: 'Orange (mobile)', hasNoReceipt: true })
    expect(outcome?.matchedRuleIds).toEqual([4, 3, 1, 2])

    const stopped = runRules(
      compileRules([
        { ...exact, stopProcessing: true },
        { ...starts, newName: 'X' },
      ]),
      orange,
    )
    expect(stopped).toMatchObject({ ruleId: 4, newName: null, matchedRuleIds: [4] })
    expect(runRules(compileRules([exact]), prepareTransaction(tx()))).toBeNull()
  })
})

describe('split templates', () => {
  const rates: Record<number, string | null> = { 626: '20', 108: null, 6256: '10' }
  const rateOf = (id: number) => rates[id] ?? null

  it('splits a phone bill 80 % Téléphone and the rest to personal costs, VAT from each category', () => {
    const parts = ruleParts(
      { accountingEntryId: 108, splits: [{ accountingEntryId: 626, percentage: '80', amount: null }] },
      '-59.99',
      rateOf,
    )
    expect(parts).toEqual([
      { accountingEntryId: 626, amount: '-47.99', taxAmount: '-8.00' },
      { accountingEntryId: 108, amount: '-12.00', taxAmount: '0.00' },
    ])
  })

  it('never loses a cent, and the VAT parts add up to the whole VAT when one rate applies', () => {
    const parts = ruleParts(
      {
        accountingEntryId: 626,
        splits: [
          { accountingEntryId: 626, percentage: '33.33', amount: null },
          { accountingEntryId: 626, percentage: '33.33', amount: null },
        ],
      },
      '-100.00',
      rateOf,
    )
    expect(parts.map((part) => part.amount)).toEqual(['-33.33', '-33.33', '-33.34'])
    expect(parts.map((part) => part.taxAmount)).toEqual(['-5.56', '-5.56', '-5.55'])
  })

  it('gives the whole amount to the rule category when fixed amounts do not fit, drops lines rounding to nothing', () => {
    const fixed = { accountingEntryId: 108, splits: [{ accountingEntryId: 626, percentage: null, amount: '80.00' }] }
    expect(ruleParts(fixed, '-50.00', rateOf)).toEqual([
      { accountingEntryId: 108, amount: '-50.00', taxAmount: '0.00' },
    ])
    expect(ruleParts(fixed, '-100.00', rateOf)).toEqual([
      { accountingEntryId: 626, amount: '-80.00', taxAmount: '-13.33' },
      { accountingEntryId: 108, amount: '-20.00', taxAmount: '0.00' },
    ])
    const tiny = { accountingEntryId: 108, splits: [{ accountingEntryId: 626, percentage: '1', amount: null }] }
    expect(ruleParts(tiny, '0.40', rateOf)).toEqual([{ accountingEntryId: 108, amount: '0.40', taxAmount: '0.00' }])
  })
})

describe('rule form schema', () => {
  const base = {
    name: 'Téléphone',
    accountingEntryId: 12,
    conditions: [{ conditionTargetId: T.NAME, conditionFunctionId: F.LIKE, value: 'orange' }],
  }
  const issues = (body: unknown) =>
    ruleCreateSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? []

  it('says the spec messages', () => {
    expect(issues({ ...base, name: 'x'.repeat(256) })).toEqual([
      ['name', 'Le libellé ne peut pas dépasser 255 caractères'],
    ])
    expect(issues({ ...base, accountingEntryId: undefined })).toEqual([
      ['accountingEntryId', 'Une entrée comptable doit être sélectionnée'],
    ])
    expect(issues({ ...base, accountingEntryId: -3 })).toEqual([
      ['accountingEntryId', 'Veuillez sélectionner une catégorie comptable'],
    ])
    expect(issues({ ...base, conditions: [] })).toEqual([['conditions', 'Il doit y avoir au moins une condition']])
    expect(issues({ ...base, creditOnly: true, debitOnly: true })[0]?.[0]).toBe('debitOnly')
  })

  it('checks each condition with the engine and each split line', () => {
    expect(
      ruleConditionSchema.safeParse({ conditionTargetId: T.AMOUNT, conditionFunctionId: F['>'], value: '12,5' })
        .success,
    ).toBe(true)
    expect(
      issues({ ...base, conditions: [{ conditionTargetId: T.AMOUNT, conditionFunctionId: F['>'], value: 'x' }] }),
    ).toEqual([['conditions.0.value', 'Le montant doit être un nombre, par exemple -49,90.']])
    expect(issues({ ...base, splits: [{ accountingEntryId: 3 }] })[0]?.[1]).toMatch(/pourcentage ou un montant fixe/)
    expect(issues({ ...base, splits: [{ accountingEntryId: 3, percentage: '100' }] })[0]?.[1]).toMatch(/entre 0 et 100/)
    expect(
      issues({
        ...base,
        splits: [
          { accountingEntryId: 3, percentage: '60' },
          { accountingEntryId: 4, percentage: '40' },
        ],
      }),
    ).toEqual([['splits', 'Les pourcentages dépassent 100 % : il ne reste rien pour la dernière ligne.']])
  })
})
