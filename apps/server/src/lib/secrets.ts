import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Secrets the app must read back (two-factor seeds, the organisations' Stripe keys, bank and platform credentials)
 * are kept encrypted: AES-256-GCM with a key from the environment, so a copy of the database alone opens nothing.
 * Stored form: `v1:` + base64url(iv ‖ tag ‖ ciphertext); the version lets a later key rotation tell old from new.
 */
export type SecretBox = {
  seal(plain: string): string
  open(sealed: string): string
  /** A stored value that predates encryption (plain text) is read as is, so an upgrade loses nothing. */
  openLegacy(stored: string): string
  isSealed(stored: string): boolean
}

const PREFIX = 'v1:'
const IV_BYTES = 12
const TAG_BYTES = 16

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('SECRET_KEY doit faire 32 octets (en base64 ou en hexadécimal)')
  const isSealed = (stored: string) => stored.startsWith(PREFIX)
  const open = (sealed: string) => {
    if (!isSealed(sealed)) throw new Error('secret not sealed')
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64url')
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8')
  }
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')
    },
    open,
    openLegacy: (stored) => (isSealed(stored) ? open(stored) : stored),
    isSealed,
  }
}

/** 32 bytes written as base64 (standard or URL-safe) or as 64 hexadecimal digits. */
export function parseSecretKey(text: string): Buffer {
  const trimmed = text.trim()
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64')
  if (key.length !== 32) throw new Error('SECRET_KEY doit faire 32 octets (en base64 ou en hexadécimal)')
  return key
}

export const secretKeyFilePath = (dataDir: string) => join(dataDir, 'secret.key')

/**
 * SECRET_KEY when set. In production without it the server refuses to start: a key made on the spot would be lost
 * with the container, and every secret with it. Elsewhere (a laptop, the tests) one is made once beside the
 * embedded database, readable by this user only, and kept by `npm run backup`.
 */
export function resolveSecretKey(options: { secretKey: string | null; production: boolean; dataDir: string }): Buffer {
  if (options.secretKey) return parseSecretKey(options.secretKey)
  if (options.production) {
    throw new Error(
      'SECRET_KEY manquant : en production, donne une clé de 32 octets (par exemple `openssl rand -base64 32`)',
    )
  }
  const path = secretKeyFilePath(options.dataDir)
  try {
    return parseSecretKey(readFileSync(path, 'utf8'))
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  mkdirSync(options.dataDir, { recursive: true })
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (error) {
    // Another process made it first: read theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  return parseSecretKey(readFileSync(path, 'utf8'))
}
