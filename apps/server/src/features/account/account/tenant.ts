import type { FastifyRequest } from 'fastify'
import { actInOrganization } from '../../../db/tenant-scope'
import { requireUserId } from '../../../lib/auth-context'
import { AppError, notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../organizations/service'
import type { AccountService } from './service'

/** Every tenant route acts on the caller's current organisation (API.md "Tenancy"). */
export function createTenantResolver(deps: {
  account: AccountService
  organizations: OrganizationService
  /** 403 TWO_FACTOR_REQUIRED when the owner requires the second factor and this member has none (features/account/two-factor). */
  twoFactor: { assertAllowed(secondFactorMissing: boolean): void }
}) {
  /** A current organisation the user left, or none chosen yet: another of theirs becomes current, then is read. */
  const repaired = async (userId: number) => {
    const organizationId = await deps.account.currentOrganizationId(userId)
    if (organizationId === null) throw new AppError(404, 'NO_ORGANIZATION', "Tu n'as pas encore créé d'entreprise.")
    const current = await deps.organizations.currentMembership(userId)
    if (!current) throw notFound()
    return current
  }
  return async (request: FastifyRequest): Promise<Tenant> => {
    const userId = requireUserId(request)
    // One query in the usual case, the second factor's requirement included.
    const current = (await deps.organizations.currentMembership(userId)) ?? (await repaired(userId))
    const { secondFactorMissing, ...membership } = current
    const tenant: Tenant = { userId, organizationId: membership.organizationId, membership }
    request.tenantOrganizationId = tenant.organizationId
    // Every query from here on sees this organisation's rows only, whatever it says (decision 0048).
    actInOrganization(tenant.organizationId)
    deps.twoFactor.assertAllowed(secondFactorMissing)
    return request.auth?.impersonatorId ? { ...tenant, impersonatorId: request.auth.impersonatorId } : tenant
  }
}
