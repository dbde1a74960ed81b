import type { DbOrTx } from './client'

type Runnable<Result> = { execute: (values?: Record<string, unknown>) => Promise<Result> }
type Bound<Result> = Runnable<Result> & { client: unknown }

/** Drizzle's session of a database or transaction: its driver's class, and the connection it runs queries on. */
const sessionOf = (db: DbOrTx) => (db as unknown as { _: { session: { client: unknown } } })._.session

/**
 * A query whose SQL drizzle builds once per process and PostgreSQL parses once per connection, run on whichever
 * database or transaction it is given. Drizzle builds a query's text at each run: for a wide select, 0.1 to 0.3 ms of
 * checks that walk class chains column by column, a third of a validation's CPU on the server. Its own `.prepare()`
 * keeps the text but binds the query to the connection it was built on, where a read inside a caller's transaction
 * must run on that transaction's. The values come as `sql.placeholder(key)`; `name` is the statement's name on each
 * connection, one per query text.
 */
export function compiled<Result>(name: string, build: (db: DbOrTx) => { prepare: (name: string) => Runnable<Result> }) {
  // One per driver: a process may hold PostgreSQL and an embedded database at once (a test, a restore's check).
  const byDriver = new Map<unknown, Bound<Result>>()
  return (db: DbOrTx, values: Record<string, unknown>): Promise<Result> => {
    const session = sessionOf(db)
    const driver = Object.getPrototypeOf(session)
    let prepared = byDriver.get(driver)
    if (!prepared) {
      prepared = build(db).prepare(name) as Bound<Result>
      byDriver.set(driver, prepared)
    }
    // The prepared query holds its text, its parameters' order and how to read its rows; only its connection changes.
    const bound = Object.create(prepared) as Bound<Result>
    bound.client = session.client
    return bound.execute(values)
  }
}
