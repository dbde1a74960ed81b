import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { messages } from '../messages/index'
import { organizationUpdateFields, organizationUpdateSchema } from './organization'
import { patchBodyOf } from './patch'

/** The first message per field, as a form shows it. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message
  return errors
}

const base = { name: 'Atelier', legalFormId: 1, sectorId: 1, taxRegimeId: 1, taxAreaId: 1 }

describe("the organisation's identity, checked as a customer's", () => {
  it("checks the SIREN's digits as a customer's: Luhn, La Poste's SIREN accepted", () => {
    expect(errorsOf(organizationUpdateSchema, { ...base, registrySiren: '443 061 842' }).registrySiren).toBe(
      messages.validation.sirenOrSiretCheck,
    )
    expect(organizationUpdateSchema.parse({ ...base, registrySiren: '356 000 000' }).registrySiren).toBe('356000000')
    expect(errorsOf(organizationUpdateSchema, { ...base, registrySiren: '000000000' }).registrySiren).toBe(
      messages.validation.sirenOrSiretCheck,
    )
  })

  it('checks the VAT number: its key, and that a French one matches the SIREN', () => {
    expect(errorsOf(organizationUpdateSchema, { ...base, registryIntra: 'FR40443061841' }).registryIntra).toBe(
      messages.validation.vatNumberKey,
    )
    expect(errorsOf(organizationUpdateSchema, { ...base, registryIntra: 'FR123' }).registryIntra).toBe(
      messages.validation.vatNumberFormat,
    )
    const parsed = organizationUpdateSchema.parse({
      ...base,
      registrySiren: '443061841',
      registryIntra: 'fr 64 443 061 841',
    })
    expect(parsed.registryIntra).toBe('FR64443061841')
    expect(organizationUpdateSchema.parse({ ...base, registryIntra: 'FR64443061841' }).registryIntra).toBe(
      'FR64443061841',
    )
    expect(
      errorsOf(organizationUpdateSchema, { ...base, registrySiren: '732829320', registryIntra: 'FR64443061841' })
        .registryIntra,
    ).toBe(messages.validation.vatNumberSirenMismatch)
  })

  it('makes every field optional in a PATCH body, each still checked on its own', () => {
    const patch = patchBodyOf(organizationUpdateFields)
    expect(patch.parse({})).toEqual({})
    expect(errorsOf(patch, { registryIntra: 'FR40443061841' }).registryIntra).toBe(messages.validation.vatNumberKey)
    expect(errorsOf(patch, { legalFormId: 2 ** 40 }).legalFormId).toBe(messages.validation.choiceInvalid)
  })
})
