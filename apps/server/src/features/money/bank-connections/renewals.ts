import { BANK_RENEWAL_NOTICE_DAYS } from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import type { NotificationService } from '../../platform/notifications/service'
import { createBankConnectionRepo } from './repo'

/**
 * The jobs' step that tells a bank connection's members, once, that its 90 days of access end within the week or have
 * ended (decision 0031): after them the bank asks for strong authentication again and the transactions stop. Each
 * connection is claimed by one statement (its mark set where it had none), so two processes never tell it twice; a
 * renewal clears the mark for the next 90 days. Returns the connections told about.
 */
export function createRenewalNotices(deps: {
  db: Db
  clock: Clock
  notifications: Pick<NotificationService, 'connectionExpiring'>
}) {
  return {
    async runDue(): Promise<number> {
      const now = deps.clock()
      const horizon = new Date(now.getTime() + BANK_RENEWAL_NOTICE_DAYS * 86_400_000).toISOString()
      const claimed = await createBankConnectionRepo(deps.db).claimExpiring(horizon, now.toISOString())
      for (const connection of claimed)
        if (connection.expiresAt)
          await deps.notifications.connectionExpiring(
            connection.organizationId,
            { ...connection, expiresAt: connection.expiresAt },
            now,
          )
      return claimed.length
    },
  }
}
export type RenewalNotices = ReturnType<typeof createRenewalNotices>
