import { describe, expect, it } from 'vitest'
import { SUBSCRIPTION_OUT_PATH, subscriptionBlock, TRIAL_END_PATH } from './subscriptionGate'

const organization = (overrides: Partial<Parameters<typeof subscriptionBlock>[0]> = {}) => ({
  isOwner: true,
  paymentRequired: false,
  free: false,
  isOnTrial: true,
  trialEndsAt: '2027-02-27T10:00:00.000Z',
  endsAt: null,
  ...overrides,
})
const trialOver = { free: true, isOnTrial: false }

describe('where a suspended subscription or an ended trial sends the user', () => {
  it('lets a running trial or plan through', () => {
    expect(subscriptionBlock(organization(), '/app', false)).toBeNull()
    expect(subscriptionBlock(organization({ isOnTrial: false }), '/app/sales/invoices', false)).toBeNull()
  })

  it('sends everyone to the suspended screen while a payment is required, except to settings, profile and help', () => {
    const suspended = organization({ paymentRequired: true, isOnTrial: false })
    expect(subscriptionBlock(suspended, '/app', false)).toBe(SUBSCRIPTION_OUT_PATH)
    expect(subscriptionBlock(suspended, '/app/sales/quotes/', false)).toBe(SUBSCRIPTION_OUT_PATH)
    expect(subscriptionBlock({ ...suspended, isOwner: false }, '/app/financial/bank', false)).toBe(
      SUBSCRIPTION_OUT_PATH,
    )
    for (const open of [
      '/app/setting/subscription',
      '/app/setting/subscription/cancel',
      '/app/profile',
      '/app/help/prorata-changement-de-formule',
      '/app/oups/subscription-out',
    ])
      expect(subscriptionBlock(suspended, open, false)).toBeNull()
  })

  it('says the end of the trial once, to the owner, on the dashboard only', () => {
    expect(subscriptionBlock(organization(trialOver), '/app', false)).toBe(TRIAL_END_PATH)
    expect(subscriptionBlock(organization(trialOver), '/app/', false)).toBe(TRIAL_END_PATH)
    expect(subscriptionBlock(organization(trialOver), '/app', true)).toBeNull()
    expect(subscriptionBlock(organization(trialOver), '/app/sales/invoices', false)).toBeNull()
    expect(subscriptionBlock(organization({ ...trialOver, isOwner: false }), '/app', false)).toBeNull()
  })

  it('does not take the end of a cancelled plan for the end of the trial', () => {
    expect(
      subscriptionBlock(organization({ ...trialOver, endsAt: '2026-10-01T00:00:00.000Z' }), '/app', false),
    ).toBeNull()
  })
})
