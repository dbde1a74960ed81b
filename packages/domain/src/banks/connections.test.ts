import { describe, expect, it } from 'vitest'
import { messages } from '../messages/index'
import { bankConnectionExpiry, bankConnectionState, bankErrorAction, needsRenewal } from './connections'

const m = messages.bankConnections

describe('bankErrorAction: the bank error modal of spec/money.md §8', () => {
  it('keeps the spec’s exact texts', () => {
    expect(m.actionUpdate).toBe('Mettre à jour')
    expect(m.actionSync).toBe('Synchroniser')
    expect(m.actionValidate).toBe('Valider')
    expect(m.actionFix).toBe('Corriger')
    expect(m.contactSupport).toBe('Tu peux contacter le support')
    expect(m.connectFailed('Bridge')).toBe('Erreur lors de la connexion à Bridge')
  })

  it.each([
    [402, 'Mettre à jour'],
    [1005, 'Mettre à jour'],
    [429, 'Synchroniser'],
    [1003, 'Synchroniser'],
    [1010, 'Synchroniser'],
    [1100, 'Valider'],
    [430, 'Corriger'],
    [1007, 'Corriger'],
    [1009, 'Corriger'],
    [1099, 'Corriger'],
    [0, 'Corriger'],
    [-2, 'Corriger'],
  ])('labels the button of code %i “%s”, whatever the info', (code, label) => {
    expect(bankErrorAction(code, null).label).toBe(label)
    expect(bankErrorAction(code, 'pwd_renewal').label).toBe(label)
    expect(bankErrorAction(code, 'wrong_country_or_area').label).toBe(label)
  })

  it.each([402, 1010, 1100])('always shows the action link for code %i', (code) => {
    for (const info of [null, '', 'invalid_creds', 'otp_required', 'anything'])
      expect(bankErrorAction(code, info).hasActionLink, `${code} ${info}`).toBe(true)
  })

  it.each([
    [429, 'pwd_renewal', true],
    [429, 'tos_to_validate', false],
    [429, null, false],
    [1003, 'login_crash', true],
    [1003, 'cnt_crash', true],
    [1003, 'no_account_found', true],
    [1003, 'bank_is_down', false],
    [1003, null, false],
    [1005, 'no_access_to_account', true],
    [1005, 'unsupported_account', false],
    [1005, null, false],
    // An info that belongs to another code does not open the link.
    [429, 'login_crash', false],
    [1003, 'no_access_to_account', false],
    [1005, 'pwd_renewal', false],
  ] as const)('shows the action link for code %i with info %s: %s', (code, info, shown) => {
    expect(bankErrorAction(code, info).hasActionLink).toBe(shown)
  })

  it('shows the action link for the info wrong_country_or_area with any code', () => {
    for (const code of [0, 402, 429, 430, 1003, 1005, 1007, 1009, 1010, 1099, 1100])
      expect(bankErrorAction(code, 'wrong_country_or_area').hasActionLink, String(code)).toBe(true)
  })

  it('shows no action link otherwise (the modal then says to contact the support)', () => {
    for (const code of [0, 430, 1007, 1009, 1099, 500])
      for (const info of [null, 'pwd_renewal', 'login_crash', 'no_access_to_account'])
        expect(bankErrorAction(code, info).hasActionLink, `${code} ${info}`).toBe(false)
  })

  it('reads Bridge’s infos in either case (v2 wrote them in capitals)', () => {
    expect(bankErrorAction(429, 'PWD_RENEWAL').hasActionLink).toBe(true)
    expect(bankErrorAction(1003, ' Login_Crash ').hasActionLink).toBe(true)
    expect(bankErrorAction(0, 'WRONG_COUNTRY_OR_AREA').hasActionLink).toBe(true)
  })
})

describe('bank connection state and 90-day renewal', () => {
  const now = new Date('2026-06-01T10:00:00Z')

  it('ends a connection 90 days after it was made', () => {
    expect(bankConnectionExpiry(new Date('2026-03-03T10:00:00Z')).toISOString()).toBe('2026-06-01T10:00:00.000Z')
  })

  it('needs renewal from the moment its 90 days are over, not before', () => {
    expect(needsRenewal('2026-06-01T10:00:00.000Z', now)).toBe(true)
    expect(needsRenewal('2026-05-01T00:00:00Z', now)).toBe(true)
    expect(needsRenewal('2026-06-01T10:00:01Z', now)).toBe(false)
    expect(needsRenewal(null, now)).toBe(false)
  })

  it('is archived when switched off, OK with status 0 within its 90 days, else in error', () => {
    expect(bankConnectionState({ isActive: false, statusCode: 0, needsRenewal: false })).toBe('archived')
    expect(bankConnectionState({ isActive: false, statusCode: 402, needsRenewal: true })).toBe('archived')
    expect(bankConnectionState({ isActive: true, statusCode: 0, needsRenewal: false })).toBe('ok')
    expect(bankConnectionState({ isActive: true, statusCode: 402, needsRenewal: false })).toBe('error')
    expect(bankConnectionState({ isActive: true, statusCode: 0, needsRenewal: true })).toBe('error')
  })
})
