import { createHash } from 'node:crypto'
import { closeSync, createReadStream, openSync, readFileSync, readSync } from 'node:fs'
import { z } from 'zod'

/**
 * The archive's table of contents (decision 0039): what was saved, from which Carnet and engine, and a SHA-256 of
 * every part, so that a restore refuses a damaged archive before it writes anything. The manifest's own SHA-256 is
 * in `manifest.sha256` beside it and printed by `npm run backup`.
 */
export const BACKUP_FORMAT = 'carnet-backup'
export const BACKUP_FORMAT_VERSION = 1
export const MANIFEST = 'manifest.json'
export const MANIFEST_CHECKSUM = 'manifest.sha256'
export const KEY_FILE = 'secret.key'

const sha256 = z.string().regex(/^[0-9a-f]{64}$/)
/** A path inside the archive: relative, no `..`, no backslash. */
const archivePath = z
  .string()
  .min(1)
  .refine((path) => !path.startsWith('/') && !path.includes('\\') && !path.split('/').includes('..'))

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.number().int().min(1),
  carnetVersion: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  engineVersion: z.string(),
  createdAt: z.string(),
  migrations: z.array(z.object({ tag: z.string(), createdAt: z.number().int(), hash: z.string() })),
  tables: z.array(
    z.object({
      schema: z.string(),
      name: z.string(),
      file: archivePath,
      /** The columns written back (generated ones are left to the database). */
      columns: z.array(z.string()),
      identity: z.boolean(),
      rows: z.number().int().min(0),
      sha256,
    }),
  ),
  sequences: z.array(z.object({ schema: z.string(), name: z.string(), lastValue: z.string().nullable() })),
  files: z.array(z.object({ path: archivePath, size: z.number().int().min(0), sha256 })),
  secretKey: z.object({
    /** In the archive when the instance used its embedded key file; never when SECRET_KEY came from the environment. */
    included: z.boolean(),
    source: z.enum(['file', 'environment', 'none']),
    sha256: sha256.nullable(),
    /** Tells whether a SECRET_KEY given at restore is the one the secrets were sealed with, without revealing it. */
    fingerprint: z.string().nullable(),
  }),
})

export type Manifest = z.infer<typeof manifestSchema>

export const sha256Of = (data: string | Buffer) => createHash('sha256').update(data).digest('hex')

/** A file's SHA-256, read as a stream (an archive's parts may be large). */
export function sha256OfFile(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256')
    createReadStream(path)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')))
  })
}

/** The same, in one synchronous go (1 MiB at a time): see backup.ts for when that is wanted. */
export function sha256OfFileSync(path: string): string {
  const hash = createHash('sha256')
  const buffer = Buffer.alloc(1 << 20)
  const descriptor = openSync(path, 'r')
  try {
    for (let read = readSync(descriptor, buffer); read > 0; read = readSync(descriptor, buffer))
      hash.update(buffer.subarray(0, read))
  } finally {
    closeSync(descriptor)
  }
  return hash.digest('hex')
}

/** Short and one-way: 32 random bytes hashed with a label cannot be turned back into the key. */
export const keyFingerprint = (key: Buffer) =>
  sha256Of(Buffer.concat([Buffer.from('carnet-secret-key-fingerprint:'), key])).slice(0, 16)

/** This build's version, from the repository's package.json. */
export function carnetVersion(): string {
  try {
    const root = new URL('../../../../../../package.json', import.meta.url)
    return (JSON.parse(readFileSync(root, 'utf8')) as { version?: string }).version ?? 'inconnue'
  } catch {
    return 'inconnue'
  }
}
