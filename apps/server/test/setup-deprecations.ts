import { afterAll, afterEach } from 'vitest'
import { concurrentQueriesError, guardConcurrentQueries, takeConcurrentQueries } from './concurrent-queries'

// Concurrent queries on one pg connection (test/concurrent-queries.ts) fail the test that sent them, or the file when
// a hook or work left running after the last test sent them. Only where the suite runs on PostgreSQL or Citus: the
// embedded database has no pg connection, and the guard wraps Promise.all in the whole test process.
if (process.env.DATABASE_URL) {
  guardConcurrentQueries()
  const check = () => {
    const found = takeConcurrentQueries()
    if (found.length > 0) throw concurrentQueriesError(found)
  }
  afterEach(check)
  afterAll(check)
}
