/**
 * Wrong secrets counted per account, whatever address they come from (decision 0041). Small API, shared by the
 * password sign-in and the second factor:
 *
 *   const throttle = createThrottle({ db, clock })
 *   await throttle.check(subject, message?)       // throws 429 (French, Retry-After) while the subject must wait
 *   await throttle.failure(subject, { onLock })   // one wrong secret; onLock(code) e-mails the unlock code, once
 *   await throttle.success(subject)               // a right secret: the count starts again
 *   await throttle.redeemUnlockCode(subject, code) // true when the e-mailed code is right (the lock is then lifted)
 *
 * Subjects: `password:<e-mail in lower case>` (unknown e-mails are counted the same way: no enumeration),
 * `second-factor:<user id>`. After FREE_FAILURES wrong secrets, every attempt waits 2^(n-5) seconds (capped at
 * 15 minutes) and answers 429 during the wait, even a right secret; the owner gets through with the e-mailed code.
 */
import { sessionMessages } from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { newSixDigitCode, safeEqual, sha256 } from '../../../lib/crypto'
import { LockedError } from '../../../lib/errors'
import {
  countFailure,
  countUnlockAttempt,
  deleteThrottle,
  deleteThrottlesBefore,
  findThrottle,
  updateThrottle,
} from './repo'

export const FREE_FAILURES = 5
const MAX_DELAY_SECONDS = 15 * 60
/** A count left alone this long starts again: an old typo does not weigh on the next month's sign-in. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000
const UNLOCK_CODE_MINUTES = 60
const UNLOCK_CODE_TRIES = 5

/** The delay that the n-th consecutive failure starts, in seconds. */
export function delayAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0
  return Math.min(2 ** (failures - FREE_FAILURES), MAX_DELAY_SECONDS)
}

type Options = {
  /** Called with a fresh code once per lock period (until the code expires or the count resets): e-mail it. */
  onLock?: (code: string) => Promise<void>
}

export function createThrottle(deps: { db: Db; clock: Clock }) {
  const { db } = deps
  const read = async (subject: string) => {
    const row = await findThrottle(db, subject)
    if (!row) return undefined
    const stale = deps.clock().getTime() - new Date(row.lastFailureAt).getTime() > FORGET_AFTER_MS
    return stale ? undefined : row
  }

  return {
    async check(subject: string, message: (seconds: number) => string = sessionMessages.accountLocked) {
      const row = await read(subject)
      if (!row?.lockedUntil) return
      const waitMs = new Date(row.lockedUntil).getTime() - deps.clock().getTime()
      if (waitMs > 0) throw new LockedError(Math.ceil(waitMs / 1000), message(waitMs / 1000))
    },

    /** Counts one wrong secret atomically (two processes may count at once) and starts the delay it earns. */
    async failure(subject: string, options: Options = {}): Promise<number> {
      const now = deps.clock()
      const forgetBefore = new Date(now.getTime() - FORGET_AFTER_MS).toISOString()
      const row = await countFailure(db, subject, now.toISOString(), forgetBefore)
      const failures = row?.failures ?? 1
      const delay = delayAfter(failures)
      if (delay === 0) return 0
      await updateThrottle(db, subject, { lockedUntil: new Date(now.getTime() + delay * 1000).toISOString() })
      const codeLive = row?.unlockExpiresAt && new Date(row.unlockExpiresAt) > now
      if (options.onLock && !codeLive) {
        const code = newSixDigitCode()
        await updateThrottle(db, subject, {
          unlockCodeHash: sha256(code),
          unlockAttempts: 0,
          unlockExpiresAt: new Date(now.getTime() + UNLOCK_CODE_MINUTES * 60_000).toISOString(),
        })
        await options.onLock(code)
      }
      return delay
    },

    async success(subject: string): Promise<void> {
      await deleteThrottle(db, subject)
    },

    /** A wrong code uses one of its tries; past them the code is dead until the next lock period sends another. */
    async redeemUnlockCode(subject: string, code: string): Promise<boolean> {
      const row = await read(subject)
      const now = deps.clock()
      if (!row?.unlockCodeHash || !row.unlockExpiresAt || new Date(row.unlockExpiresAt) <= now) return false
      if (row.unlockAttempts >= UNLOCK_CODE_TRIES) return false
      if (!safeEqual(row.unlockCodeHash, sha256(code))) {
        await countUnlockAttempt(db, subject)
        return false
      }
      return true
    },

    async purge(): Promise<void> {
      const before = new Date(deps.clock().getTime() - FORGET_AFTER_MS).toISOString()
      await deleteThrottlesBefore(db, before)
    },
  }
}
export type Throttle = ReturnType<typeof createThrottle>

/** The subject under which a sign-in's wrong passwords are counted. */
export const passwordSubject = (email: string) => `password:${email.trim().toLowerCase()}`
/** The subject under which a user's wrong second-factor codes are counted. */
export const secondFactorSubject = (userId: number) => `second-factor:${userId}`
