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
  twoFactor: { assertAllowed(organizationId: number, userId: number, missing?: boolean): Promise<void> }
}) {
  const resolve = async (request: FastifyRequest): Promise<{ tenant: Tenant; secondFactorMissing?: boolean }> => {
    const userId = requireUserId(request)
    // One query in the usual case, the second factor's requirement included; the slow path below also repairs a
    // current organisation the user left.
    const current = await deps.organizations.currentMembership(userId)
    if (current) {
      const { secondFactorMissing, ...membership } = current
      return { tenant: { userId, organizationId: membership.organizationId, membership }, secondFactorMissing }
    }
    const organizationId = await deps.account.currentOrganizationId(userId)
    if (organizationId === null) throw new AppError(404, 'NO_ORGANIZATION', "Tu n'as pas encore créé d'entreprise.")
    const membership = await deps.organizations.membership(userId, organizationId)
    return { tenant: { userId, organizationId, membership } }
  }
  return async (request: FastifyRequest): Promise<Tenant> => {
    const { tenant, secondFactorMissing } = await resolve(request)
    request.tenantOrganizationId = tenant.organizationId
    // Every query from here on sees this organisation's rows only, whatever it says (decision 0048).
    actInOrganization(tenant.organizationId)
    await deps.twoFactor.assertAllowed(tenant.organizationId, tenant.userId, secondFactorMissing)
    return request.auth?.impersonatorId ? { ...tenant, impersonatorId: request.auth.impersonatorId } : tenant
  }
}
