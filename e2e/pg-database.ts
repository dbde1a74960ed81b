// Makes a fresh PostgreSQL database for the journey that runs two server processes on one database, and prints its
// URL. Given the URL of any database on the server (CI's own), it names the new one after the time and the pid.
import pg from 'pg'

const admin = new URL(process.argv[2])
const name = `carnet_e2e_${Date.now()}_${process.pid}`
const client = new pg.Client({ connectionString: admin.toString() })
await client.connect()
await client.query(`create database ${name}`)
await client.end()
admin.pathname = `/${name}`
console.log(admin.toString())
