import pg from 'pg'

/**
 * A Citus cluster for the server suite (DATABASE_URL pointing at a coordinator, decision 0047). A database on Citus
 * is one database of the same name on every node, registered with the coordinator. Citus copies no template, so a
 * test file's database is made by PostgreSQL's own copy of the migrated template on every node at once: the copies
 * keep the same shards on the same workers, which is all a distributed table's metadata says.
 */

const urlOf = (base: string, port: number | null, database: string) => {
  const url = new URL(base)
  if (port !== null) url.port = String(port)
  url.pathname = `/${database}`
  return url.toString()
}

async function withClient<Result>(url: string, work: (client: pg.Client) => Promise<Result>): Promise<Result> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Whether DATABASE_URL's database is a Citus coordinator. */
export const isCitus = (databaseUrl: string) =>
  withClient(
    databaseUrl,
    async (client) => (await client.query(`select 1 from pg_extension where extname = 'citus'`)).rowCount === 1,
  )

/** The workers' ports, as the coordinator's database lists them (the nodes cluster.sh registered). */
export const workerPorts = (databaseUrl: string) =>
  withClient(databaseUrl, async (client) =>
    (await client.query<{ port: number }>(`select nodeport as port from pg_dist_node where groupid <> 0`)).rows.map(
      (row) => row.port,
    ),
  )

const nodeUrls = (databaseUrl: string, workers: readonly number[], database: string) => [
  urlOf(databaseUrl, null, database),
  ...workers.map((port) => urlOf(databaseUrl, port, database)),
]

/**
 * A new database with the extension on every node, the workers registered, and `shards` per table: few for the
 * suite's template (32 of each of 53 tables would cost more to create than the tests take), Citus's 32 for a journey.
 */
export async function createCitusDatabase(databaseUrl: string, workers: readonly number[], name: string, shards = 4) {
  const [coordinator = '', ...workerUrls] = nodeUrls(databaseUrl, workers, 'postgres')
  for (const url of [...workerUrls, coordinator]) {
    await withClient(url, (client) => client.query(`create database ${name}`))
    await withClient(urlOf(url, null, name), (client) => client.query('create extension citus'))
  }
  await withClient(urlOf(coordinator, null, name), async (client) => {
    const port = Number(new URL(databaseUrl).port || 5432)
    await client.query(`select citus_set_coordinator_host($1, $2)`, [new URL(databaseUrl).hostname, port])
    for (const workerPort of workers)
      await client.query(`select citus_add_node($1, $2)`, [new URL(databaseUrl).hostname, workerPort])
    await client.query(`alter database ${name} set citus.shard_count = ${Number(shards)}`)
  })
  return urlOf(coordinator, null, name)
}

/** Closes the template to connections on every node (Citus's own daemon included), so that it can be copied. */
export async function freezeTemplate(databaseUrl: string, workers: readonly number[], name: string) {
  for (const url of nodeUrls(databaseUrl, workers, 'postgres'))
    await withClient(url, async (client) => {
      await client.query(`alter database ${name} allow_connections false`)
      await client.query(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()`,
        [name],
      )
    })
}

/**
 * A copy of the template on every node: a cluster database of its own, its tables already distributed, with the
 * template's own settings. PostgreSQL's copy leaves those out (they belong to the database, not to its files): without
 * them the suite ran with the one cached connection a worker that Citus keeps by default, not the 16 that the
 * placement step (db/citus/distribute.sql) gives a database, and opened the others anew for each transaction.
 */
export async function copyCitusDatabase(
  databaseUrl: string,
  workers: readonly number[],
  template: string,
  name: string,
) {
  // The three nodes copy at once: one after the other, a test file waited three times for PostgreSQL's copy.
  await Promise.all(
    nodeUrls(databaseUrl, workers, 'postgres').map((url) =>
      withClient(url, async (client) => {
        await client.query(`create database ${name} template ${template}`)
        const settings = await client.query<{ setting: string }>(
          `select unnest(s.setconfig) as setting from pg_db_role_setting s
             join pg_database d on d.oid = s.setdatabase where d.datname = $1 and s.setrole = 0`,
          [template],
        )
        for (const { setting } of settings.rows) {
          const [key = '', ...value] = setting.split('=')
          await client.query(`alter database ${name} set ${key} = '${value.join('=').replaceAll("'", "''")}'`)
        }
      }),
    ),
  )
  return urlOf(databaseUrl, null, name)
}

/**
 * Drops the databases named on every node. A worker may still hold a connection of the coordinator's for a moment
 * after the test closed its own: a few tries, then the database is left for the run's end.
 */
export async function dropCitusDatabases(databaseUrl: string, workers: readonly number[], names: readonly string[]) {
  await Promise.all(
    nodeUrls(databaseUrl, workers, 'postgres').map((url) =>
      withClient(url, async (client) => {
        for (const name of names)
          for (let attempt = 1; ; attempt++) {
            try {
              await client.query(`drop database if exists ${name} with (force)`)
              break
            } catch (error) {
              if (attempt === 5) {
                console.warn(`citus: ${name} not dropped on ${new URL(url).port}: ${String(error)}`)
                break
              }
              await new Promise((resolve) => setTimeout(resolve, 200 * attempt))
            }
          }
      }),
    ),
  )
}
