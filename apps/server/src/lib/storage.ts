import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, resolve, sep } from 'node:path'

export type StoredFile = { body: Buffer; contentType: string }

/**
 * The one storage interface for files (DESIGN.md): keys are relative paths namespaced by organisation
 * (`org-12/items/<random>.png`). The default implementation is a folder; another (S3…) would keep the same shape.
 */
export type Storage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>
  /** The file, or null when there is none under that key. */
  get(key: string): Promise<StoredFile | null>
  /** Removes the file; a missing file is not an error. */
  delete(key: string): Promise<void>
  /** Forgets for good the files deleted before `before` (the hourly housekeeping). */
  purgeDeleted?(before: Date): Promise<void>
}

/**
 * Where a folder storage keeps what it deleted for a day: a backup's snapshot may still point at a file replaced
 * after it was taken, and links it from here (features/platform/backup/files.ts).
 */
export const DELETED_FOLDER = '.deleted'

const KEY = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/

/** Files in a folder (`<DATA_DIR>/files` by default); the content type is kept in a `.type` file beside each one. */
export function createFolderStorage(root: string): Storage {
  const base = resolve(root)
  const pathOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`invalid storage key: ${key}`)
    const path = resolve(base, key)
    if (!path.startsWith(base + sep)) throw new Error(`invalid storage key: ${key}`)
    return path
  }
  return {
    async put(key, body, contentType) {
      const path = pathOf(key)
      await mkdir(dirname(path), { recursive: true })
      await writeFile(`${path}.type`, contentType)
      await writeFile(path, body)
    },
    async get(key) {
      const path = pathOf(key)
      try {
        const [body, contentType] = await Promise.all([readFile(path), readFile(`${path}.type`, 'utf8')])
        return { body, contentType }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw error
      }
    },
    async delete(key) {
      const path = pathOf(key)
      const kept = join(base, DELETED_FOLDER, key)
      await mkdir(dirname(kept), { recursive: true })
      for (const [from, to] of [
        [path, kept],
        [`${path}.type`, `${kept}.type`],
      ] as const)
        await rename(from, to).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'ENOENT') throw error
        })
    },
    async purgeDeleted(before) {
      const walk = async (folder: string): Promise<void> => {
        const entries = await readdir(folder, { withFileTypes: true }).catch(() => [])
        for (const entry of entries) {
          const path = join(folder, entry.name)
          if (entry.isDirectory()) await walk(path)
          else if ((await stat(path)).ctime < before) await rm(path, { force: true })
        }
      }
      await walk(join(base, DELETED_FOLDER))
    },
  }
}
