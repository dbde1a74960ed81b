import type { PrintedBranding } from '@app/domain'
import type { Storage } from '../../../lib/storage'
import type { Assets } from './theme'

const LIMIT = 64

/**
 * Branding files read from the storage once and kept in memory by key: uploads get a new key each time, so a key's
 * bytes never change. A small bound keeps memory flat with many organisations.
 */
export function createAssetStore(storage: Storage) {
  const cache = new Map<string, Buffer>()

  async function read(key: string | null): Promise<Buffer | null> {
    if (!key) return null
    const hit = cache.get(key)
    if (hit) {
      cache.delete(key)
      cache.set(key, hit)
      return hit
    }
    let file: Awaited<ReturnType<Storage['get']>> = null
    try {
      file = await storage.get(key)
    } catch {
      return null
    }
    if (!file) return null
    if (cache.size >= LIMIT) cache.delete(cache.keys().next().value as string)
    cache.set(key, file.body)
    return file.body
  }

  return {
    async forBranding(branding: PrintedBranding): Promise<Omit<Assets, 'facturX'>> {
      const [logo, icon, background, backgroundNextPages] = await Promise.all([
        read(branding.logoKey),
        read(branding.iconKey),
        read(branding.backgroundKey),
        read(branding.backgroundNextPagesKey),
      ])
      return { logo, icon, background, backgroundNextPages }
    },
    /** Forgets a key (after a file is replaced or removed under the same key). */
    forget(key: string) {
      cache.delete(key)
    },
  }
}
export type AssetStore = ReturnType<typeof createAssetStore>
