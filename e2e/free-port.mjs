// Prints a port P such that P to P+6 are free on 127.0.0.1 (the app, the company lookup, the bank aggregator and the
// card payment provider stand-ins, the two server processes of the PostgreSQL journey and the plateforme agréée), chosen below Linux's ephemeral range (32768+) where outgoing connections take
// their ports: a port derived from the runner's pid alone once met one of those and the server could not listen.
import { createServer } from 'node:net'

const listen = (port) =>
  new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(null))
    server.listen(port, '127.0.0.1', () => resolve(server))
  })

const start = 20_000 + (process.pid % 12_000)
for (let offset = 0; offset < 12_000; offset += 7) {
  const base = 20_000 + ((start - 20_000 + offset) % 12_000)
  const servers = []
  for (let port = base; port < base + 7; port++) servers.push(await listen(port))
  for (const server of servers) server?.close()
  if (servers.every(Boolean)) {
    console.log(base)
    process.exit(0)
  }
}
process.exit(1)
