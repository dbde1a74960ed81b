import { describe, expect, it } from 'vitest'
import { sessionMessages, waitText } from './messages'
import { unlockSchema } from './schemas'

describe('the wait a locked account is told', () => {
  it('says seconds under a minute and whole minutes above, rounded up', () => {
    expect(waitText(0.2)).toBe('1 seconde')
    expect(waitText(1)).toBe('1 seconde')
    expect(waitText(32)).toBe('32 secondes')
    expect(waitText(60)).toBe('1 minute')
    expect(waitText(61)).toBe('2 minutes')
    expect(waitText(900)).toBe('15 minutes')
    expect(sessionMessages.accountLocked(4)).toContain('Réessaye dans 4 secondes')
  })

  it('counts the other sessions ended', () => {
    expect(sessionMessages.othersEnded(0)).toBe("Aucune autre session n'était ouverte.")
    expect(sessionMessages.othersEnded(1)).toBe('1 autre session terminée.')
    expect(sessionMessages.othersEnded(3)).toBe('3 autres sessions terminées.')
  })
})

describe('the unlock form', () => {
  it('wants the address, a 6-digit code and the password, nothing else', () => {
    expect(unlockSchema.safeParse({ email: 'a@b.fr', code: '012345', password: 'x' }).success).toBe(true)
    const bad = unlockSchema.safeParse({ email: 'a@b.fr', code: '12ab', password: '' })
    expect(bad.success).toBe(false)
    const fields = bad.error?.issues.map((issue) => issue.path.join('.'))
    expect(fields).toEqual(expect.arrayContaining(['code', 'password']))
    expect(unlockSchema.safeParse({ email: 'a@b.fr', code: '012345', password: 'x', extra: 1 }).success).toBe(false)
  })
})
