import { describe, expect, it } from 'vitest'
import { messages } from '../messages/index'
import { ID_MAX, idField, optionalIdField } from './common'

const v = messages.validation
const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? []

describe('ids, bounded by the narrowest id column (2³¹ − 1)', () => {
  it('takes ids from 1 to 2³¹ − 1, as numbers or as the strings of selects and query strings', () => {
    expect(idField().parse(1)).toBe(1)
    expect(idField().parse(String(ID_MAX))).toBe(ID_MAX)
    expect(optionalIdField().parse(String(ID_MAX))).toBe(ID_MAX)
    expect(optionalIdField().parse('')).toBeNull()
    expect(optionalIdField().parse(0)).toBeNull()
  })

  it('answers one message per value: "not a valid choice" past the range (2⁵³ included), "required" for no id', () => {
    for (const outOfRange of [2 ** 31, 2 ** 53, 2 ** 64, 1e308])
      expect(messagesOf(idField().safeParse(outOfRange)), String(outOfRange)).toEqual([v.choiceInvalid])
    for (const notAnId of [0, -1, -(2 ** 53), 1.5, '12abc', ''])
      expect(messagesOf(idField().safeParse(notAnId)), String(notAnId)).toEqual([v.required])
    for (const refused of [2 ** 31, 2 ** 53, -1, 1.5, '1e3'])
      expect(messagesOf(optionalIdField().safeParse(refused)), String(refused)).toEqual([v.choiceInvalid])
    expect(messagesOf(optionalIdField({ zeroIsEmpty: false }).safeParse(0))).toEqual([v.choiceInvalid])
  })
})
