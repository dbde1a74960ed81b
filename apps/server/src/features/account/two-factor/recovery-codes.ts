import { randomInt } from 'node:crypto'
import { normalizeRecoveryCode } from '@app/domain'
import { safeEqual, sha256 } from '../../../lib/crypto'

/** Base 32 without 0, 1, 8, 9: nothing to confuse with O, I, l or B when typed from paper. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'
export const RECOVERY_CODE_COUNT = 10

/** "abcde-fgh23": 50 random bits each, shown once; only their SHA-256 is kept. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const letters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('')
    return `${letters.slice(0, 5)}-${letters.slice(5)}`
  })
}

export const recoveryCodeHash = (code: string) => sha256(normalizeRecoveryCode(code))

/** The stored hash the code matches, compared in constant time against each of them. */
export function matchingHash(code: string, hashes: string[]): string | null {
  const candidate = recoveryCodeHash(code)
  let found: string | null = null
  for (const hash of hashes) if (safeEqual(candidate, hash)) found = hash
  return found
}
