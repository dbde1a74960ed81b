import { writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { useFakeBankProviders } from '../bank-providers/index'
import { useCompanyDirectory } from '../company-directory'
import { useFakeStripe } from '../fake-stripe'
import { useTestContext } from '../helpers'
import {
  createChecker,
  type Failure,
  type FuzzDocument,
  followRedirect,
  report,
  restoreIdentity,
  send,
} from './checker'
import { type Credentials, curlOf, toHttp } from './http'
import { operationsOf, type Plan, planArbitrary } from './requests'
import { PROTECTED, SKIPPED, skipOf } from './skip'
import { newWorld } from './world'

/**
 * The fuzzer: every operation of the served OpenAPI document, with a session and with a personal API token, on a
 * fresh organisation, over real HTTP to 127.0.0.1. Each answer must be below 500, have a status the operation
 * declares, and, when JSON, match the declared schema; a redirect is followed once, and what it leads to must be
 * declared too (other clients follow it); /health must still answer afterwards.
 *
 * Each operation gets RUNS requests per identity, about half valid by the document (real ids of the run's
 * organisation, values from the schemas), half broken in one way (requests.ts); RUNS below says how many.
 *
 *   FUZZ_RUNS=2000 npx vitest run --project server test/fuzz      a long local run
 *   FUZZ_SEED=123456 …                                            replays a run (the seed is printed at the start)
 *   FUZZ_ONLY='invoices/\{id\}/validate' …                       only the operations whose `METHOD /path` matches
 *   FUZZ_VERBOSE=1 …                                              time per operation, and why valid requests were refused
 *
 * A failure prints each distinct problem once with a curl line; every failing request is written whole to a file in
 * the temporary directory. Routes that would end the run are skipped in skip.ts, each with its reason.
 */
// 20 per operation and identity keeps `npm test` within CI's budget as routes grow (307 operations, 12,000 requests:
// ~2 min of CPU, the largest file of the suite); each run takes a new seed, so the cases add up across runs.
const RUNS = Number(process.env.FUZZ_RUNS ?? 20)
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31)
const ONLY = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined
const directory = useCompanyDirectory(1000)
// Bank connections are fuzzed against local stand-ins of Bridge and Qonto (test/bank-providers), never the real ones.
const banks = useFakeBankProviders()
banks.bridge.bank.accounts.push({ name: 'Compte courant', iban: 'FR7630003000110005000157821', balance: 120.5 })
banks.bridge.bank.lines.push({ account: 0, amount: -12.5, date: '2026-03-02', description: 'CB BOULANGERIE' })
// The plans' card payments against the local stand-in of Stripe (e2e/fake-stripe-api.mjs), never the real one.
const payments = useFakeStripe()
const config = {}
beforeAll(() => {
  // The organisations' own card payments (features/sales/card-payment) go to the same stand-in: their keys are refused there.
  Object.assign(config, directory.config, banks.config, payments.config, { stripeApiUrl: payments.origin })
})
const ctx = useTestContext({ config })

