import { sql } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { json, signUpWithOrganization, useTestContext } from '../../../test/helpers'
import { runMigrations } from '../migrate'

/*
 * What the Citus placement (distribute.sql, decision 0047) leaves on a cluster. It runs in the Citus pass of the suite
 * (DATABASE_URL at a coordinator, as CI's); on PGlite and PostgreSQL there is no cluster to look at.
 */
const onCitus = inject('citusWorkers').length > 0
const ctx = useTestContext()

const LOCAL = ['api_tokens', 'audit_events', 'emails', 'jobs', 'known_devices', 'login_throttles', 'rate_limits']
  .concat(['sessions', 'two_factor_pending_logins'])
  .sort()

type Placement = { name: string; method: string | null; colocation: number | null; tenant: boolean }

async function placements(): Promise<Placement[]> {
  const result = await ctx.database.db.execute<Placement>(sql`select c.relname as name,
      p.partmethod as method, p.colocationid as colocation,
      exists (select 1 from information_schema.columns col where col.table_schema = 'public'
        and col.table_name = c.relname and col.column_name = 'organization_id') as tenant
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    left join pg_dist_partition p on p.logicalrelid = c.oid
    where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> '__drizzle_migrations'
    order by c.relname`)
  return result.rows
}

describe.skipIf(!onCitus)('the tables on a Citus cluster', () => {
  it('distributes every tenant table by organisation in one group, copies the shared lists, keeps the sign-in local', async () => {
    const tables = await placements()
    const distributed = tables.filter((table) => table.method === 'h')
    const reference = tables.filter((table) => table.method === 'n' && !LOCAL.includes(table.name))
    const local = tables.filter((table) => LOCAL.includes(table.name))

    // Every table with an organization_id is distributed, but the two every node reads and the local ones.
    expect(distributed.map((table) => table.name)).toEqual(
      tables
        .filter((table) => table.tenant && !LOCAL.includes(table.name))
        .filter((table) => !['organizations', 'accounting_entries'].includes(table.name))
        .map((table) => table.name),
    )
    expect(new Set(distributed.map((table) => table.colocation)).size).toBe(1)
    expect(distributed.length).toBeGreaterThan(40)
    // The shared lists, the organisations and the chart: a copy on every node.
    const referenced = await ctx.database.db.execute<{ name: string }>(sql`select logicalrelid::regclass::text as name
      from pg_dist_partition where partmethod = 'n' and repmodel = 't'`)
    expect(referenced.rows.map((row) => row.name).sort()).toEqual(reference.map((table) => table.name).sort())
    expect(reference.map((table) => table.name)).toEqual(
      expect.arrayContaining(['organizations', 'accounting_entries']),
    )
    // Nothing left unplaced but the coordinator's own tables (Citus local tables or plain ones).
    expect(tables.filter((table) => table.method === null).every((table) => LOCAL.includes(table.name))).toBe(true)
    expect(local.map((table) => table.name).sort()).toEqual(LOCAL)
  })

  it('puts two organisations’ rows on different workers, each reached by its own shard', async () => {
    const workersOf = new Map<number, number>()
    // 32 shards over two workers: a few sign-ups find two organisations whose shards sit on different workers.
    for (let attempt = 0; attempt < 12 && new Set(workersOf.values()).size < 2; attempt++) {
      const { client, organization } = await signUpWithOrganization(ctx.app, { organizationName: `Atelier ${attempt}` })
      const created = await client.post('/contacts?relation=customer', { contactTypeId: 2, name: `Client ${attempt}` })
      expect(created.statusCode, created.body).toBe(201)
      const placed = await ctx.database.db.execute<{ port: number; rows: number }>(sql`select s.nodeport as port,
          (select count(*)::int from contacts where organization_id = ${organization.id}::bigint) as rows
        from citus_shards s
        where s.table_name = 'contacts'::regclass
          and s.shardid = get_shard_id_for_distribution_column('contacts', ${organization.id}::bigint)`)
      expect(placed.rows).toHaveLength(1)
      expect(placed.rows[0]?.rows).toBe(1)
      workersOf.set(organization.id, placed.rows[0]?.port as number)
      expect(json(await client.get('/contacts')).meta.total).toBe(1)
    }
    expect(new Set(workersOf.values()).size).toBe(2)
    expect(inject('citusWorkers')).toEqual(expect.arrayContaining([...new Set(workersOf.values())]))
  })

  it('keeps the connections to the workers open between transactions, set at the start on the database', async () => {
    // The suite's databases are copies of a migrated template, which keep no database settings: start as a server does.
    await runMigrations(ctx.database)
    const setting = await ctx.database.db.execute<{ config: string[] }>(sql`select s.setconfig as config
      from pg_db_role_setting s join pg_database d on d.oid = s.setdatabase
      where d.datname = current_database() and s.setrole = 0`)
    expect(setting.rows[0]?.config).toContain('citus.max_cached_conns_per_worker=16')
  })
})
