/**
 * The web app as a signed-in user first meets it (issue 17): the JavaScript the browser downloads for /app (goal ≤
 * 250 KB gzip) and Lighthouse's performance score of the dashboard and of the invoice list on its desktop settings
 * (goal ≥ 95), measured on the built app (apps/web/dist) served by the server as `npm start` serves it. Needs the
 * build and Chromium (CHROMIUM_PATH, default /usr/bin/chromium); says so and skips without them.
 */
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { launch } from 'chrome-launcher'
import type { FastifyInstance } from 'fastify'
import lighthouse from 'lighthouse'
import desktopConfig from 'lighthouse/core/config/desktop-config.js'
import { signIn } from './contacts'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const WEB_DIST = join(import.meta.dirname, '../apps/web/dist')
const PAGES = [
  { name: 'dashboard', path: '/app' },
  { name: 'invoice list', path: '/app/sales/invoices' },
]

type NetworkRequest = { resourceType?: string; transferSize?: number; url: string }

/** A few invoices so that the list has rows, as a user's would. */
async function someInvoices(app: FastifyInstance, cookie: string) {
  const headers = { cookie, 'x-requested-with': 'fetch' }
  const contact = await app.inject({
    method: 'POST',
    url: '/api/v1/contacts?relation=customer',
    headers,
    payload: { contactTypeId: 2, name: 'Client du banc' },
  })
  const contactId = contact.json().data.id
  for (let index = 0; index < 30; index++) {
    const invoice = await app.inject({
      method: 'POST',
      url: '/api/v1/invoices',
      headers,
      payload: {
        name: `Prestation ${index + 1}`,
        contactId,
        datedAt: '2026-11-02',
        paymentLimit: 30,
        lines: [{ name: 'Conseil', type: 'SERVICE', quantity: '1', amount: String(100 + index), unitId: 1, taxId: 1 }],
      },
    })
    if (invoice.statusCode !== 201) throw new Error(`web: an invoice was refused: ${invoice.body.slice(0, 300)}`)
  }
}

export async function benchWeb(app: FastifyInstance, baseUrl: string) {
  if (!existsSync(join(WEB_DIST, 'index.html'))) {
    console.log('web: apps/web/dist is missing (npm run build --workspace apps/web): skipped')
    return
  }
  if (!existsSync(CHROMIUM)) {
    console.log(`web: no Chromium at ${CHROMIUM}: skipped`)
    return
  }
  const { cookie } = await signIn(app)
  await someInvoices(app, cookie)
  const chrome = await launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  })
  try {
    for (const page of PAGES) {
      const scores: number[] = []
      const metrics: string[] = []
      let scriptBytes = 0
      // Three runs, the median kept: one run's score moves with what else the machine does.
      for (let run = 0; run < 3; run++) {
        const result = await lighthouse(
          `${baseUrl}${page.path}`,
          { port: chrome.port, output: 'json', logLevel: 'error', extraHeaders: { Cookie: cookie } },
          desktopConfig,
        )
        const lhr = result?.lhr
        if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`)
        if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.message}`)
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100))
        metrics.push(
          [
            'first-contentful-paint',
            'largest-contentful-paint',
            'total-blocking-time',
            'cumulative-layout-shift',
            'speed-index',
          ]
            .map(
              (id) =>
                `${id
                  .split('-')
                  .map((word) => word[0]?.toUpperCase())
                  .join('')} ${lhr.audits[id]?.displayValue ?? '?'}`,
            )
            .join(', '),
        )
        const requests = (lhr.audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)?.items
        scriptBytes = (requests ?? [])
          .filter((request) => request.resourceType === 'Script' && request.url.startsWith(baseUrl))
          .reduce((total, request) => total + (request.transferSize ?? 0), 0)
      }
      scores.sort((a, b) => a - b)
      console.log(
        `web ${page.name.padEnd(12)} (${page.path}): Lighthouse performance ${scores[1]} (desktop, median of ${scores.join(', ')}; goal ≥ 95), JavaScript transferred ${(scriptBytes / 1024).toFixed(0)} KB${page.path === '/app' ? ' (goal ≤ 250 KB gzip)' : ''}`,
      )
      if (process.env.BENCH_VERBOSE) for (const line of metrics) console.log(`  ${line}`)
    }
  } finally {
    chrome.kill()
  }
}
