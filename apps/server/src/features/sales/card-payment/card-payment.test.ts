import { messages } from '@app/domain'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  type Client,
  joinAsCollaborator,
  json,
  signUpWithOrganization,
  TEST_SECRET_KEY,
  useTestContext,
} from '../../../../test/helpers'
import { givePlan } from '../../../../test/recurring'
import { sealLegacySecrets } from '../../../lib/seal-secrets'
import { createSecretBox, parseSecretKey } from '../../../lib/secrets'

const ctx = useTestContext()

const KEY = 'sk_test_51HqLyjWDarjtT1zdp7dcXYZabcd1234'
const c = messages.cardPayment
const stripeMode = async (client: Client) =>
  (json(await client.get('/settings/payment-modes')).data as { code: string; id: number; isActive: boolean }[]).find(
    (mode) => mode.code === 'STRIPE',
  ) as { id: number; isActive: boolean }

describe('card payment settings', () => {
  it('starts without a key nor limits', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const response = await client.get('/settings/card-payment')
    expect(response.statusCode).toBe(200)
    expect(json(response).data).toEqual({
      hasSecretKey: false,
      secretKeyHint: null,
      paymentMinimum: null,
      paymentLimit: null,
    })
  })

  it('keeps the secret key on the server and only ever gives back a hint of it', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    const saved = await client.patch('/settings/card-payment', { secretKey: ` ${KEY} ` })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(json(saved).data).toMatchObject({ hasSecretKey: true, secretKeyHint: 'sk_test_…1234' })
    expect(saved.body).not.toContain(KEY)
    const read = await client.get('/settings/card-payment')
    expect(read.body).not.toContain(KEY)
    expect(read.body).not.toContain('51HqLy')
    const stored = await ctx.database.db.execute(
      sql`select secret_key from organization_payment_modes where organization_id = ${organization.id} and payment_mode_id = 2`,
    )
    // Kept encrypted: the database alone gives nothing away; the instance's key opens it.
    const [row] = stored.rows as { secret_key: string }[]
    expect(row?.secret_key).toMatch(/^v1:/)
    expect(row?.secret_key).not.toContain('51HqLy')
    expect(createSecretBox(parseSecretKey(TEST_SECRET_KEY)).open(row?.secret_key as string)).toBe(KEY)
  })

  it('seals a key stored in clear before encryption, and still uses it', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    await ctx.database.db.execute(
      sql`insert into organization_payment_modes (organization_id, payment_mode_id, is_active, secret_key) values (${organization.id}, 2, false, ${KEY})`,
    )
    expect(json(await client.get('/settings/card-payment')).data).toMatchObject({ secretKeyHint: 'sk_test_…1234' })
    expect(await sealLegacySecrets(ctx.database, createSecretBox(parseSecretKey(TEST_SECRET_KEY)))).toBeGreaterThan(0)
    const stored = await ctx.database.db.execute(
      sql`select secret_key from organization_payment_modes where organization_id = ${organization.id} and payment_mode_id = 2`,
    )
    expect((stored.rows as { secret_key: string }[])[0]?.secret_key).toMatch(/^v1:/)
    expect(json(await client.get('/settings/card-payment')).data).toMatchObject({ secretKeyHint: 'sk_test_…1234' })
  })

  it('refuses a key over 255 characters or that is not a secret key, with French messages', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const long = await client.patch('/settings/card-payment', { secretKey: `sk_live_${'a'.repeat(248)}` })
    expect(long.statusCode).toBe(422)
    expect(json(long).errors.secretKey).toEqual([c.keyTooLong])
    const publishable = await client.patch('/settings/card-payment', { secretKey: 'pk_live_abcdef' })
    expect(publishable.statusCode).toBe(422)
    expect(json(publishable).errors.secretKey).toEqual([c.keyFormat])
    expect(json(await client.get('/settings/card-payment')).data.hasSecretKey).toBe(false)
  })

  it('takes the limits TTC as positive whole euros, null when their toggle is off', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const both = await client.patch('/settings/card-payment', { paymentMinimum: 10, paymentLimit: 5000 })
    expect(json(both).data).toMatchObject({ paymentMinimum: 10, paymentLimit: 5000 })
    for (const wrong of [0, -5, 12.5, '100']) {
      const response = await client.patch('/settings/card-payment', { paymentLimit: wrong })
      expect(response.statusCode).toBe(422)
      expect(json(response).errors.paymentLimit).toEqual([c.limitPositive])
    }
    const off = await client.patch('/settings/card-payment', { paymentMinimum: null })
    expect(json(off).data).toMatchObject({ paymentMinimum: null, paymentLimit: 5000 })
  })

  it('refuses a minimum above the maximum, also against the stored maximum', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const together = await client.patch('/settings/card-payment', { paymentMinimum: 500, paymentLimit: 100 })
    expect(together.statusCode).toBe(422)
    expect(json(together).errors.paymentMinimum).toEqual([c.limitOrder])
    await client.patch('/settings/card-payment', { paymentLimit: 100 })
    const merged = await client.patch('/settings/card-payment', { paymentMinimum: 500 })
    expect(merged.statusCode).toBe(422)
    expect(json(merged).errors.paymentMinimum).toEqual([c.limitOrder])
  })

  it('lets the card payment mode be switched on once a key is set, and off when the key is removed', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const { id } = await stripeMode(client)
    const refused = await client.patch(`/settings/payment-modes/${id}`, { isActive: true })
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({ code: 'PAYMENT_MODE_UNAVAILABLE', message: c.needsKey })
    expect((await stripeMode(client)).isActive).toBe(false)

    await client.patch('/settings/card-payment', { secretKey: KEY })
    const on = await client.patch(`/settings/payment-modes/${id}`, { isActive: true })
    expect(on.statusCode, on.body).toBe(200)
    expect((await stripeMode(client)).isActive).toBe(true)
    // Changing a limit leaves the mode as it is.
    await client.patch('/settings/card-payment', { paymentLimit: 2000 })
    expect((await stripeMode(client)).isActive).toBe(true)

    const removed = await client.patch('/settings/card-payment', { secretKey: null })
    expect(json(removed).data).toMatchObject({ hasSecretKey: false, secretKeyHint: null, paymentLimit: 2000 })
    expect((await stripeMode(client)).isActive).toBe(false)
  })

  it('is not for the free formula: 403 PREMIUM_REQUIRED, and the card mode stays off', async () => {
    const { client, organization } = await signUpWithOrganization(ctx.app)
    await client.patch('/settings/card-payment', { secretKey: KEY })
    await givePlan(ctx, organization.id, 'free')
    for (const response of [
      await client.get('/settings/card-payment'),
      await client.patch('/settings/card-payment', { paymentLimit: 100 }),
      await client.patch(`/settings/payment-modes/${(await stripeMode(client)).id}`, { isActive: true }),
    ]) {
      expect(response.statusCode).toBe(403)
      expect(json(response)).toMatchObject({ code: 'PREMIUM_REQUIRED', message: c.premiumRequired })
    }
  })

  it('is set up by the owner only; each organisation has its own key', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const collaborator = await joinAsCollaborator(ctx, owner)
    expect((await collaborator.client.patch('/settings/card-payment', { secretKey: KEY })).statusCode).toBe(403)
    await owner.client.patch('/settings/card-payment', { secretKey: KEY })
    const other = await signUpWithOrganization(ctx.app)
    expect(json(await other.client.get('/settings/card-payment')).data.hasSecretKey).toBe(false)
  })
})
