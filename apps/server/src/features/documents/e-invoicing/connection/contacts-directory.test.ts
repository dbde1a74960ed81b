import { CONTACT_TYPE_IDS, type ContactBody, contactSchema, vatNumberFromSiren } from '@app/domain'
import { Secret, TOTP } from 'otpauth'
import { beforeEach, describe, expect, it } from 'vitest'
import { randomSiren, useFakePa } from '../../../../../test/fake-pa'
import { json, signUpWithOrganization, TEST_SECRET_KEY, useTestContext } from '../../../../../test/helpers'
import { createSecretBox } from '../../../../lib/secrets'
import type { Tenant } from '../../../../lib/tenant'
import type { TwoFactorService } from '../../../account/two-factor/service'
import { createBooks } from '../../../books/ledger/books'
import { isSupplierOfValidatedReceipt } from '../../../money/receipts/queries'
import { forgetSupplier } from '../../../money/receipts/writes'
import { createAddressService } from '../../../platform/addresses/service'
import { createContactService } from '../../../sales/contacts/service'
import { createContactDocumentUsage } from '../../../sales/documents/repo'
import { createPlatformClients } from '../platform/client'
import { PlatformError } from '../platform/types'
import { directoryAddressOf } from './directory'
import { createEInvoicingConnectionService } from './service'

let now = Date.parse('2026-11-28T10:00:00Z')
const ctx = useTestContext({ now: () => new Date(now) })
const pa = useFakePa()
beforeEach(() => {
  now += 10 * 60_000
})

/**
 * The contacts' save as the app wires it (features/sales/contacts with the e-invoicing directory after the save), on this
 * test's database and against the stand-in PA: the same parts as app.ts, with the failures the PA gives collected.
 */
function parts() {
  const db = ctx.database.db
  const clock = () => new Date(now)
  const secrets = createSecretBox(Buffer.from(TEST_SECRET_KEY, 'base64'))
  const platforms = createPlatformClients({ db, secrets })
  const logged: unknown[] = []
  const connection = createEInvoicingConnectionService({
    db,
    clock,
    config: ctx.config,
    secrets,
    // Not reached by a contact's save: the second factor guards connecting, which goes through HTTP here.
    twoFactor: {} as TwoFactorService,
    log: (error) => logged.push(error),
    platforms,
  })
  const contacts = createContactService({
    books: createBooks(),
    db,
    clock,
    addresses: createAddressService({ db, clock }),
    documents: createContactDocumentUsage(),
    receipts: { supplierOfValidated: isSupplierOfValidatedReceipt, forgetSupplier },
    directory: connection,
  })
  return { db, platforms, contacts, logged }
}

/** An organisation connected to the stand-in PA through the API, as its owner would. */
async function connectedOrganization() {
  const owner = await signUpWithOrganization(ctx.app)
  const siren = randomSiren()
  await owner.client.patch('/organization', { registrySiren: siren })
  const company = await pa.registerClient({ siren })
  const { secret } = json(await owner.client.post('/me/two-factor/enrolment')).data
  const code = () => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now })
  await owner.client.post('/me/two-factor/confirmation', { code: code() })
  now += 30_000
  const connected = await owner.client.request('PUT', '/e-invoicing/connection', {
    flowUrl: pa.flowUrl,
    directoryUrl: pa.directoryUrl,
    tokenUrl: pa.tokenUrl,
    clientId: company.clientId,
    clientSecret: company.clientSecret,
    code: code(),
  })
  expect(connected.statusCode, connected.body).toBe(200)
  const tenant = {
    userId: owner.id,
    organizationId: owner.organization.id,
    membership: { organizationId: owner.organization.id, roleId: 1, roleCode: 'owner', isActive: true },
  } satisfies Tenant
  return { owner, tenant, company }
}

/** A body as the route hands it to the service: parsed by the domain's schema. */
const customer = (siren: string): ContactBody =>
  contactSchema.parse({
    contactTypeId: CONTACT_TYPE_IDS.BUSINESS,
    name: 'Client Annuaire',
    registrySiren: siren,
    intracommunityTaxNumber: vatNumberFromSiren(siren),
  })

