import { CONDITION_FUNCTION_IDS as F, messages, CONDITION_TARGET_IDS as T } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { condition, proposal, rule } from './fakeRulesApi'
import {
  bodyOf,
  conditionSentence,
  formErrorsOf,
  functionsFor,
  newCondition,
  previewBodyOf,
  type RuleValues,
  requestOf,
  validateRule,
  valuesOf,
} from './ruleForm'

const m = messages.rules

const values = (overrides: Partial<RuleValues> = {}): RuleValues => ({
  ...valuesOf(null),
  name: 'Orange',
  accountingEntryId: 102,
  conditions: [{ ...newCondition(), value: 'orange' }],
  ...overrides,
})
const line = (targetId: number, functionId: number, value: string) => ({
  ...newCondition(),
  conditionTargetId: String(targetId),
  conditionFunctionId: String(functionId),
  value,
})

describe('conditionSentence', () => {
  it('reads each kind of condition as a sentence', () => {
    expect(conditionSentence(condition(T.NAME, F.LIKE, 'orange'))).toBe('Libellé contient « orange »')
    expect(conditionSentence({ conditionTargetId: T.RAW_NAME, conditionFunctionId: F.START_LIKE, value: 'PRLV' })).toBe(
      "Libellé bancaire d'origine commence par « PRLV »",
    )
    expect(conditionSentence({ conditionTargetId: T.AMOUNT, conditionFunctionId: F['<'], value: '-49,9' })).toBe(
      'Montant est inférieur à -49,90\u00a0€',
    )
    expect(conditionSentence({ conditionTargetId: T.AMOUNT, conditionFunctionId: F.BETWEEN, value: '-50;-10.5' })).toBe(
      'Montant est compris entre -50,00\u00a0€ et -10,50\u00a0€',
    )
    const journalName = (id: number) => (id === 1 ? 'Compte pro' : undefined)
    expect(
      conditionSentence({ conditionTargetId: T.JOURNAL, conditionFunctionId: F['='], value: '1' }, { journalName }),
    ).toBe('Compte bancaire est égal à Compte pro')
  })
})

describe('functionsFor', () => {
  it('offers the operations of the target’s kind', () => {
    const names = (targetId: number) => functionsFor(targetId).map((fn) => fn.name)
    expect(names(T.NAME)).toEqual(['contient', 'ne contient pas', 'commence par', 'se termine par', 'est égal à'])
    expect(names(T.AMOUNT)).toEqual(['est égal à', 'est supérieur à', 'est inférieur à', 'est compris entre'])
    expect(names(T.JOURNAL)).toEqual(['est égal à'])
  })
})

describe('the form’s values and body', () => {
  it('starts a new rule active, with one condition "Libellé contient"', () => {
    const start = valuesOf(null)
    expect(start.isActive).toBe(true)
    expect(start.conditions).toHaveLength(1)
    expect(start.conditions[0]).toMatchObject({
      conditionTargetId: String(T.NAME),
      conditionFunctionId: String(F.LIKE),
    })
  })

  it('reads a stored rule and a proposal back into the form', () => {
    const stored = valuesOf({
      rule: rule({
        creditOnly: true,
        debitOnly: false,
        splits: [
          {
            accountingEntryId: 101,
            accountingEntry: { id: 101, code: '6257', name: 'Réceptions' },
            percentage: '80.00',
            amount: null,
          },
          {
            accountingEntryId: 101,
            accountingEntry: { id: 101, code: '6257', name: 'Réceptions' },
            percentage: null,
            amount: '12.50',
          },
        ],
      }),
    })
    expect(stored.direction).toBe('credit')
    expect(stored.withSplits).toBe(true)
    expect(stored.splits.map((split) => [split.mode, split.share])).toEqual([
      ['percentage', '80'],
      ['amount', '12,5'],
    ])
    const proposed = valuesOf({ proposal: proposal().rule })
    expect(proposed).toMatchObject({ name: 'Boulangerie Martin', accountingEntryId: 101, direction: 'debit' })
    expect(proposed.conditions[0]?.value).toBe('Boulangerie Martin')
  })

  it('sends the rule inactive, its direction as two flags, splits only when asked, blanks as null', () => {
    const request = requestOf(
      values({
        direction: 'debit',
        newName: '  ',
        withSplits: true,
        splits: [{ key: 's', accountingEntryId: 101, mode: 'percentage', share: '80' }],
      }),
    )
    expect(request).toMatchObject({
      isActive: false,
      creditOnly: false,
      debitOnly: true,
      newName: null,
      splits: [{ accountingEntryId: 101, percentage: '80', amount: null }],
      conditions: [{ conditionTargetId: T.NAME, conditionFunctionId: F.LIKE, value: 'orange' }],
    })
    expect(
      bodyOf(values({ withSplits: false, splits: [{ key: 's', accountingEntryId: 1, mode: 'amount', share: '1' }] }))
        .splits,
    ).toEqual([])
  })
})

describe('validateRule', () => {
  it('asks for at least one condition with the editor’s message when every line is empty', () => {
    expect(validateRule(values({ conditions: [newCondition(), newCondition()] })).conditions).toBe(
      m.conditionsRequiredEditor,
    )
  })

  it('checks each line as the engine reads it, and the name, category and split with the spec’s messages', () => {
    const errors = validateRule(
      values({
        name: 'x'.repeat(256),
        accountingEntryId: null,
        conditions: [line(T.NAME, F.LIKE, 'orange'), line(T.AMOUNT, F.BETWEEN, '20;10'), line(T.NAME, F['>'], 'a')],
        withSplits: true,
        splits: [{ key: 's', accountingEntryId: 101, mode: 'percentage', share: '120' }],
      }),
    )
    expect(errors).toMatchObject({
      name: m.nameTooLong,
      accountingEntryId: m.categoryRequired,
      'conditions.1.value': m.betweenInvalid,
      'conditions.2.conditionFunctionId': m.functionNotForTarget,
      'splits.0.share': m.splitPercentInvalid,
    })
    expect(errors['conditions.0.value']).toBeUndefined()
    expect(validateRule(values())).toEqual({})
  })

  it('puts the server’s errors where the form shows them', () => {
    expect(formErrorsOf({ conditions: m.conditionsRequired, 'splits.1.amount': m.splitAmountInvalid })).toEqual({
      conditions: m.conditionsRequiredEditor,
      'splits.1.share': m.splitAmountInvalid,
    })
  })
})

describe('previewBodyOf', () => {
  it('asks only once every typed condition reads', () => {
    expect(previewBodyOf({ conditions: [newCondition()], direction: 'all' })).toBeNull()
    expect(previewBodyOf({ conditions: [line(T.AMOUNT, F['<'], 'abc')], direction: 'all' })).toBeNull()
    expect(previewBodyOf({ conditions: [line(T.NAME, F.LIKE, ' orange ')], direction: 'credit' })).toEqual({
      conditions: [{ conditionTargetId: T.NAME, conditionFunctionId: F.LIKE, value: 'orange' }],
      creditOnly: true,
      debitOnly: false,
    })
  })
})
