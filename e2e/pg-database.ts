// Makes a fresh PostgreSQL database for the journey that runs two server processes on one database, and prints its
// URL. Given the URL of any database on the server (CI's own), it names the new one after the time and the pid. On a
// Citus coordinator the database is made on every node, the workers registered (decision 0047).
import pg from 'pg'
import { createCitusDatabase, isCitus, workerPorts } from '../apps/server/test/citus'

const given = process.argv[2] ?? ''
const name = `carnet_e2e_${Date.now()}_${process.pid}`
if (await isCitus(given)) {
  console.log(await createCitusDatabase(given, await workerPorts(given), name, 32))
} else {
  const client = new pg.Client({ connectionString: given })
  await client.connect()
  await client.query(`create database ${name}`)
  await client.end()
  const url = new URL(given)
  url.pathname = `/${name}`
  console.log(url.toString())
}
