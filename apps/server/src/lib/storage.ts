import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { dirname, resolve, sep } from 'node:path'

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
}

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
      await rm(path, { force: true })
      await rm(`${path}.type`, { force: true })
    },
  }
}
