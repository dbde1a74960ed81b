import { existsSync } from 'node:fs'
import { join, resolve, sep } from 'node:path'
import { messages } from '@app/domain'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import type { Config } from './config'

/** The built single-page app on the API's port, when it is there: its assets, and index.html for every other page. */
export async function registerWebApp(app: FastifyInstance, config: Pick<Config, 'webDist'>) {
  const webDist = resolve(config.webDist ?? join(import.meta.dirname, '../../web/dist'))
  const hasWeb = existsSync(join(webDist, 'index.html'))
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes a .br and a .gz beside each asset (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      // Hashed names never change content: a returning user's browser keeps them; index.html is never cached.
      setHeaders: (response, path) => {
        if (path.includes(`${sep}assets${sep}`)) response.header('cache-control', 'public, max-age=31536000, immutable')
      },
    })

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.method !== 'GET' || !hasWeb) {
      return reply.code(404).send({ message: messages.http.routeNotFound, code: 'ROUTE_NOT_FOUND' })
    }
    // The single-page app owns every other path, including its own 404 page.
    return reply.type('text/html; charset=utf-8').sendFile('index.html', { maxAge: 0 })
  })
}
