// OWNED BY HELPER C (platform client). Replace this placeholder with the real client; keep the exported names.
import type { Db } from '../../../db/client'
import type { SecretBox } from '../../../lib/secrets'
import type { PlatformClient } from './types'

/** The PA client of an organisation, made from its connection row; null when it is not connected. */
export function createPlatformClients(_deps: { db: Db; secrets: SecretBox }) {
  return {
    async forOrganization(_organizationId: number): Promise<PlatformClient | null> {
      return null
    },
  }
}
export type PlatformClients = ReturnType<typeof createPlatformClients>
