import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStream } from '../../../../test/event-stream'
import {
  Client,
  createTestContext,
  joinAsCollaborator,
  json,
  signUpWithOrganization,
  type TestContext,
} from '../../../../test/helpers'
import { createCustomer, createInvoice, invoiceBody } from '../../../../test/sales'
import { buildApp } from '../../../app'
import { type Database, openDatabase } from '../../../db/client'

/**
 * Two server processes on one PostgreSQL database, each with its own pool and its own listening connection, as two
 * `npm start` behind a load balancer: a notification made through one reaches a stream served by the other
 * (decision 0027). PostgreSQL only: PGlite is one process.
 */
const databaseUrl = process.env.DATABASE_URL
let ctx: TestContext
let secondDatabase: Database
let second: FastifyInstance

describe.skipIf(!databaseUrl)('notifications across two server processes on PostgreSQL', () => {
  beforeAll(async () => {
    ctx = await createTestContext()
    // The database the first process uses, opened again with a pool of its own for the second.
    const { rows } = await ctx.database.db.$client.query('select current_database() as name')
    const url = new URL(databaseUrl as string)
    url.pathname = `/${rows[0].name}`
    secondDatabase = await openDatabase({ databaseUrl: url.toString() })
    second = await buildApp({ config: ctx.config, database: secondDatabase, logger: false })
    await second.ready()
  })
  afterAll(async () => {
    await second?.close()
    await secondDatabase?.close()
    await ctx?.close()
  })

  it('push a comment made through one process to a stream served by the other', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const collaborator = await joinAsCollaborator(ctx, owner)
    const { contactId } = await createCustomer(owner.client)
    const invoice = await createInvoice(owner.client, invoiceBody({ contactId }))

    const stream = await openStream(second, owner.client.cookie)
    expect(stream.status).toBe(200)
    const response = await collaborator.client.post(`/invoices/${invoice.id}/comments`, {
      comment: 'Vu avec le client',
      isPublic: false,
    })
    expect(response.statusCode, response.body).toBe(201)
    expect(await stream.next()).toMatchObject({ type: 'commentAdded', modelId: invoice.id })
    stream.close()

    const onSecond = new Client(second)
    onSecond.cookie = owner.client.cookie
    expect(json(await onSecond.get('/notifications')).meta.total).toBe(1)
  })
})
