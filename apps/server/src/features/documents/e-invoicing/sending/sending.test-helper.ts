import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, expect } from 'vitest'
import { type FakePaClient, randomSiren, type useFakePa } from '../../../../../test/fake-pa'
import { type Client, json, TEST_SECRET_KEY, type TestContext } from '../../../../../test/helpers'
import { act, createCustomer, createInvoice, frenchSeller, invoiceBody, line } from '../../../../../test/sales'
import { eInvoiceFlows, eInvoicingConnections } from '../../../../db/schema/index'
import { createSecretBox } from '../../../../lib/secrets'

type FakePa = ReturnType<typeof useFakePa>

/** The intra-community VAT number of a French SIREN (key = (12 + 3 × (SIREN mod 97)) mod 97). */
export const frenchVatNumber = (siren: string) =>
  `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`

/**
 * A French seller of its own SIREN, a client of the stand-in PA, connected to it (the connection row as the
 * connection service writes it, the secret sealed): the settings page and its second factor are another part's tests.
 */
export async function connectedSeller(
  ctx: TestContext,
  pa: FakePa,
  options: { receivingAddress?: boolean; flowUrl?: string } = {},
) {
  const owner = await frenchSeller(ctx.app)
  const client = owner.client as Client
  const siren = randomSiren()
  const patched = await client.patch('/organization', { registrySiren: siren, registryIntra: frenchVatNumber(siren) })
  expect(patched.statusCode, patched.body).toBe(200)
  const organizationId = owner.organization.id
  const account = await pa.registerClient({ siren, name: 'Atelier Martin & Fils' })
  await connect(ctx, organizationId, pa, account, options)
  return { client, organizationId, account, siren }
}

export async function connect(
  ctx: TestContext,
  organizationId: number,
  pa: FakePa,
  account: FakePaClient,
  options: { receivingAddress?: boolean; flowUrl?: string } = {},
) {
  const secrets = createSecretBox(Buffer.from(TEST_SECRET_KEY, 'base64'))
  await ctx.database.db.insert(eInvoicingConnections).values({
    organizationId,
    flowUrl: options.flowUrl ?? pa.flowUrl,
    directoryUrl: pa.directoryUrl,
    tokenUrl: pa.tokenUrl,
    clientId: account.clientId,
    clientSecretSealed: secrets.seal(account.clientSecret),
    receivingAddress: options.receivingAddress === false ? null : (account.addressingIdentifiers[0] ?? null),
  })
}

export async function disconnect(ctx: TestContext, organizationId: number) {
  await ctx.database.db.delete(eInvoicingConnections).where(eq(eInvoicingConnections.organizationId, organizationId))
}

/** A customer company of its own SIREN (in the directory or not: the caller decides), with its billing address. */
export async function companyCustomer(client: Client, siren: string | null) {
  return createCustomer(client, {
    name: 'Client Réseau SA',
    registrySiren: siren,
    intracommunityTaxNumber: siren ? frenchVatNumber(siren) : null,
    ...(siren ? {} : { contactTypeId: 2, name: 'Camille Dupont' }),
  })
}

/** A draft invoice of 1,000 € of services at 20 % to the customer, validated. */
export async function validatedInvoice(client: Client, customer: { contactId: number; addressId: number }) {
  const draft = await createInvoice(
    client,
    invoiceBody({
      contactId: customer.contactId,
      billingAddressId: customer.addressId,
      datedAt: '2026-11-02',
      lines: [line({ amount: '1000' })],
    }),
  )
  return act(client, `/invoices/${draft.id}/validate`)
}

export async function invoiceOf(client: Client, id: number) {
  const response = await client.get(`/invoices/${id}`)
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data
}

/** Every outgoing flow of an organisation, oldest first. */
export async function flowsOf(ctx: TestContext, organizationId: number, flowType?: string) {
  const rows = await ctx.database.db
    .select()
    .from(eInvoiceFlows)
    .where(
      and(
        eq(eInvoiceFlows.organizationId, organizationId),
        ...(flowType ? [eq(eInvoiceFlows.flowType, flowType)] : []),
      ),
    )
    .orderBy(eInvoiceFlows.id)
  return rows
}

export const sendDue = (app: FastifyInstance, at?: Date) => app.eInvoicing.outbox.sendDue(at)

export const minutesLater = (minutes: number) => new Date(Date.now() + minutes * 60_000)

/**
 * A door in front of the stand-in's Flow service that lets the PA take the first POST /v1/flows and then cuts the
 * connection before its answer: the PA has the flow, Carnet never heard so (a timeout, a dropped connection).
 */
export function useAnswerLosingProxy(pa: FakePa) {
  let dropped = 0
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', pa.origin)
    const upstream = httpRequest(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host } },
      (answer) => {
        const losing = req.method === 'POST' && target.pathname.endsWith('/v1/flows') && dropped === 0
        if (losing) {
          dropped++
          answer.resume()
          answer.on('end', () => res.socket?.destroy())
          return
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      },
    )
    req.pipe(upstream)
  })
  const ready = new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
  return {
    async flowUrl() {
      await ready
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/flow-service`
    },
    get dropped() {
      return dropped
    },
  }
}
