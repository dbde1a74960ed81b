import type { FastifyRequest } from 'fastify'
import { actInOrganization } from '../../../db/tenant-scope'
import { requireUserId } from '../../../lib/auth-context'
import { AppError } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../organizations/service'
import type { AccountService } from './service'

/** Every tenant route acts on the caller's current organisation (API.md "Tenancy"). */
export function createTenantResolver(deps: {
  account: AccountService
  organizations: OrganizationService
  /** 403 TWO_FACTOR_REQUIRED when the owner requires the second factor and this member has none (features/account/two-factor). */
  twoFactor: { assertAllowed(organizationId: number, userId: number): Promise<void> }
}) {
  const resolve = async (request: FastifyRequest): Promise<Tenant> => {
    const userId = requireUserId(request)
    // One query in the usual case; the slow path below also repairs a current organisation the user left.
    const current = await deps.organizations.currentMembership(userId)
    if (current) return { userId, organizationId: current.organizationId, membership: current }
    const organizationId = await deps.account.currentOrganizationId(userId)
    if (organizationId === null) throw new AppError(404, 'NO_ORGANIZATION', "Tu n'as pas encore créé d'entreprise.")
    const membership = await deps.organizations.membership(userId, organizationId)
    return { userId, organizationId, membership }
  }
  return async (request: FastifyRequest): Promise<Tenant> => {
    const tenant = await resolve(request)
    request.tenantOrganizationId = tenant.organizationId
    // Every query from here on sees this organisation's rows only, whatever it says (decision 0048).
    actInOrganization(tenant.organizationId)
    await deps.twoFactor.assertAllowed(tenant.organizationId, tenant.userId)
    return request.auth?.impersonatorId ? { ...tenant, impersonatorId: request.auth.impersonatorId } : tenant
  }
}
