import { describe, expect, it } from 'vitest'
import {
  canManageOrganization,
  hasCompletedLegalInfo,
  hasFeature,
  legalInfoRequiredMessage,
  missingLegalInfo,
  PREMIUM_FEATURES,
  planAccess,
  trialEndFrom,
} from './access'

const plans = [
  { code: 'free', features: [], maxCollaborators: 1 },
  { code: 'monthly', features: ['alerts', 'commercial_dashboard'], maxCollaborators: 5 },
  { code: 'plus-monthly', features: ['alerts', 'recurring_invoices'], maxCollaborators: 10 },
]

describe('trial', () => {
  it('ends three calendar months after creation, clamped to the end of a shorter month', () => {
    expect(trialEndFrom(new Date('2026-11-22T10:00:00Z')).toISOString()).toBe('2027-02-22T10:00:00.000Z')
    expect(trialEndFrom(new Date('2026-11-30T10:00:00Z')).toISOString()).toBe('2027-02-28T10:00:00.000Z')
    expect(trialEndFrom(new Date('2027-11-30T10:00:00Z')).toISOString()).toBe('2028-02-29T10:00:00.000Z')
  })

  it('gives every premium feature while it runs', () => {
    const access = planAccess(
      { planCode: 'free', trialEndsAt: '2027-02-22T10:00:00Z', subscriptionEndsAt: null },
      plans,
      new Date('2026-12-01T00:00:00Z'),
    )
    expect(access).toMatchObject({ isOnTrial: true, free: false })
    for (const feature of PREMIUM_FEATURES) expect(hasFeature(access, feature)).toBe(true)
  })

  it('falls back to the free formula and its gates once over', () => {
    const access = planAccess(
      { planCode: 'free', trialEndsAt: '2027-02-22T10:00:00Z', subscriptionEndsAt: null },
      plans,
      new Date('2027-02-22T10:00:01Z'),
    )
    expect(access).toMatchObject({ isOnTrial: false, free: true, planCode: 'free', maxCollaborators: 1 })
    expect(hasFeature(access, 'recurring_invoices')).toBe(false)
  })
})

describe('paid plans', () => {
  it("gives the plan's features, not the trial's", () => {
    const access = planAccess(
      { planCode: 'monthly', trialEndsAt: '2027-02-22T10:00:00Z', subscriptionEndsAt: null },
      plans,
      new Date('2026-12-01T00:00:00Z'),
    )
    expect(access).toMatchObject({ isOnTrial: false, free: false, planCode: 'monthly', maxCollaborators: 5 })
    expect(hasFeature(access, 'recurring_invoices')).toBe(false)
  })

  it('keeps a cancelled plan until its end date (grace period), then returns to free', () => {
    const state = { planCode: 'plus-monthly', trialEndsAt: null, subscriptionEndsAt: '2027-01-31T23:00:00Z' }
    const during = planAccess(state, plans, new Date('2027-01-15T00:00:00Z'))
    expect(during).toMatchObject({ onGracePeriod: true, free: false, planCode: 'plus-monthly' })
    const after = planAccess(state, plans, new Date('2027-02-01T00:00:00Z'))
    expect(after).toMatchObject({ onGracePeriod: false, free: true, planCode: 'free' })
  })
})

describe('roles', () => {
  it('keeps organisation settings for owners', () => {
    expect(canManageOrganization('owner')).toBe(true)
    for (const role of ['admin', 'collaborator', 'accountant']) expect(canManageOrganization(role)).toBe(false)
  })
})

describe('legal information needed to issue quotes and invoices', () => {
  const complete = {
    name: 'Atelier Martin',
    registrySiren: '732829320',
    hasAddress: true,
    registryIntra: 'FR44732829320',
    isTaxFree: false,
  }

  it('is complete with a name, a SIREN, an address and, for a seller who charges VAT, a VAT number', () => {
    expect(missingLegalInfo(complete)).toEqual([])
    expect(hasCompletedLegalInfo(complete)).toBe(true)
    expect(missingLegalInfo({ ...complete, registryIntra: null, isTaxFree: true })).toEqual([])
    expect(missingLegalInfo({ ...complete, registrySiren: '73282932000018' })).toEqual([])
  })

  it('names each missing piece, in the order the legal-info page asks for them', () => {
    expect(
      missingLegalInfo({ name: ' ', registrySiren: null, hasAddress: false, registryIntra: null, isTaxFree: false }),
    ).toEqual(['name', 'siren', 'address', 'vatNumber'])
    expect(missingLegalInfo({ ...complete, registrySiren: '7328' })).toEqual(['siren'])
    expect(missingLegalInfo({ ...complete, hasAddress: false })).toEqual(['address'])
    expect(missingLegalInfo({ ...complete, registryIntra: ' ' })).toEqual(['vatNumber'])
  })

  it('says what is missing in French', () => {
    expect(legalInfoRequiredMessage(['siren', 'address'])).toBe(
      "Complète tes informations légales avant d'émettre un devis ou une facture : SIREN, adresse.",
    )
  })
})
