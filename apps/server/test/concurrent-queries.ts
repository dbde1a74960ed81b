import { AsyncLocalStorage } from 'node:async_hooks'
import pg from 'pg'
import { expect } from 'vitest'

/**
 * Catches a query sent on a pg connection that is still busy with another: inside a transaction, or on a repo or a
 * `db: DbOrTx` given one, `Promise.all([…])` of queries runs them one after the other anyway, and pg deprecates it
 * ("Calling client.query() when the client is already executing a query", to be removed in pg@9.0). pg warns through
 * util.deprecate, once per process and only from the third query at once: the tests would miss nearly every case.
 * This wraps Client.prototype.query and records every call made while the connection has a query running or waiting,
 * the same test pg makes one query earlier; test/setup-deprecations.ts fails the test that made one.
 */
export type ConcurrentQuery = { test: string | undefined; query: string; stack: string; promiseAll?: string }

type Guarded = { found: ConcurrentQuery[] }
type BusyClient = { _activeQuery?: unknown; _queryQueue?: unknown[]; pipeline?: boolean }

const GUARD = Symbol.for('carnet.test.concurrentQueries')
const MESSAGE = 'already executing a query'

const textOf = (config: unknown) =>
  typeof config === 'string' ? config : String((config as { text?: unknown } | null)?.text ?? '(a query object)')

/**
 * Where the innermost Promise.all around the current work was called. A drizzle query handed to Promise.all as is runs
 * from a microtask of its own, whose stack stops at drizzle: this one names the caller.
 */
const promiseAlls = new AsyncLocalStorage<Error>()

const stackOf = (message: string) => {
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 40
  const error = new Error(message)
  Error.stackTraceLimit = limit
  return error
}

function record(found: ConcurrentQuery[], query: string, stack: string | undefined) {
  let test: string | undefined
  try {
    test = expect.getState().currentTestName
  } catch {
    test = undefined
  }
  found.push({
    test,
    query: query.replace(/\s+/g, ' ').slice(0, 200),
    stack: stack ?? '(no stack)',
    promiseAll: promiseAlls.getStore()?.stack,
  })
}

/** Installs the guard once per process (setup files run again for each test file of a worker) and returns its list. */
export function guardConcurrentQueries(): ConcurrentQuery[] {
  const holder = globalThis as { [GUARD]?: Guarded }
  const existing = holder[GUARD]
  if (existing) return existing.found
  const guarded: Guarded = { found: [] }
  holder[GUARD] = guarded

  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown
  pg.Client.prototype.query = function (this: BusyClient, ...args: unknown[]) {
    if (!this.pipeline && (this._activeQuery || (this._queryQueue?.length ?? 0) > 0)) {
      record(guarded.found, textOf(args[0]), stackOf(`client.query() on a busy connection: ${textOf(args[0])}`).stack)
    }
    return query.apply(this, args)
  } as typeof pg.Client.prototype.query

  for (const name of ['all', 'allSettled'] as const) {
    const combine = Promise[name] as (this: PromiseConstructor, values: Iterable<unknown>) => Promise<unknown>
    Object.assign(Promise, {
      [name](this: PromiseConstructor, values: Iterable<unknown>) {
        return promiseAlls.run(stackOf(`Promise.${name}() called`), () => combine.call(this, values))
      },
    })
  }

  // pg's own warning, in case a path the wrapper does not see (another copy of pg) sends one.
  process.on('warning', (warning) => {
    if (warning.name === 'DeprecationWarning' && warning.message.includes(MESSAGE))
      record(guarded.found, warning.message, warning.stack)
  })
  return guarded.found
}

/** Takes what the guard recorded since the last call. */
export function takeConcurrentQueries(): ConcurrentQuery[] {
  const found = guardConcurrentQueries()
  return found.splice(0)
}

/** An error naming each concurrent query, where it came from, and the test that was running. */
export function concurrentQueriesError(found: readonly ConcurrentQuery[]) {
  const lines = found.map(
    (entry) =>
      `— ${entry.test ? `during « ${entry.test} »: ` : ''}${entry.query}\n${entry.stack}` +
      (entry.promiseAll ? `\nin the innermost Promise.all around it:\n${entry.promiseAll}` : ''),
  )
  return new Error(
    `${found.length} query(ies) sent on a PostgreSQL connection already running one (pg deprecates it; in a ` +
      `transaction or on a DbOrTx, await the queries one after the other instead of Promise.all):\n${lines.join('\n\n')}`,
  )
}
