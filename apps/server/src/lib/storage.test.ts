import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createFolderStorage, DELETED_FOLDER } from './storage'

const folders: string[] = []
afterEach(async () => {
  for (const folder of folders.splice(0)) await rm(folder, { recursive: true, force: true })
})

describe('the folder storage', () => {
  it('keeps a deleted file out of sight for a day, for the backups, then forgets it', async () => {
    const root = await mkdtemp(join(tmpdir(), 'carnet-storage-'))
    folders.push(root)
    const storage = createFolderStorage(root)
    await storage.put('org-1/items/abc.png', Buffer.from('image'), 'image/png')
    await storage.delete('org-1/items/abc.png')
    expect(await storage.get('org-1/items/abc.png')).toBeNull()
    expect(existsSync(join(root, 'org-1/items/abc.png'))).toBe(false)
    const kept = join(root, DELETED_FOLDER, 'org-1/items/abc.png')
    expect(existsSync(kept)).toBe(true)

    // Younger than the limit: kept; a missing file deleted again is no error.
    await storage.purgeDeleted?.(new Date(Date.now() - 60_000))
    expect(existsSync(kept)).toBe(true)
    await storage.delete('org-1/items/abc.png')
    await storage.purgeDeleted?.(new Date(Date.now() + 60_000))
    expect(existsSync(kept)).toBe(false)
    expect(existsSync(`${kept}.type`)).toBe(false)
  })
})
