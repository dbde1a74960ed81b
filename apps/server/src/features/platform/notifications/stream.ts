import type { NotificationDto } from '@app/domain'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { inOrganization } from '../../../db/tenant-scope'
import type { NotificationHub } from './hub'

/** Proxies and browsers drop a silent connection after 30 to 60 s: a comment line keeps it open. */
export const HEARTBEAT_MS = 25_000

/**
 * Serves one server-sent events stream: subscribes to the process's hub first (so that nothing committed after the
 * answer starts is missed), then answers 200 text/event-stream and writes each notification of the organisation
 * that `load` finds for the user. Ends cleanly, unsubscribed and without timer, when the client goes away.
 */
export async function openEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { hub: NotificationHub; organizationId: number; load: (id: number) => Promise<NotificationDto | undefined> },
) {
  let closed = false
  const raw = reply.raw
  const write = (text: string) => {
    if (!closed) raw.write(text)
  }
  const unsubscribe = await deps.hub.subscribe((event) => {
    if (event.organizationId !== deps.organizationId) return
    // The event arrives in whatever context the LISTEN heard it: the stream's organisation is set again for its read.
    inOrganization(deps.organizationId, () => deps.load(event.id))
      .then((notification) => {
        if (notification)
          write(`event: notification\nid: ${notification.id}\ndata: ${JSON.stringify(notification)}\n\n`)
      })
      .catch(() => {})
  })
  reply.hijack()
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    // nginx would otherwise buffer the events.
    'x-accel-buffering': 'no',
  })
  // The browser reconnects after 5 s when the connection drops; the first bytes tell it the stream is open.
  raw.write('retry: 5000\n: ouvert\n\n')
  const heartbeat = setInterval(() => write(': ping\n\n'), HEARTBEAT_MS)
  const close = () => {
    if (closed) return
    closed = true
    clearInterval(heartbeat)
    unsubscribe()
    untrack()
    raw.end()
  }
  const untrack = deps.hub.track(close)
  request.raw.on('close', close)
  raw.on('close', close)
}
