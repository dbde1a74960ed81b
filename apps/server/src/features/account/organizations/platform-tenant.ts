import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from './service'

/**
 * The tenant the jobs act as for an organisation: the recurring invoice's author while still a member, else the
 * owner; `byPlatform` so that the history says the platform did it, not them.
 */
export async function platformTenant(
  organizations: OrganizationService,
  organizationId: number,
  authorId: number | null,
): Promise<Tenant> {
  if (authorId !== null) {
    const membership = await organizations.membership(authorId, organizationId).catch(() => null)
    if (membership) return { userId: authorId, organizationId, membership, byPlatform: true }
  }
  const owner = await organizations.ownerMembership(organizationId)
  return { userId: owner.userId, organizationId, membership: owner.membership, byPlatform: true }
}
