import { describe, expect, it } from 'vitest'
import { afterSignInPath, safeRedirect } from './redirect'

describe('safeRedirect', () => {
  it.each([
    ['/app/setting', '/app/setting'],
    ['/auth/invitation?token=abc', '/auth/invitation?token=abc'],
    ['//evil.example/app', null],
    ['/\\evil.example', null],
    ['https://evil.example', null],
    ['', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(safeRedirect(value)).toBe(expected)
  })
})

describe('afterSignInPath', () => {
  const withOrganization = { id: 4, currentOrganizationId: 9 }
  const withoutOrganization = { id: 4, currentOrganizationId: null }

  it('goes to the redirect, else to /app', () => {
    expect(afterSignInPath(withOrganization, '/app/profile')).toBe('/app/profile')
    expect(afterSignInPath(withOrganization, null)).toBe('/app')
  })

  it('sends a user without organisation to the second sign-up step, keeping the redirect', () => {
    expect(afterSignInPath(withoutOrganization, null)).toBe('/auth/register/4')
    expect(afterSignInPath(withoutOrganization, '/app/profile')).toBe('/auth/register/4?redirect=%2Fapp%2Fprofile')
  })

  it('lets an invitee accept the invitation before having an organisation of their own', () => {
    expect(afterSignInPath(withoutOrganization, '/auth/invitation?token=abc')).toBe('/auth/invitation?token=abc')
  })
})
