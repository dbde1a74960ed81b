import type { ActivityCode, ActivityEntry } from '../../../lib/activity-log'
import { actorId, type Tenant } from '../../../lib/tenant'

/** A history entry on a recurring invoice (its model row): the platform's when the jobs act. */
export const recurringEntry = (
  tenant: Tenant,
  id: number,
  code: ActivityCode,
  payload?: Record<string, unknown>,
): ActivityEntry => ({
  organizationId: tenant.organizationId,
  subjectType: 'invoice',
  subjectId: id,
  code,
  userId: actorId(tenant),
  payload,
})
