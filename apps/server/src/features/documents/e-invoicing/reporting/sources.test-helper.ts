import { TAX_IDS } from '@app/domain'
import { expect } from 'vitest'
import { type Client, json, signUpWithOrganization, type TestContext } from '../../../../../test/helpers'
import { bankAccount, transaction } from '../../../../../test/money'
import { givePlan, recurringBody } from '../../../../../test/recurring'
import { act, createCustomer, createInvoice, invoiceBody, line } from '../../../../../test/sales'

/** Now for the sales below: the last day of October 2026, in Paris (the credit note is dated today). */
export const OCTOBER_END = new Date('2026-10-31T10:00:00Z')

const GERMANY_ID = 6

/** An organisation that charges VAT and sells over the counter too. */
export async function shop(ctx: TestContext) {
  const owner = await signUpWithOrganization(ctx.app, { canSellCash: true, taxRegimeId: 2 })
  return { client: owner.client as Client, organizationId: owner.organization.id }
}

/** The three customers e-reporting tells apart: a private person, a German company, a French company. */
export async function customers(client: Client) {
  return {
    person: await createCustomer(client, {
      contactTypeId: 2,
      name: 'Camille Dupont',
      registrySiren: null,
      intracommunityTaxNumber: null,
    }),
    // The contact form asks a business for a SIREN: the German company's is a placeholder.
    german: await createCustomer(client, {
      name: 'Müller GmbH',
      registrySiren: '552100554',
      intracommunityTaxNumber: 'DE123456789',
      countryId: GERMANY_ID,
    }),
    french: await createCustomer(client),
  }
}

type Customer = { contactId: number; addressId: number }

/** An invoice to the customer, validated (invoices are numbered in date order: validate them oldest first). */
export async function validated(client: Client, customer: Customer, overrides: Record<string, unknown>) {
  const draft = await createInvoice(
    client,
    invoiceBody({ contactId: customer.contactId, billingAddressId: customer.addressId, ...overrides }),
  )
  return act(client, `/invoices/${draft.id}/validate`)
}

async function payByHand(client: Client, invoiceId: number, paidAt: string, amount: string) {
  const response = await client.post(`/invoices/${invoiceId}/payments`, { paidAt, amount, method: 'CHEQUE' })
  expect(response.statusCode, response.body).toBe(201)
}

/** A cash sale of the day: goods 120 € TTC at 20 % (707) and services 55 € TTC at 10 % (706), in cash. */
export async function cashSale(client: Client, datedAt: string) {
  const entries = json(await client.get('/accounting-entries?pageSize=1000')).data as { id: number; code: string }[]
  const category = (code: string) => entries.find((entry) => entry.code === code)?.id as number
  const response = await client.post('/cash-sales', {
    datedAt,
    allocations: [
      { name: 'Vente', amount: '120', accountingEntryId: category('707') },
      { name: 'Vente prestations', amount: '55', accountingEntryId: category('706'), taxId: TAX_IDS.VT_FR_10 },
      { name: 'Encaissement espèces', amount: '175', accountingEntryId: category('530') },
    ],
  })
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data as { id: number }
}

/**
 * An organisation's sales of every kind e-reporting reads, to run on a context whose clock says OCTOBER_END:
 * - September: `september`, 1,000 € of services at 20 % to the person, paid 300 € by hand on 15/09 and 600 € by a bank
 *   line of 12/10;
 * - October: `b2c`, goods 100 € at 20 % and services 200 € at 10 % to the person (340 € TTC), paid 170 € by hand on
 *   06/10 and wholly credited on 31/10 (`creditNote`); `german`, 1,000 € of services at 0 % to the German company;
 *   `french`, 500 € of services at 20 % to the French company; a cash sale on 10/10; a draft and a recurring model
 *   (never read).
 */
export async function salesOfAutumn(ctx: TestContext) {
  const { client, organizationId } = await shop(ctx)
  await givePlan(ctx, organizationId, 'plus-monthly')
  const people = await customers(client)
  const services = (amount: string, taxId: number = TAX_IDS.VT_FR_20) => line({ amount, taxId })

  const september = await validated(client, people.person, { datedAt: '2026-09-10', lines: [services('1000')] })
  const b2c = await validated(client, people.person, {
    datedAt: '2026-10-05',
    lines: [
      line({ name: 'Lampe', type: 'PRODUCT', amount: '100', taxId: TAX_IDS.VT_FR_20 }),
      services('200', TAX_IDS.VT_FR_10),
    ],
  })
  const german = await validated(client, people.german, {
    datedAt: '2026-10-08',
    lines: [services('1000', TAX_IDS.VT_EXO_0)],
  })
  const french = await validated(client, people.french, { datedAt: '2026-10-09', lines: [services('500')] })
  const cash = await cashSale(client, '2026-10-10')

  await payByHand(client, september.id, '2026-09-15', '300')
  const bank = await bankAccount(client)
  const transfer = await transaction(client, bank, `VIR ${september.reference}`, '600', '2026-10-12')
  await act(client, `/transactions/${transfer}/invoices`, 200, { invoiceId: september.id })
  await payByHand(client, b2c.id, '2026-10-06', '170')
  const creditNote = await act(client, `/invoices/${b2c.id}/credit-note`, 201, { partial: false })

  const draft = await createInvoice(
    client,
    invoiceBody({
      contactId: people.person.contactId,
      billingAddressId: people.person.addressId,
      datedAt: '2026-10-15',
    }),
  )
  const model = await createInvoice(
    client,
    recurringBody(
      { contactId: people.person.contactId, billingAddressId: people.person.addressId, datedAt: '2026-10-01' },
      { startingAt: '2026-12-01' },
    ),
  )
  return { client, organizationId, september, b2c, creditNote, german, french, cash, draft, model }
}
