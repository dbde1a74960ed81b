import { existsSync } from 'node:fs'
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import * as tar from 'tar'
import {
  BACKUP_FORMAT_VERSION,
  KEY_FILE,
  MANIFEST,
  MANIFEST_CHECKSUM,
  type Manifest,
  manifestSchema,
  sha256Of,
  sha256OfFile,
} from './manifest'
import { shippedMigrations } from './migrations'

/** A restore that stops before writing anything, with what to do, in French (the CLI prints it and exits 2). */
export class RestoreRefused extends Error {}

/** Unpacks the archive into `folder` (node-tar keeps every entry inside it: no absolute path, no `..`). */
export async function unpack(archive: string, folder: string) {
  if (!existsSync(archive)) throw new RestoreRefused(`Archive introuvable : ${archive}`)
  try {
    await tar.extract({ file: archive, cwd: folder, strict: true })
  } catch (error) {
    throw new RestoreRefused(
      `Archive illisible : ${archive} n'est pas une sauvegarde Carnet complète (${(error as Error).message}).`,
    )
  }
}

/**
 * Checks every part against the manifest, and the manifest against its own checksum, before anything is written:
 * a damaged archive is refused with the name of the part that does not match.
 */
export async function verifyArchive(folder: string): Promise<{ manifest: Manifest; manifestSha256: string }> {
  const manifestPath = join(folder, MANIFEST)
  const checksumPath = join(folder, MANIFEST_CHECKSUM)
  if (!existsSync(manifestPath) || !existsSync(checksumPath))
    throw new RestoreRefused(`Archive incomplète : ${MANIFEST} ou ${MANIFEST_CHECKSUM} manque.`)
  const text = await readFile(manifestPath, 'utf8')
  const manifestSha256 = sha256Of(text)
  const expected = (await readFile(checksumPath, 'utf8')).trim().split(/\s+/)[0]
  if (expected !== manifestSha256)
    throw new RestoreRefused(`Archive corrompue : ${MANIFEST} ne correspond pas à sa somme de contrôle.`)
  let parsed: ReturnType<typeof manifestSchema.safeParse>
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text))
  } catch {
    throw new RestoreRefused(`Archive corrompue : ${MANIFEST} n'est pas du JSON.`)
  }
  if (!parsed.success) throw new RestoreRefused(`Ce n'est pas un manifeste de sauvegarde Carnet : ${MANIFEST}.`)
  const manifest = parsed.data
  if (manifest.formatVersion > BACKUP_FORMAT_VERSION)
    throw new RestoreRefused(
      `Cette sauvegarde est au format ${manifest.formatVersion}, plus récent que celui de ce Carnet (${BACKUP_FORMAT_VERSION}) : mets Carnet à jour.`,
    )
  const parts: { path: string; sha256: string; size?: number }[] = [
    ...manifest.tables.map((table) => ({ path: table.file, sha256: table.sha256 })),
    ...manifest.files,
    ...(manifest.secretKey.included && manifest.secretKey.sha256
      ? [{ path: KEY_FILE, sha256: manifest.secretKey.sha256 }]
      : []),
  ]
  for (const part of parts) {
    const path = join(folder, part.path)
    if (!existsSync(path)) throw new RestoreRefused(`Archive incomplète : ${part.path} manque.`)
    if (
      (part.size !== undefined && (await stat(path)).size !== part.size) ||
      (await sha256OfFile(path)) !== part.sha256
    )
      throw new RestoreRefused(`Archive corrompue : ${part.path} ne correspond pas à sa somme de contrôle.`)
  }
  return { manifest, manifestSha256 }
}

/**
 * The archive's migrations must be the first ones this build ships: the rows are loaded into the schema they were
 * read from, and the server then runs the newer migrations on them at its start. An archive from a newer Carnet
 * has migrations this build does not know: refused, rather than loaded into a schema that lacks its columns.
 */
export function lastMigrationOf(manifest: Manifest): number {
  const shipped = shippedMigrations()
  if (manifest.migrations.length === 0)
    throw new RestoreRefused("Cette sauvegarde ne contient aucune migration : ce n'est pas une base Carnet.")
  for (const [index, migration] of manifest.migrations.entries()) {
    const ours = shipped[index]
    if (!ours || ours.createdAt !== migration.createdAt) {
      const known = shipped.some((candidate) => candidate.createdAt === migration.createdAt)
      throw new RestoreRefused(
        known
          ? `Les migrations de cette sauvegarde ne suivent pas celles de ce Carnet (${migration.tag}) : restaure-la avec la version de Carnet qui l'a faite (${manifest.carnetVersion}).`
          : `Cette sauvegarde vient d'une version plus récente de Carnet (${manifest.carnetVersion}, migration ${migration.tag} inconnue ici) : mets Carnet à jour avant de la restaurer.`,
      )
    }
  }
  return manifest.migrations[manifest.migrations.length - 1]?.createdAt as number
}
