import type { Db } from '../../../../db/client'
import type { PlatformClients } from '../platform/client'
import type { Flow, FlowDirection, PlatformClient } from '../platform/types'
import { createIntakeRepo } from './repo'
import type { IncomingRetry } from './retry'
import type { FlowTaking } from './take'

/** Pages read per organisation and direction at each poll: a backlog is caught up over the next polls. */
const MAX_PAGES = 20

const later = (a: string | null, b: string) => (a === null || Date.parse(b) > Date.parse(a) ? b : a)

/**
 * The fallback of the webhook (and the only way for a PA that has none): every connected organisation's PA is asked
 * for the flows updated since the last poll (POST /v1/flows/search, strictly after `polled_until`), page by page with
 * its cursor. Incoming flows are taken as the webhook takes them; our outgoing ones get their acknowledgement
 * refreshed. The cursor is kept while a search is not finished, so a poll cut short resumes where it stopped;
 * `polled_until` moves to the last `updatedAt` seen once the search is done. One organisation's PA failing does not
 * stop the others.
 */
export function createPolling(deps: {
  db: Db
  platforms: PlatformClients
  taking: FlowTaking
  /** The failed incoming flows whose next try has come are tried after each poll. */
  retry: Pick<IncomingRetry, 'retryDue'>
  log: (error: unknown, message: string) => void
}) {
  /** Reads one direction's search to its end (or MAX_PAGES); answers the flows taken and the latest updatedAt. */
  async function search(
    organizationId: number,
    client: PlatformClient,
    direction: FlowDirection,
    from: { polledUntil: string | null; cursor: string | null },
  ) {
    const repo = createIntakeRepo(deps.db)
    let cursor = from.cursor
    let latest = from.polledUntil
    let taken = 0
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await client.searchFlows({
        where: { flowDirection: [direction], ...(from.polledUntil ? { updatedAfter: from.polledUntil } : {}) },
        ...(cursor ? { cursor } : {}),
      })
      for (const flow of answer.results as Flow[]) {
        const outcome = await deps.taking.take(organizationId, client, flow)
        if (outcome === 'processed') taken++
        latest = later(latest, flow.updatedAt)
      }
      cursor = answer.nextCursor ?? null
      // Only the incoming search keeps its place in the row: the acknowledgements are read again from polled_until.
      if (direction === 'In') await repo.savePolling(organizationId, { pollCursor: cursor })
      if (!cursor) return { taken, latest, done: true }
    }
    return { taken, latest, done: false }
  }

  async function pollOrganization(organizationId: number): Promise<number> {
    const repo = createIntakeRepo(deps.db)
    const connection = await repo.connection(organizationId)
    if (!connection) return 0
    const client = await deps.platforms.forOrganization(organizationId)
    if (!client) return 0
    const polledUntil = connection.polledUntil ?? null
    const incoming = await search(organizationId, client, 'In', { polledUntil, cursor: connection.pollCursor })
    const outgoing = await search(organizationId, client, 'Out', { polledUntil, cursor: null })
    const until = outgoing.done && outgoing.latest ? later(incoming.latest, outgoing.latest) : incoming.latest
    if (incoming.done && until) await repo.savePolling(organizationId, { pollCursor: null, polledUntil: until })
    const retried = await deps.retry.retryDue(organizationId, client)
    return incoming.taken + outgoing.taken + retried
  }

  return {
    /** Polls every connected organisation; answers how many flows were taken. */
    async pollDue(): Promise<number> {
      let taken = 0
      for (const organizationId of await createIntakeRepo(deps.db).connectedOrganizations()) {
        try {
          taken += await pollOrganization(organizationId)
        } catch (error) {
          deps.log(error, `e-invoicing: polling of organisation ${organizationId} failed`)
        }
      }
      return taken
    },
    pollOrganization,
  }
}
