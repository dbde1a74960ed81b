import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { loginSchema, passwordResetSchema, passwordVerifySchema, registerSchema } from './auth'
import { isPhone } from './common'
import { closeAccountRequestSchema } from './me'
import { invitationCreateSchema, organizationCreateSchema, organizationUpdateSchema } from './organization'

/** The first message per field, as a form shows it. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const errors: Record<string, string> = {}
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message
  return errors
}

const validRegister = {
  firstname: 'Camille',
  lastname: 'Martin',
  email: 'camille@exemple.fr',
  password: 'motdepasse',
  passwordConfirmation: 'motdepasse',
  cgu: true,
}

describe('sign-up schema', () => {
  it('accepts a complete form and lower-cases the e-mail', () => {
    const parsed = registerSchema.parse({ ...validRegister, email: ' Camille@Exemple.FR ' })
    expect(parsed.email).toBe('camille@exemple.fr')
  })

  it("uses the spec's texts for each rule", () => {
    expect(errorsOf(registerSchema, { ...validRegister, firstname: '  ' }).firstname).toBe('Ce champ est obligatoire')
    expect(errorsOf(registerSchema, { ...validRegister, lastname: undefined }).lastname).toBe(
      'Ce champ est obligatoire',
    )
    expect(errorsOf(registerSchema, { ...validRegister, email: 'camille@' }).email).toBe(
      "Le format de l'email est invalide",
    )
    expect(
      errorsOf(registerSchema, { ...validRegister, password: '1234567', passwordConfirmation: '1234567' }).password,
    ).toBe('Le mot de passe doit faire au moins 8 caractères')
    expect(
      errorsOf(registerSchema, { ...validRegister, passwordConfirmation: 'autrechose' }).passwordConfirmation,
    ).toBe('Les mots de passe ne correspondent pas')
    expect(errorsOf(registerSchema, { ...validRegister, cgu: false }).cgu).toBe('Tu dois accepter les CGU')
  })
})

describe('login and reset schemas', () => {
  it('asks for a non-empty password at login', () => {
    expect(errorsOf(loginSchema, { username: 'a@b.fr', password: '' }).password).toBe(
      'Le mot de passe ne peut pas être vide',
    )
  })

  it('wants exactly 6 digits in the code', () => {
    for (const code of ['12345', '1234567', '12a456', ''])
      expect(errorsOf(passwordVerifySchema, { email: 'a@b.fr', code }).code).toBe('Le code doit contenir 6 chiffres')
    expect(passwordVerifySchema.safeParse({ email: 'a@b.fr', code: '012345' }).success).toBe(true)
  })

  it('explains a mismatched new password with the reset wording', () => {
    const errors = errorsOf(passwordResetSchema, {
      email: 'a@b.fr',
      token: 't',
      password: 'motdepasse',
      password_confirmation: 'motdepassf',
    })
    expect(errors.password_confirmation).toBe("Désolé, nous devons être sûr que tu n'as pas fait de faute de frappe")
  })
})

describe('organisation schemas', () => {
  it('requires every step-two field, ids positive', () => {
    const errors = errorsOf(organizationCreateSchema, { organizationName: '', legalFormId: '0', sectorId: -2 })
    for (const field of ['organizationName', 'legalFormId', 'sectorId', 'taxRegimeId', 'taxAreaId', 'canSellCash'])
      expect(errors[field]).toBe('Ce champ est obligatoire')
  })

  it('accepts ids given as select strings', () => {
    const parsed = organizationCreateSchema.parse({
      organizationName: 'Atelier',
      legalFormId: '2',
      sectorId: '10',
      taxRegimeId: 1,
      taxAreaId: '1',
      canSellCash: false,
    })
    expect(parsed.legalFormId).toBe(2)
  })

  const base = { name: 'Atelier', legalFormId: 1, sectorId: 1, taxRegimeId: 1, taxAreaId: 1 }

  it('removes spaces from the SIREN and wants 9 digits', () => {
    expect(organizationUpdateSchema.parse({ ...base, registrySiren: '732 829 320' }).registrySiren).toBe('732829320')
    expect(errorsOf(organizationUpdateSchema, { ...base, registrySiren: '73282932' }).registrySiren).toBe(
      'Ce champ doit contenir un SIREN de 9 chiffres',
    )
  })

  it('wants a 5-character postcode in the address', () => {
    const errors = errorsOf(organizationUpdateSchema, {
      ...base,
      address: { street: '1 rue Haute', postcode: '3400', city: 'Montpellier' },
    })
    expect(errors['address.postcode']).toBe('Le format ne semble pas valide. Exemple: 34000')
  })

  it('turns blank optional strings into null and defaults the country to France', () => {
    const parsed = organizationUpdateSchema.parse({
      ...base,
      brandName: '  ',
      url: '',
      address: { street: '1 rue Haute', postcode: '34000', city: 'Montpellier', complement1: '' },
    })
    expect(parsed.brandName).toBeNull()
    expect(parsed.url).toBeNull()
    expect(parsed.address?.complement1).toBeNull()
    expect(parsed.address?.countryId).toBe(71)
  })

  it("checks e-mail, URL and phone with the spec's texts", () => {
    const errors = errorsOf(organizationUpdateSchema, { ...base, email: 'x@', url: 'exemple', phone: '123' })
    expect(errors.email).toBe("Le format de l'email est invalide")
    expect(errors.url).toBe("Le format de l'url est invalide")
    expect(errors.phone).toBe("Le numéro de téléphone n'est pas valide. Veuillez vérifier le format.")
  })
})

describe('phone numbers', () => {
  it('accepts national and international formats', () => {
    for (const phone of ['06 12 34 56 78', '01.23.45.67.89', '+33 6 12 34 56 78', '0033612345678', '+1 (415) 555-0100'])
      expect(isPhone(phone), phone).toBe(true)
  })
  it('refuses what is not a phone number', () => {
    for (const phone of ['12', 'abc', '06 12 34', '+0 123 456', '00000000000000000000'])
      expect(isPhone(phone), phone).toBe(false)
  })
})

describe('invitation and closure schemas', () => {
  it('refuses the default role "0"', () => {
    expect(errorsOf(invitationCreateSchema, { email: 'a@b.fr', roleId: '0' }).roleId).toBe('Ce champ est obligatoire')
  })

  it('accepts the closure sentence whatever its case', () => {
    const ok = closeAccountRequestSchema.safeParse({
      sentence: 'JE CONFIRME LA CLÔTURE DE MON COMPTE',
      organizationName: 'Atelier',
    })
    expect(ok.success).toBe(true)
    expect(closeAccountRequestSchema.safeParse({ sentence: 'je confirme', organizationName: 'Atelier' }).success).toBe(
      false,
    )
  })
})
