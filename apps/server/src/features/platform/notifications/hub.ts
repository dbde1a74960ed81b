import type { Database, Unlisten } from '../../../db/client'
import { acrossOrganizations } from '../../../db/tenant-scope'
import { NOTIFICATION_CHANNEL } from './repo'

export type NotificationEvent = { organizationId: number; id: number }
type Listener = (event: NotificationEvent) => void

/**
 * The process's one ear on the database (decision 0027): a single LISTEN, opened when the first stream subscribes,
 * fanned out to every open stream of this process. Rows made by another process reach it through PostgreSQL's
 * NOTIFY; on PGlite (one process) through PGlite's own listen. Payloads are "organisationId:notificationId".
 */
export function createNotificationHub(deps: { listen: Database['listen'] }) {
  const listeners = new Set<Listener>()
  /** How to end each open stream: the app closing ends them, else the server would wait for them forever. */
  const streams = new Set<() => void>()
  let listening: Promise<Unlisten> | null = null

  const onPayload = (payload: string) => {
    const [organizationId, id] = payload.split(':').map(Number)
    if (!Number.isSafeInteger(organizationId) || !Number.isSafeInteger(id)) return
    const event = { organizationId: organizationId as number, id: id as number }
    for (const listener of listeners) listener(event)
  }

  return {
    /** Resolves once the process listens, so that a row committed after it is heard. */
    async subscribe(listener: Listener): Promise<() => void> {
      listeners.add(listener)
      if (!listening) {
        // The process's one LISTEN serves every organisation: it is opened out of the first stream's scope.
        listening = acrossOrganizations(() => deps.listen(NOTIFICATION_CHANNEL, onPayload))
        // A database that refused the LISTEN is asked again by the next stream rather than never.
        listening.catch(() => {
          listening = null
        })
      }
      try {
        await listening
      } catch (error) {
        listeners.delete(listener)
        throw error
      }
      return () => listeners.delete(listener)
    },

    track(close: () => void): () => void {
      streams.add(close)
      return () => streams.delete(close)
    },

    async stop() {
      for (const close of [...streams]) close()
      listeners.clear()
      const current = listening
      listening = null
      if (current) await (await current.catch(() => null))?.()
    },
  }
}

export type NotificationHub = ReturnType<typeof createNotificationHub>