describe("a customer's directory answer", () => {
  it('is asked when a company customer is saved and shown on its page and in the list', async () => {
    const { owner, tenant } = await connectedOrganization()
    const { contacts } = parts()
    const inDirectory = await pa.registerElsewhere({ addresses: [{ suffix: 'COMPTA' }, {}] })
    const created = await contacts.create(tenant, 'customer', customer(inDirectory.siren))
    expect(created.eInvoicing).toEqual({
      reachable: true,
      address: inDirectory.siren,
      platform: 'WK',
      checkedAt: new Date(now).toISOString(),
    })
    const page = json(await owner.client.get(`/contacts/${created.id}`)).data
    expect(page.eInvoicing).toMatchObject({ reachable: true, address: inDirectory.siren })
    const list = json(await owner.client.get('/contacts?filter[relation]=customer')).data
    expect(list.find((c: { id: number }) => c.id === created.id).eInvoicing).toMatchObject({ reachable: true })

    const outside = await contacts.create(tenant, 'customer', customer(randomSiren()))
    expect(outside.eInvoicing).toMatchObject({ reachable: false, address: null })
    // A private person is not the directory's: the answer kept for the company goes.
    const person = contactSchema.parse({ contactTypeId: CONTACT_TYPE_IDS.PRIVATE, name: 'Élodie Martin' })
    expect((await contacts.update(tenant, outside.id, undefined, person)).eInvoicing).toBeNull()
  })

  it('never fails the save when the PA is down, and is not asked for an organisation without a PA', async () => {
    const { tenant } = await connectedOrganization()
    const { contacts, logged } = parts()
    const inDirectory = await pa.registerElsewhere()
    await pa.outage(true, 503)
    try {
      const saved = await contacts.create(tenant, 'customer', customer(inDirectory.siren))
      expect(saved.name).toBe('Client Annuaire')
      expect(saved.eInvoicing).toBeNull()
    } finally {
      await pa.outage(false)
    }
    expect(logged).toHaveLength(1)
    expect(String((logged[0] as Error).message)).toMatch(/surchargée/)

    const alone = await signUpWithOrganization(ctx.app)
    const free = { ...tenant, organizationId: alone.organization.id, userId: alone.id }
    const unconnected = await contacts.create(free, 'customer', customer(inDirectory.siren))
    expect(unconnected.eInvoicing).toBeNull()
  })

  it('serves the sending from what was kept while fresh, asks again when stale, and keeps a stale answer through an outage', async () => {
    const { tenant } = await connectedOrganization()
    const { db, platforms, contacts } = parts()
    const inDirectory = await pa.registerElsewhere()
    const saved = await contacts.create(tenant, 'customer', customer(inDirectory.siren))
    const addressOf = (at: number) =>
      directoryAddressOf(db, platforms, tenant.organizationId, saved.id, { maxAgeDays: 7, now: new Date(at) })

    await pa.outage(true, 503)
    try {
      expect(await addressOf(now + 86_400_000)).toEqual({ reachable: true, address: inDirectory.siren })
      // Stale, and the PA is down: the older answer still serves.
      expect(await addressOf(now + 30 * 86_400_000)).toEqual({ reachable: true, address: inDirectory.siren })
      const never = await contacts.create(tenant, 'customer', customer(randomSiren()))
      const failure = await directoryAddressOf(db, platforms, tenant.organizationId, never.id, { maxAgeDays: 7 }).catch(
        (error: unknown) => error,
      )
      expect(failure).toBeInstanceOf(PlatformError)
      expect(failure).toMatchObject({ retryable: true })
    } finally {
      await pa.outage(false)
    }
    const later = now + 30 * 86_400_000
    expect(await addressOf(later)).toEqual({ reachable: true, address: inDirectory.siren })
    const kept = await ctx.database.db.execute(
      `select checked_at from contact_e_invoicing where contact_id = ${saved.id} and organization_id = ${tenant.organizationId}`,
    )
    const checkedAt = (kept as unknown as { rows: { checked_at: string | Date }[] }).rows[0]?.checked_at
    expect(new Date(checkedAt ?? 0).getTime()).toBe(later)
  })
})
