import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { type FakePaClient, randomSiren, type useFakePa } from '../../../../../test/fake-pa'
import {
  type Client,
  json,
  signUpWithOrganization,
  TEST_SECRET_KEY,
  type TestContext,
} from '../../../../../test/helpers'
import { eInvoicingConnections } from '../../../../db/schema/index'
import { createSecretBox, parseSecretKey } from '../../../../lib/secrets'
import { createPlatformClient } from '../platform/client'
import { createTokenCache } from '../platform/token'

type FakePa = ReturnType<typeof useFakePa>

/** The French VAT number of a SIREN (key = (12 + 3 × (SIREN mod 97)) mod 97). */
export const vatNumberOf = (siren: string) =>
  `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`

/** The app listening on a local port, for the stand-in's webhook calls (the tests' requests stay injected). */
export async function listeningOrigin(ctx: TestContext): Promise<string> {
  const address = ctx.app.server.address() as AddressInfo | null
  if (address) return `http://127.0.0.1:${address.port}`
  await ctx.app.listen({ port: 0, host: '127.0.0.1' })
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`
}

/**
 * A new organisation, its own SIREN, a client company of the stand-in PA with that SIREN, and the connection row as
 * the connection service writes it (credentials sealed with the tests' key): the owner's second factor is the
 * connection's own test's business, not this one's. With `webhookOrigin`, a webhook is subscribed at the PA, its key
 * sealed like the service does; without, the organisation is polled only.
 */
export async function connectedOrganization(
  ctx: TestContext,
  fake: FakePa,
  options: { name?: string; siren?: string; webhookOrigin?: string } = {},
): Promise<{ client: Client; organizationId: number; pa: FakePaClient; siren: string }> {
  const siren = options.siren ?? randomSiren()
  const user = await signUpWithOrganization(ctx.app, { taxRegimeId: 2, organizationName: options.name ?? 'Atelier' })
  const edited = await user.client.patch('/organization', { registrySiren: siren, registryIntra: vatNumberOf(siren) })
  expect(edited.statusCode, edited.body).toBe(200)
  const pa = await fake.registerClient({ siren, name: options.name ?? 'Atelier' })
  const secrets = createSecretBox(parseSecretKey(TEST_SECRET_KEY))
  const settings = {
    flowUrl: fake.flowUrl,
    directoryUrl: fake.directoryUrl,
    tokenUrl: fake.tokenUrl,
    clientId: pa.clientId,
    clientSecret: pa.clientSecret,
    platformOrganizationId: null,
  }
  const organizationId = user.organization.id
  const webhook = options.webhookOrigin
    ? await createPlatformClient(settings, createTokenCache({ timeoutMs: 5000 })).createWebhook({
        callbackUrl: `${options.webhookOrigin}/api/v1/webhooks/e-invoicing/${organizationId}`,
      })
    : null
  await ctx.database.db.insert(eInvoicingConnections).values({
    organizationId,
    flowUrl: settings.flowUrl,
    directoryUrl: settings.directoryUrl,
    tokenUrl: settings.tokenUrl,
    clientId: settings.clientId,
    clientSecretSealed: secrets.seal(settings.clientSecret),
    receivingAddress: pa.addressingIdentifiers[0] ?? siren,
    webhookId: webhook?.id ?? null,
    webhookKeySealed: webhook ? secrets.seal(webhook.key) : null,
  })
  return { client: user.client, organizationId, pa, siren }
}

/** The webhook key sealed for an organisation, opened (a test signs its own forged or replayed calls with it). */
export async function webhookKeyOf(ctx: TestContext, organizationId: number): Promise<string> {
  const [row] = await ctx.database.db
    .select({ key: eInvoicingConnections.webhookKeySealed })
    .from(eInvoicingConnections)
    .where(eq(eInvoicingConnections.organizationId, organizationId))
  return createSecretBox(parseSecretKey(TEST_SECRET_KEY)).open(row?.key ?? '')
}

/** An invoice's history sentences, newest first. */
export async function historyOf(client: Client, invoiceId: number): Promise<string[]> {
  const response = await client.get(`/invoices/${invoiceId}/activities?page=1&pageSize=50`)
  expect(response.statusCode, response.body).toBe(200)
  return (json(response).data as { sentence: string }[]).map((entry) => entry.sentence)
}

/** Waits (up to 10 s) for `check` to hold, polling the app each round; answers what `check` answered last. */
export async function eventually<T>(work: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const until = Date.now() + 10_000
  for (;;) {
    const value = await work()
    if (check(value)) return value
    if (Date.now() > until) throw new Error(`never happened: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
