import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { type Client, json, signUpWithOrganization } from './helpers'

/** An organisation that charges VAT (tax regime MONTH, mainland France). */
export const vatPayer = (app: FastifyInstance) => signUpWithOrganization(app, { taxRegimeId: 2 })

/** A business customer with a billing address; returns its id and the address id. */
/** A business customer with its main address in Paris, or in the country `countryId` names (71 France, 6 Germany…). */
export async function createCustomer(client: Client, overrides: Record<string, unknown> = {}) {
  const { countryId = 71, ...contactFields } = overrides
  const contact = await client.post('/contacts?relation=customer', {
    contactTypeId: 1,
    name: 'Danone',
    registrySiren: '552032534',
    intracommunityTaxNumber: 'FR27552032534',
    ...contactFields,
  })
  expect(contact.statusCode, contact.body).toBe(201)
  const contactId = json(contact).data.id as number
  const address = await client.post('/addresses', {
    addressableType: 'contact',
    addressableId: contactId,
    addressTypeId: 1,
    name: 'Siège',
    street: '17 boulevard Haussmann',
    postcode: '75009',
    city: 'Paris',
    countryId,
  })
  expect(address.statusCode, address.body).toBe(201)
  return { contactId, addressId: json(address).data.id as number }
}

export const line = (overrides: Record<string, unknown> = {}) => ({
  name: 'Développement',
  type: 'SERVICE',
  quantity: '1',
  amount: '100',
  unitId: 1,
  taxId: 1,
  ...overrides,
})

export const invoiceBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Site vitrine',
  datedAt: '2026-11-02',
  paymentLimit: 30,
  lines: [line()],
  ...overrides,
})

export const quoteBody = (overrides: Record<string, unknown> = {}) => ({
  name: 'Refonte du site',
  datedAt: '2026-11-02',
  validityLimit: 30,
  lines: [line()],
  ...overrides,
})

export async function createInvoice(client: Client, body: Record<string, unknown>) {
  const response = await client.post('/invoices', body)
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data
}

export async function createQuote(client: Client, body: Record<string, unknown>) {
  const response = await client.post('/quotes', body)
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data
}

/** POSTs an action and expects `status`; returns the body's data. */
export async function act(client: Client, path: string, status = 200, body?: Record<string, unknown>) {
  const response = await client.post(path, body ?? {})
  expect(response.statusCode, response.body).toBe(status)
  return response.statusCode === 204 ? null : json(response).data
}

/** A validated invoice to a new business customer (with its billing address), `overrides` on the invoice body. */
export async function createValidatedInvoice(
  client: Client,
  overrides: Record<string, unknown> = {},
  customer: Record<string, unknown> = {},
) {
  const { contactId, addressId } = await createCustomer(client, customer)
  const draft = await createInvoice(client, invoiceBody({ contactId, billingAddressId: addressId, ...overrides }))
  return act(client, `/invoices/${draft.id}/validate`)
}

/**
 * A French company as the law and the Factur-X rules want it on an invoice: SIREN, VAT number, address, e-mail.
 * taxRegimeId 2 charges VAT monthly; 1 is the franchise en base (tax-free).
 */
export async function frenchSeller(app: FastifyInstance, options: { taxFree?: boolean } = {}) {
  const user = await signUpWithOrganization(app, { taxRegimeId: options.taxFree ? 1 : 2 })
  const response = await user.client.patch('/organization', {
    name: 'Atelier Martin & Fils',
    legalFormId: options.taxFree ? 2 : 14,
    sectorId: 1,
    taxRegimeId: options.taxFree ? 1 : 2,
    taxAreaId: 1,
    registrySiren: '732829320',
    registryIntra: options.taxFree ? null : 'FR44732829320',
    registryName: options.taxFree ? null : 'RCS Paris',
    registryCapital: options.taxFree ? null : '10000',
    email: 'contact@atelier-martin.fr',
    address: { street: '12 rue de la Paix', complement1: 'Bâtiment B', postcode: '75002', city: 'Paris' },
  })
  expect(response.statusCode, response.body).toBe(200)
  return user
}

/**
 * 1,000 € of services at 20 % invoiced on 2 May 2026 (due at 60 days) and sent: 1,200 € to pay, its 200 € of VAT
 * pending on 44574 until it is paid.
 */
export async function servicesInvoiceOf1200(app: FastifyInstance) {
  const owner = await vatPayer(app)
  const client = owner.client as Client
  const invoice = await createValidatedInvoice(client, {
    datedAt: '2026-05-02',
    paymentLimit: 60,
    lines: [line({ amount: '1000' })],
  })
  await act(client, `/invoices/${invoice.id}/mark-as-sent`)
  return { client, organizationId: owner.organization.id as number, invoice }
}
