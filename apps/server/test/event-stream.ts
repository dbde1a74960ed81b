import { request } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'

/**
 * A real HTTP client of GET /notifications/stream (app.inject waits for the end of an answer, and a stream has
 * none): resolves once the headers came, then collects the events; `next` waits for one of a given name.
 */
export async function openStream(app: FastifyInstance, cookie: string | null) {
  if (!app.server.listening) await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as AddressInfo
  const events: { event: string; data: string }[] = []
  let buffer = ''
  let wake: (() => void) | null = null
  const response = await new Promise<import('node:http').IncomingMessage>((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path: '/api/v1/notifications/stream', headers: cookie ? { cookie } : {} },
      resolve,
    )
    req.on('error', reject)
    req.end()
  })
  response.setEncoding('utf8')
  response.on('data', (chunk: string) => {
    buffer += chunk
    const blocks = buffer.split('\n\n')
    buffer = blocks.pop() ?? ''
    for (const block of blocks) {
      const lines = block.split('\n')
      const event = lines.find((line) => line.startsWith('event: '))?.slice(7)
      const data = lines.find((line) => line.startsWith('data: '))?.slice(6)
      if (event && data !== undefined) events.push({ event, data })
    }
    wake?.()
  })
  return {
    status: response.statusCode,
    headers: response.headers,
    events,
    /** The first event of that name, within `ms` milliseconds. */
    async next(name = 'notification', ms = 5000) {
      const deadline = Date.now() + ms
      for (;;) {
        const found = events.find((event) => event.event === name)
        if (found) return JSON.parse(found.data)
        if (Date.now() > deadline) throw new Error(`no "${name}" event within ${ms} ms`)
        await new Promise<void>((resolve) => {
          wake = resolve
          setTimeout(resolve, 100)
        })
      }
    },
    close: () => response.destroy(),
  }
}
