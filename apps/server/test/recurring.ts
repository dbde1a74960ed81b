import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import { type Client, json, type TestContext } from './helpers'
import { createCustomer, invoiceBody, vatPayer } from './sales'

/** Recurring parameters as the editor sends them (spec/sales.md §9 defaults), `overrides` on top. */
export const recurringParams = (overrides: Record<string, unknown> = {}) => ({
  startingAt: '2027-01-11',
  endingAt: null,
  endingType: 'date',
  occurrences: null,
  recurrence: 1,
  unit: 'month',
  day: 1,
  creationOption: 'draft',
  emails: null,
  ...overrides,
})

/** The rule alone, as POST /recurring-calendar takes it (the form's other fields are not its keys). */
export const calendarRule = (overrides: Record<string, unknown> = {}) => {
  const { creationOption: _option, emails: _emails, ...rule } = recurringParams(overrides)
  return rule
}

export const recurringBody = (overrides: Record<string, unknown> = {}, params: Record<string, unknown> = {}) =>
  invoiceBody({
    name: 'Maintenance {mois} {annee}',
    isRecurring: true,
    recurringParams: recurringParams(params),
    ...overrides,
  })

/** Puts the organisation on a paid plan (no API sells plans yet): 'plus-monthly' has recurring invoices. */
export async function givePlan(ctx: TestContext, organizationId: number, planCode: string) {
  await ctx.database.db.execute(
    sql`update organizations set plan_code = ${planCode}, trial_ends_at = null where id = ${organizationId}`,
  )
}

/** A VAT-paying organisation on Classic+ with one business customer. */
export async function premiumOrganization(ctx: TestContext) {
  const owner = await vatPayer(ctx.app)
  await givePlan(ctx, owner.organization.id, 'plus-monthly')
  const customer = await createCustomer(owner.client, { email: 'compta@danone.fr' })
  return { ...owner, ...customer }
}

export async function createSubscription(client: Client, body: Record<string, unknown>) {
  const response = await client.post('/invoices', body)
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data
}

/** The invoices a subscription made, oldest date first. */
export async function occurrencesOf(client: Client, subscriptionId: number) {
  const response = await client.get('/invoices?pageSize=1000&sort=datedAt')
  expect(response.statusCode, response.body).toBe(200)
  return (json(response).data as { subscriptionId: number | null }[]).filter(
    (invoice) => invoice.subscriptionId === subscriptionId,
    // biome-ignore lint/suspicious/noExplicitAny: tests read loosely-typed JSON bodies on purpose.
  ) as any[]
}
