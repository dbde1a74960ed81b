import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/** OWASP's minimum for argon2id: 19 MiB, 2 iterations, 1 lane. 2 = Algorithm.Argon2id (a const enum). */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

/** Hashed once at start so that an unknown e-mail costs as much time as a wrong password. */
let dummyHash: Promise<string> | undefined
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-0000')
  await verifyPassword(await dummyHash, password)
}

/** Random secrets for cookies, API tokens and links: 32 bytes, URL-safe. */
export const newSecret = () => randomBytes(32).toString('base64url')

/** Only hashes of secrets are stored: a leaked table cannot open sessions. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

export const newSixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0')

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
