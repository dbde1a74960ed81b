import { describe, expect, it } from 'vitest'
import { meDtoSchema } from '../api/me'
import { apiTokenListQuerySchema, emailChangeConfirmSchema, profilePatchSchema } from './me'

describe('profile PATCH body', () => {
  it('takes any subset of the fields, with no default filling the others', () => {
    expect(profilePatchSchema.parse({ firstname: ' Léa ' })).toEqual({ firstname: 'Léa' })
    expect(profilePatchSchema.parse({})).toEqual({})
  })

  it('checks each field sent, and carries the current password for an e-mail change', () => {
    expect(profilePatchSchema.safeParse({ email: 'pas-une-adresse' }).success).toBe(false)
    expect(profilePatchSchema.parse({ email: 'Lea@Exemple.FR', currentPassword: 'secret' })).toEqual({
      email: 'lea@exemple.fr',
      currentPassword: 'secret',
    })
    expect(profilePatchSchema.parse({ phoneMobile: null })).toEqual({ phoneMobile: null })
  })
})

describe('e-mail change confirmation', () => {
  it('wants the 6-digit code', () => {
    expect(emailChangeConfirmSchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' })
    expect(emailChangeConfirmSchema.safeParse({ code: '12345' }).error?.issues[0]?.message).toBe(
      'Le code doit contenir 6 chiffres',
    )
  })
})

describe('account answers', () => {
  it('pages the tokens like every list and refuses unknown query fields', () => {
    expect(apiTokenListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 25 })
    expect(apiTokenListQuerySchema.safeParse({ filter: 'x' }).success).toBe(false)
  })

  it('says when an e-mail change is waiting for its code', () => {
    expect(meDtoSchema.shape.pendingEmail.safeParse(null).success).toBe(true)
    expect(meDtoSchema.shape.pendingEmail.safeParse(undefined).success).toBe(false)
  })
})
