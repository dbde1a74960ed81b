import { constants, copyFileSync, renameSync } from 'node:fs'
import { copyFile, link, mkdir, readdir, rm } from 'node:fs/promises'
import { dirname, join, relative, sep } from 'node:path'
import { DELETED_FOLDER } from '../../../lib/storage'

/**
 * Uploaded files (lib/storage.ts) are named by a random key and never rewritten: a new logo or image is a new key,
 * and the old file is deleted only after the database stopped pointing at it. A snapshot may still point at a file
 * replaced after it was taken, so the storage keeps what it deletes for a day under `.deleted/`: linking the live
 * files and the deleted ones at their keys captures every file the snapshot refers to (plus, harmlessly, a few not
 * yet or no longer referenced). `listFiles` leaves `.deleted/` out; `deletedFiles` lists it.
 */
export async function listFiles(root: string): Promise<string[]> {
  const found: string[] = []
  const walk = async (folder: string) => {
    let entries: import('node:fs').Dirent[]
    try {
      entries = await readdir(folder, { withFileTypes: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) {
        if (folder === root && entry.name === DELETED_FOLDER) continue
        await walk(path)
      } else if (entry.isFile()) found.push(relative(root, path).split(sep).join('/'))
    }
  }
  await walk(root)
  return found.sort()
}

/** Hard links (instant, no space) where the file system allows them, copies elsewhere. */
export async function linkFiles(from: string, to: string, paths: string[]) {
  for (const path of paths) {
    const target = join(to, path)
    await mkdir(dirname(target), { recursive: true })
    try {
      await link(join(from, path), target)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      // Deleted since it was listed: its row was already gone from the snapshot (see above).
      if (code === 'ENOENT') continue
      if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error
      await copyFile(join(from, path), target).catch((copyError: NodeJS.ErrnoException) => {
        if (copyError.code !== 'ENOENT') throw copyError
      })
    }
  }
}

/**
 * Gives each linked file an inode of its own. An upload still being written when the folder was linked (its row not
 * yet committed, so not in the snapshot) would otherwise keep growing under the archive between its checksum and
 * its packing; a copy holds still. Synchronous, like the packing after it (backup.ts says why).
 */
export function detachFiles(folder: string, paths: string[]) {
  for (const path of paths) {
    const target = join(folder, path)
    const copy = `${target}.detached`
    try {
      copyFileSync(target, copy, constants.COPYFILE_FICLONE)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    renameSync(copy, target)
  }
}

export const removeFolder = (folder: string) => rm(folder, { recursive: true, force: true })
