import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createSecretBox, parseSecretKey, resolveSecretKey } from './secrets'

const KEY = Buffer.alloc(32, 3).toString('base64')

describe('secrets kept encrypted', () => {
  it('seals a secret that only the same key opens, and refuses one altered on the way', () => {
    const box = createSecretBox(parseSecretKey(KEY))
    const sealed = box.seal('sk_live_abcdef')
    expect(sealed).toMatch(/^v1:/)
    expect(sealed).not.toContain('abcdef')
    expect(box.seal('sk_live_abcdef')).not.toBe(sealed)
    expect(box.open(sealed)).toBe('sk_live_abcdef')
    expect(() => createSecretBox(Buffer.alloc(32, 4)).open(sealed)).toThrow()
    // Flip one bit of the ciphertext itself: replacing a character by a fixed letter left it unchanged when it
    // already was that letter (1 run in 64).
    const raw = Buffer.from(sealed.slice(3), 'base64url')
    raw.writeUInt8((raw.at(-1) ?? 0) ^ 0x01, raw.length - 1)
    const altered = `v1:${raw.toString('base64url')}`
    expect(altered).not.toBe(sealed)
    expect(() => box.open(altered)).toThrow()
    expect(box.openLegacy('written-before-encryption')).toBe('written-before-encryption')
  })

  it('reads a key in base64 or in hexadecimal, and refuses one that is not 32 bytes', () => {
    expect(parseSecretKey(Buffer.alloc(32, 9).toString('hex'))).toEqual(Buffer.alloc(32, 9))
    expect(() => parseSecretKey('trop-courte')).toThrow(/32 octets/)
  })

  it('refuses to start in production without SECRET_KEY; elsewhere makes one key file and keeps it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'carnet-secret-'))
    try {
      expect(() => resolveSecretKey({ secretKey: null, production: true, dataDir })).toThrow(/SECRET_KEY manquant/)
      const first = resolveSecretKey({ secretKey: null, production: false, dataDir })
      expect(resolveSecretKey({ secretKey: null, production: false, dataDir })).toEqual(first)
      expect((await stat(join(dataDir, 'secret.key'))).mode & 0o777).toBe(0o600)
      expect(parseSecretKey(await readFile(join(dataDir, 'secret.key'), 'utf8'))).toEqual(first)
      expect(resolveSecretKey({ secretKey: KEY, production: true, dataDir })).toEqual(parseSecretKey(KEY))
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
