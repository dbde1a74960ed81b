import { describe, expect, it } from 'vitest'
import { afterSignupPath } from './SignupDonePage'

describe('the sign-up\'s last step, "C\'est parti"', () => {
  it('leads to the onboarding, also when the sign-up began from the home page sent to the login', () => {
    expect(afterSignupPath(null)).toBe('/app/start')
    expect(afterSignupPath('/app')).toBe('/app/start')
    expect(afterSignupPath('/app?you-are-subbed=yay')).toBe('/app/start')
    expect(afterSignupPath('/')).toBe('/app/start')
  })

  it('leads to the page the person was on the way to, never to another site', () => {
    expect(afterSignupPath('/app/sales/invoices/12/show')).toBe('/app/sales/invoices/12/show')
    expect(afterSignupPath('https://evil.example/app')).toBe('/app/start')
    expect(afterSignupPath('//evil.example')).toBe('/app/start')
  })
})
