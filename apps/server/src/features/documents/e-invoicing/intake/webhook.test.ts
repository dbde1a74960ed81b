import { createHash, createHmac, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { afnorSignature, type FakePaFlow, useFakePa } from '../../../../../test/fake-pa'
import { json, useTestContext } from '../../../../../test/helpers'
import { encode, UBL_INVOICE } from '../../../money/receipts/e-invoices/samples.test-helper'
import { connectedOrganization, eventually, listeningOrigin, webhookKeyOf } from './network.test-helper'
import { checkWebhookSignature } from './signature'

const ctx = useTestContext()
const fake = useFakePa()

/** The Flow resource as the PA posts it (the stand-in's listing adds its owner and file facts). */
const bodyOf = ({ clientId: _c, sha256: _s, size: _z, ...flow }: FakePaFlow) => JSON.stringify(flow)

const call = (organizationId: number, body: string, headers: Record<string, string>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/webhooks/e-invoicing/${organizationId}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  })

const signed = (body: string, key: string, at = Math.floor(Date.now() / 1000)) => ({
  'afnor-signature': afnorSignature(body, at, key),
  'afnor-signature-timestamp': String(at),
})

describe('the webhook signature (XP Z12-013 createWebhook)', () => {
  const key = randomBytes(32).toString('base64')
  const now = new Date('2026-11-20T10:00:00Z')
  const at = Math.floor(now.getTime() / 1000)
  const payload = '{"flowId":"f-1"}'
  const digest = createHash('sha256').update(`${payload}@${at}`).digest()
  const hmac = (message: Buffer | string, k: Buffer | string = Buffer.from(key, 'base64')) =>
    createHmac('sha256', k).update(message).digest('base64')
  const check = (signature: string, timestamp = String(at)) =>
    checkWebhookSignature({ payload, signature, timestamp, key, now })

  it('accepts the three readings of the fingerprint and the key as given or decoded, nothing else', () => {
    expect(check(hmac(digest.toString('hex'))).ok).toBe(true)
    expect(check(hmac(digest)).ok).toBe(true)
    expect(check(hmac(`${payload}@${at}`)).ok).toBe(true)
    expect(check(hmac(digest.toString('hex'), key)).ok).toBe(true)
    expect(check(hmac(digest.toString('hex'), randomBytes(32)))).toEqual({ ok: false, reason: 'signature' })
    expect(check('pas-une-signature')).toEqual({ ok: false, reason: 'signature' })
  })

  it('refuses a timestamp older than five minutes, in the future, or missing', () => {
    const old = String(at - 301)
    expect(check(hmac(createHash('sha256').update(`${payload}@${old}`).digest('hex')), old)).toEqual({
      ok: false,
      reason: 'timestamp',
    })
    expect(check(hmac(digest.toString('hex')), String(at + 120)).ok).toBe(false)
    expect(check(hmac(digest.toString('hex')), '').ok).toBe(false)
  })
})

describe('POST /webhooks/e-invoicing/{organizationId}', () => {
  it('takes what the PA signs, refuses a forged, old or replayed call, and never says which organisation exists', async () => {
    const origin = await listeningOrigin(ctx)
    const buyer = await connectedOrganization(ctx, fake, { name: 'Atelier Martin', webhookOrigin: origin })
    const other = await connectedOrganization(ctx, fake, { name: 'Autre', webhookOrigin: origin })
    const flow = await fake.dropInInbox({
      clientId: buyer.pa.clientId,
      syntax: 'UBL',
      file: Buffer.from(encode(UBL_INVOICE)),
      name: 'FA-2026-0457.xml',
    })
    // The stand-in calls by itself, signed: the invoice lands in the receipts.
    await eventually(
      async () => json(await buyer.client.get('/receipts')).data as { eInvoicing: { flowId: string } | null }[],
      (receipts) => receipts.some((receipt) => receipt.eInvoicing?.flowId === flow.flowId),
    )
    const key = await webhookKeyOf(ctx, buyer.organizationId)
    const body = bodyOf(flow)

    const forged = await call(buyer.organizationId, body, signed(body, randomBytes(32).toString('base64')))
    expect(forged.statusCode).toBe(401)
    expect(json(forged).message).toBe('Signature du webhook invalide.')
    const unsigned = await call(buyer.organizationId, body, {})
    expect(unsigned.statusCode).toBe(401)
    const old = await call(buyer.organizationId, body, signed(body, key, Math.floor(Date.now() / 1000) - 600))
    expect(old.statusCode).toBe(409)
    expect(json(old).message).toBe('Ce webhook a déjà été reçu ou il est trop ancien.')
    const ahead = await call(buyer.organizationId, body, signed(body, key, Math.floor(Date.now() / 1000) + 600))
    expect(ahead.statusCode).toBe(409)

    // Its own bytes (the stand-in may have sent this very body in this very second, which would be a replay).
    const again = `${body}\n`
    const headers = signed(again, key)
    const first = await call(buyer.organizationId, again, headers)
    expect(first.statusCode, first.body).toBe(200)
    const replay = await call(buyer.organizationId, again, headers)
    expect(replay.statusCode).toBe(409)

    // Unknown organisation: the same answer as a forged signature.
    const nobody = await call(987654321, body, signed(body, key))
    expect(nobody.statusCode).toBe(401)
    expect(nobody.body).toBe(forged.body)
    // Another organisation's flow, signed with this one's key: unknown here.
    const theirs = await fake.dropInInbox({
      clientId: other.pa.clientId,
      syntax: 'UBL',
      file: Buffer.from(encode(UBL_INVOICE)),
      name: 'autre.xml',
    })
    const crossed = bodyOf(theirs)
    const refused = await call(buyer.organizationId, crossed, signed(crossed, key))
    expect(refused.statusCode).toBe(404)
    expect(json(refused).message).toBe('Flux inconnu pour cette organisation.')
    const receipts = json(await buyer.client.get('/receipts')).data
    expect(receipts).toHaveLength(1)
  })
})
