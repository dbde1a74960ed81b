import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { moneyString, quantityString } from './schema'

const firstMessage = (result: { success: boolean; error?: z.ZodError }) => result.error?.issues[0]?.message

describe('moneyString: the amount schema shared by server and forms', () => {
  const schema = moneyString({ maxDecimals: 2 })

  it('turns JSON strings and numbers into canonical decimal strings', () => {
    expect(schema.parse('1200.00')).toBe('1200')
    expect(schema.parse(1200.5)).toBe('1200.5')
    expect(schema.parse('-0.01')).toBe('-0.01')
  })

  it('accepts what a French form sends: comma and grouping spaces', () => {
    expect(schema.parse('1 234,50')).toBe('1234.5')
  })

  it('says "Le montant n\'est pas valide" for text, objects and booleans', () => {
    for (const input of ['abc', '12 €uros', true, {}, []]) {
      expect(firstMessage(schema.safeParse(input)), JSON.stringify(input)).toBe("Le montant n'est pas valide")
    }
  })

  it('says the field is required when the amount is missing or emptied', () => {
    expect(firstMessage(schema.safeParse(undefined))).toBe('Ce champ est obligatoire')
    expect(firstMessage(z.object({ amount: schema }).safeParse({}))).toBe('Ce champ est obligatoire')
    expect(firstMessage(schema.safeParse(null))).toBe('Ce champ est obligatoire')
    expect(firstMessage(schema.safeParse('  '))).toBe('Ce champ est obligatoire')
    expect(firstMessage(quantityString().safeParse(''))).toBe('Ce champ est obligatoire')
  })

  it('refuses more decimals than allowed rather than rounding silently', () => {
    expect(firstMessage(schema.safeParse('1.234'))).toBe('Le montant ne peut pas avoir plus de 2 décimales')
    expect(firstMessage(schema.safeParse(0.1 + 0.2))).toBe('Le montant ne peut pas avoir plus de 2 décimales')
  })

  it('refuses amounts beyond ±99999999.999999 with its own message', () => {
    expect(moneyString().parse('99999999.999999')).toBe('99999999.999999')
    expect(firstMessage(moneyString().safeParse('100000000'))).toBe(
      'Le montant doit être compris entre -99 999 999,999999 et 99 999 999,999999',
    )
  })

  it('allows 6 decimals by default, the precision of unit prices', () => {
    expect(moneyString().parse('12.123456')).toBe('12.123456')
    expect(moneyString().safeParse('12.1234567').success).toBe(false)
  })

  it('can refuse zero with the spec message', () => {
    const nonZero = moneyString({ nonZero: true })
    expect(firstMessage(nonZero.safeParse('0,00'))).toBe('Le montant ne doit pas être égal à 0')
    expect(nonZero.parse('-3')).toBe('-3')
    expect(schema.parse('0')).toBe('0')
  })
})

describe('quantityString', () => {
  it('accepts up to 5 decimals and returns the canonical form', () => {
    expect(quantityString().parse('1,50000')).toBe('1.5')
    expect(quantityString().parse(3)).toBe('3')
    expect(firstMessage(quantityString().safeParse('1.123456'))).toBe(
      'La quantité ne peut pas avoir plus de 5 décimales',
    )
    expect(firstMessage(quantityString().safeParse('beaucoup'))).toBe("La quantité n'est pas valide")
  })

  it('can refuse negative quantities', () => {
    expect(firstMessage(quantityString({ nonNegative: true }).safeParse('-1'))).toBe(
      'La quantité ne peut pas être négative',
    )
    expect(quantityString({ nonNegative: true }).parse('0')).toBe('0')
    expect(quantityString().parse('-1')).toBe('-1')
  })
})
