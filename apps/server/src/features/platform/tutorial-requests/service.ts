import { messages, type TutorialRequestDto, type tutorialRequestSchema } from '@app/domain'
import type { z } from 'zod'
import type { DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { notFound } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import { createTutorialRequestRepo } from './repo'

/**
 * Requests for new tutorials (spec/account.md §2 "A new-tutorial request modal", §3 "Tutorial request"): who asks and
 * for which organisation come from the session (the spec's user_id, user_email, organization_id), never the body.
 */
/** Who asks, as the account's users tell it (wired in app.ts). */
type Requesters = { findById(id: number): Promise<{ id: number; email: string } | undefined> }

export function createTutorialRequestService(deps: { db: DbOrTx; clock: Clock; users: Requesters }) {
  const repo = createTutorialRequestRepo(deps.db)
  return {
    async create(tenant: Tenant, body: z.output<typeof tutorialRequestSchema>): Promise<TutorialRequestDto> {
      const user = await deps.users.findById(tenant.userId)
      if (!user) throw notFound()
      const row = await repo.insert({
        organizationId: tenant.organizationId,
        userId: user.id,
        userEmail: user.email,
        ...body,
        createdAt: deps.clock().toISOString(),
      })
      return { id: row.id, message: messages.tutorialRequest.saved, createdAt: row.createdAt }
    },
  }
}
export type TutorialRequestService = ReturnType<typeof createTutorialRequestService>