/** FNV-1a: a per-operation seed, so that adding a route does not change the cases of the others. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    value ^= text.charCodeAt(index)
    value = Math.imul(value, 0x01000193)
  }
  return value >>> 0
}

const methodOrder = (method: string) => (method === 'GET' ? 0 : method === 'DELETE' ? 2 : 1)

// ——— the run ———

// FUZZ_RUNS=0 leaves the fuzzer out (npm test's PostgreSQL pass: the HTTP contract does not depend on the engine).
describe.skipIf(RUNS === 0)('the fuzzer', () => {
  it(
    'answers every operation of its document as documented, with a session and with a token',
    async () => {
      console.log(
        `fuzz: seed ${SEED}, ${RUNS} runs per operation and identity (FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} to replay)`,
      )
      await ctx.app.listen({ host: '127.0.0.1', port: 0 })
      const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
      const served = await fetch(`${base}/api/v1/openapi.json`)
      expect(served.status).toBe(200)
      const document = (await served.json()) as FuzzDocument
      const check = createChecker(document)
      const operations = operationsOf(document)
        .filter((operation) => !ONLY || ONLY.test(operation.key))
        .sort((a, b) => methodOrder(a.method) - methodOrder(b.method))
      expect(operations.length).toBeGreaterThan(0)
      // The checker itself must be able to fail: a body of the wrong shape for a documented JSON success is caught.
      const probe = operationsOf(document).find(
        (operation) => operation.responses['200']?.content?.['application/json']?.schema !== undefined,
      )
      if (probe)
        expect(
          check(probe, { status: 200, contentType: 'application/json', text: '"pas la forme documentée"' }),
        ).toEqual([expect.objectContaining({ kind: 'schema mismatch' })])
      for (const skip of SKIPPED)
        if (!operationsOf(document).some((operation) => operation.key === skip.operation))
          throw new Error(`skip.ts names ${skip.operation}, which the document no longer has: remove it`)

      const failures: Failure[] = []
      const started = Date.now()
      const cpuAtStart = process.cpuUsage()
      let sent = 0
      const classes = new Map<string, number>()
      /** Operations that answered a success at least once: the others were only seen refusing. */
      const succeeded = new Set<string>()
      const refusals = new Map<string, Map<string, number>>()
      for (const identity of ['session', 'token'] as const) {
        let world = await newWorld(ctx.app, document)
        const credentials = (): Credentials =>
          identity === 'session' ? { identity, cookie: world.cookie } : { identity, token: world.token }
        const passStarted = Date.now()
        for (const operation of operations) {
          const skipped = skipOf(operation.key, identity)
          if (skipped) continue
          const plans = fc.sample(
            planArbitrary(operation, {
              document,
              pools: world.pools,
              identity,
              protectedIds: PROTECTED[operation.key]?.ids(world),
            }),
            { seed: (SEED ^ hash(`${identity} ${operation.key}`)) | 0, numRuns: RUNS },
          )
          const operationStarted = Date.now()
          for (const [caseIndex, plan] of (plans as Plan[]).entries()) {
            const request = toHttp(plan, base, credentials())
            const answer = await send(request)
            sent++
            const statusClass = 'status' in answer ? `${String(answer.status)[0]}xx` : 'none'
            classes.set(statusClass, (classes.get(statusClass) ?? 0) + 1)
            if ('status' in answer && answer.status < 300) succeeded.add(operation.key)
            else if ('status' in answer && plan.note.startsWith('valid by the document')) {
              // Why a request valid by the document was refused, for FUZZ_VERBOSE: what the generators miss.
              let reason = ''
              try {
                const body = JSON.parse(answer.text)
                reason = `${body.code} ${JSON.stringify(body.errors ?? body.message).slice(0, 160)}`
              } catch {}
              const seen = refusals.get(operation.key) ?? new Map<string, number>()
              seen.set(`${answer.status} ${reason}`, (seen.get(`${answer.status} ${reason}`) ?? 0) + 1)
              refusals.set(operation.key, seen)
            }
            for (const problem of check(operation, answer))
              failures.push({ ...problem, identity, request, note: plan.note, caseIndex })
            const followed = await followRedirect(request, answer)
            if (followed)
              for (const problem of check(operation, await send(followed)))
                failures.push({ ...problem, identity, request, note: `${plan.note}, redirect followed`, caseIndex })
          }
          if (process.env.FUZZ_VERBOSE)
            console.log(
              `fuzz: ${identity} ${operation.key}: ${plans.length} cases in ${Date.now() - operationStarted} ms`,
            )
          // The operation may have switched the user to another organisation (POST /organizations…): switch back;
          // if it ended the run's session or token, report it and go on with a new world.
          const lost = await restoreIdentity(base, world, credentials())
          if (lost) {
            failures.push({
              operation: operation.key,
              identity,
              kind: 'lost the run’s identity',
              status: 0,
              detail: `${lost}: list the operation in skip.ts with its reason, or protect the id (the run goes on in a new organisation)`,
              signature: '',
              request: toHttp(plans.at(-1) as Plan, base, credentials()),
              note: 'checked after the last case of the operation',
              caseIndex: plans.length - 1,
            })
            world = await newWorld(ctx.app, document)
          }
        }
        console.log(
          `fuzz: ${identity} pass, ${operations.length} operations in ${Math.round((Date.now() - passStarted) / 1000)} s`,
        )
      }
      const cpuSeconds = () => {
        const cpu = process.cpuUsage(cpuAtStart)
        return (cpu.user + cpu.system) / 1e6
      }
      console.log(
        `fuzz: ${sent} requests in ${Math.round((Date.now() - started) / 1000)} s (${Math.round(cpuSeconds())} s of CPU), ${failures.length} failing`,
      )
      console.log(
        `fuzz: answers ${[...classes].map(([name, count]) => `${name} ${count}`).join(', ')}; never a success: ${operations
          .filter((operation) => !succeeded.has(operation.key))
          .map((operation) => operation.key)
          .join(', ')}`,
      )

      if (process.env.FUZZ_VERBOSE)
        for (const operation of operations.filter((one) => !succeeded.has(one.key))) {
          const top = [...(refusals.get(operation.key) ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 2)
          console.log(
            `fuzz: never a success ${operation.key}: ${top.map(([reason, count]) => `${count}× ${reason}`).join(' | ')}`,
          )
        }
      if (failures.length > 0) {
        const file = join(tmpdir(), `carnet-fuzz-${SEED}.txt`)
        await writeFile(
          file,
          failures
            .map(
              (failure) =>
                `# ${failure.operation} — ${failure.kind} ${failure.status} (${failure.identity}, case ${failure.caseIndex}: ${failure.note})\n# ${failure.detail}\n${curlOf(failure.request)}\n`,
            )
            .join('\n'),
        )
        expect.fail(report(failures, file, { seed: SEED, runs: RUNS }))
      }
    },
    Math.max(15 * 60_000, RUNS * 20_000),
  )

  it('still answers /health afterwards', async () => {
    const address = ctx.app.server.address() as AddressInfo | null
    const url = address ? `http://127.0.0.1:${address.port}/api/v1/health` : undefined
    const response = url ? await fetch(url) : undefined
    expect(response?.status ?? (await ctx.app.inject({ url: '/api/v1/health' })).statusCode).toBe(200)
  })
})
