import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../src/db/client'
import { runMigrations } from '../src/db/migrate'
import { createCitusDatabase, dropCitusDatabases, freezeTemplate, isCitus, workerPorts } from './citus'

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string
    postgresTemplate: string
    /** On a Citus coordinator: its workers' ports (test/citus.ts); empty elsewhere. */
    citusWorkers: number[]
  }
}

const adminUrl = (url: string, database: string) => {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}

/**
 * Migrations run once per test run; each test file then starts from a copy: a PGlite data-dir dump (under a second)
 * or, with DATABASE_URL, a PostgreSQL database created from a template database.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    const template = `carnet_tpl_${randomBytes(4).toString('hex')}`
    const citus = await isCitus(databaseUrl)
    const workers = citus ? await workerPorts(databaseUrl) : []
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    if (citus) await createCitusDatabase(databaseUrl, workers, template)
    else await admin.query(`create database ${template}`)
    const database = await openDatabase({ databaseUrl: adminUrl(databaseUrl, template) })
    await runMigrations(database)
    await database.close()
    if (citus) await freezeTemplate(databaseUrl, workers, template)
    project.provide('postgresTemplate', template)
    project.provide('citusWorkers', workers)
    project.provide('pgliteTemplate', '')
    return async () => {
      const rows = await admin.query<{ datname: string }>(
        // `_` matches any character in like: escaped, so that a run on the same server keeps its databases.
        `select datname from pg_database where datname like $2 or datname = $1`,
        [template, `${template.replace('carnet_tpl_', 'carnet_t_').replaceAll('_', '\\_')}\\_%`],
      )
      const names = rows.rows.map((row) => row.datname)
      if (citus) await dropCitusDatabases(databaseUrl, workers, names)
      else for (const name of names) await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    }
  }
  const database = await openDatabase({ dataDir: 'memory://' })
  await runMigrations(database)
  const client = (database.db as unknown as { $client: { dumpDataDir: (c: 'gzip') => Promise<Blob> } }).$client
  const dump = await client.dumpDataDir('gzip')
  await database.close()
  const file = join(tmpdir(), `carnet-template-${process.pid}.tar.gz`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteTemplate', file)
  project.provide('postgresTemplate', '')
  project.provide('citusWorkers', [])
}
