import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Client } from '../helpers'
import { json } from '../helpers'
import { createCustomer, invoiceBody, vatPayer } from '../sales'

/**
 * Clients at work while a backup runs: each creates and validates invoices in a loop, one also replaces an item's
 * image. Everything the server acknowledged is recorded with the moment its answer arrived.
 */
export type Acknowledged = { organizationId: number; id: number; reference: string; at: number }
export type Upload = { organizationId: number; itemId: number; bytes: Buffer; at: number }

/** A client's pause between two actions: people and browsers are not a tight loop, and on PGlite the server's one
 * thread also runs the backup's packing (an in-process loop with no pause would starve it). */
const THINK_MS = 30
const think = () => new Promise((resolve) => setTimeout(resolve, THINK_MS))

export async function storm(app: FastifyInstance, organizations = 2) {
  const sellers = await Promise.all(
    Array.from({ length: organizations }, async () => {
      const owner = await vatPayer(app)
      const customer = await createCustomer(owner.client as Client)
      return { client: owner.client as Client, organizationId: owner.organization.id, ...customer }
    }),
  )
  const validated: Acknowledged[] = []
  const uploads: Upload[] = []
  let running = true
  let failure: unknown = null

  const invoicing = async (seller: (typeof sellers)[number]) => {
    while (running) {
      const body = invoiceBody({ contactId: seller.contactId, billingAddressId: seller.addressId })
      const draft = await seller.client.post('/invoices', body)
      expect(draft.statusCode, draft.body).toBe(201)
      const done = await seller.client.post(`/invoices/${json(draft).data.id}/validate`, {})
      expect(done.statusCode, done.body).toBe(200)
      const invoice = json(done).data
      validated.push({
        organizationId: seller.organizationId,
        id: invoice.id,
        reference: invoice.reference,
        at: Date.now(),
      })
    }
  }
  const uploading = async (seller: (typeof sellers)[number]) => {
    const item = await seller.client.post('/items', {
      name: 'Lampe',
      reference: 'LAMPE-1',
      description: '',
      amount: '40',
      priceRule: 'HT',
      itemTypeId: 1,
      unitId: 3,
      accountingEntryId: 401,
    })
    expect(item.statusCode, item.body).toBe(201)
    const itemId = json(item).data.id as number
    while (running) {
      // A png's signature then random bytes: every upload is a new file with its own checksum.
      const bytes = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(2048)])
      const form = new FormData()
      form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'lampe.png')
      const encoded = new Response(form)
      const response = await app.inject({
        method: 'POST',
        url: `/api/v1/items/${itemId}/image`,
        remoteAddress: seller.client.ip,
        headers: {
          cookie: seller.client.cookie ?? '',
          'x-requested-with': 'fetch',
          'content-type': encoded.headers.get('content-type') ?? '',
        },
        payload: Buffer.from(await encoded.arrayBuffer()),
      })
      expect(response.statusCode, response.body).toBe(200)
      uploads.push({ organizationId: seller.organizationId, itemId, bytes, at: Date.now() })
      await think()
    }
  }

  const workers = [
    ...sellers.flatMap((seller) => [invoicing(seller), invoicing(seller)]),
    uploading(sellers[0] as (typeof sellers)[number]),
  ].map((worker) =>
    worker.catch((error) => {
      failure ??= error
      running = false
    }),
  )
  return {
    sellers,
    validated,
    uploads,
    /** Resolves once the clients have had at least `count` validations acknowledged. */
    async until(count: number) {
      while (validated.length < count || uploads.length < 1) {
        if (failure) throw failure
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    async stop() {
      running = false
      await Promise.all(workers)
      if (failure) throw failure
    },
  }
}
