import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request a fake provider received: what tests assert on (paths, query, headers, bodies). */
export type Received = {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: unknown
}

export type Answer = { status: number; body?: unknown; location?: string }
export type Handler = (request: Received) => Answer | undefined

const readBody = async (request: IncomingMessage): Promise<unknown> => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  if (!text) return undefined
  if (String(request.headers['content-type']).startsWith('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text))
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** A local HTTP server speaking JSON through `handle`; `undefined` from it never answers (a provider that hangs). */
export async function startJsonServer(handle: Handler) {
  const received: Received[] = []
  const server: Server = createServer((request, response: ServerResponse) => {
    void readBody(request).then((body) => {
      const url = new URL(request.url ?? '/', 'http://fake')
      const one: Received = {
        method: request.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: request.headers,
        body,
      }
      received.push(one)
      const answer = handle(one)
      if (!answer) return
      if (answer.location) {
        response.writeHead(answer.status, { location: answer.location })
        return response.end()
      }
      if (answer.body === undefined) {
        response.writeHead(answer.status)
        return response.end()
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' })
      response.end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
