import { createHash, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { randomSiren, useFakePa } from '../../../../../test/fake-pa'
import { createPlatformClient, type PlatformSettings } from './client'
import { createTokenCache } from './token'
import { PlatformError } from './types'

const pa = useFakePa()

async function clientOf(overrides: Partial<PlatformSettings> = {}) {
  const company = await pa.registerClient({ addresses: [{ siret: undefined }] })
  const settings: PlatformSettings = {
    flowUrl: pa.flowUrl,
    directoryUrl: pa.directoryUrl,
    tokenUrl: pa.tokenUrl,
    clientId: company.clientId,
    clientSecret: company.clientSecret,
    platformOrganizationId: null,
    ...overrides,
  }
  const tokens = createTokenCache({ timeoutMs: 5000 })
  return { company, settings, tokens, client: createPlatformClient(settings, tokens) }
}

const failureOf = async (promise: Promise<unknown>): Promise<PlatformError> => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(PlatformError)
  return error as PlatformError
}

describe('the PA client over XP Z12-013', () => {
  it('passes both healthchecks and reads the directory lines of a SIREN, none for a SIREN the directory lacks', async () => {
    const { client, company } = await clientOf()
    await client.healthcheck()
    const lines = await client.directoryLines(company.siren)
    expect(lines.map((line) => line.addressingIdentifier)).toEqual(company.addressingIdentifiers)
    expect(lines[0]).toMatchObject({ siren: company.siren, platform: 'WK' })
    expect(await client.directoryLines(randomSiren())).toEqual([])
    expect(await client.companyName(company.siren)).toBe(company.name)
    expect(await client.companyName(randomSiren())).toBeNull()
  })

  it('sends a flow as multipart flowInfo + file, finds it by search and reads it back', async () => {
    const { client } = await clientOf()
    const content = Buffer.from('<?xml version="1.0"?><rsm:CrossIndustryInvoice/>')
    const sha256 = createHash('sha256').update(content).digest('hex')
    const trackingId = randomUUID()
    const sent = await client.submitFlow(
      { trackingId, name: 'F-2026-0001.xml', flowSyntax: 'CII', flowProfile: 'CIUS', processingRule: 'B2B', sha256 },
      { name: 'F-2026-0001.xml', content, contentType: 'application/xml' },
    )
    expect(sent.flowId).toBeTruthy()
    expect(sent.trackingId).toBe(trackingId)
    const page = await client.searchFlows({ where: { trackingId } })
    expect(page.results.map((flow) => flow.flowId)).toEqual([sent.flowId])
    const flow = await client.getFlow(sent.flowId)
    expect(flow).toMatchObject({ flowId: sent.flowId, flowDirection: 'Out', flowSyntax: 'CII' })
    const original = await client.downloadFlow(sent.flowId, 'Original')
    expect(original.content.equals(content)).toBe(true)
  })

  it('subscribes a webhook and deletes it, twice without an error', async () => {
    const { client } = await clientOf()
    const webhook = await client.createWebhook({ callbackUrl: 'http://localhost:3000/api/v1/webhooks/e-invoicing/1' })
    expect(webhook.id).toBeTruthy()
    expect(webhook.key.length).toBeGreaterThan(20)
    await client.deleteWebhook(webhook.id)
    await client.deleteWebhook(webhook.id)
  })

  it('asks a new token once when the PA no longer takes the one it gave', async () => {
    const { client, company } = await clientOf()
    await client.healthcheck()
    await pa.expireTokens()
    expect(await client.directoryLines(company.siren)).toHaveLength(1)
  })

  it('says in French that the credentials are wrong, without the secret anywhere in the error', async () => {
    const secret = `secret-${randomUUID()}`
    const { client } = await clientOf({ clientSecret: secret })
    const error = await failureOf(client.healthcheck())
    expect(error).toMatchObject({ status: 401, retryable: false })
    expect(error.userMessage).toMatch(/refuse l'identifiant ou le secret client/)
    expect(JSON.stringify({ ...error, message: error.message, stack: error.stack })).not.toContain(secret)
  })

  it('answers an Organization-Id the client may not act for as forbidden, a file too large as 413', async () => {
    const { client } = await clientOf({ platformOrganizationId: randomSiren() })
    expect(await failureOf(client.directoryLines(randomSiren()))).toMatchObject({ status: 403, retryable: false })
    const allowed = await clientOf()
    await pa.limits({ maxFileBytes: 10 })
    try {
      const content = Buffer.alloc(100, 65)
      const sha256 = createHash('sha256').update(content).digest('hex')
      const error = await failureOf(
        allowed.client.submitFlow(
          { trackingId: randomUUID(), name: 'big.xml', flowSyntax: 'CII', sha256 },
          { name: 'big.xml', content, contentType: 'application/xml' },
        ),
      )
      expect(error).toMatchObject({ status: 413, retryable: false })
      expect(error.userMessage).toMatch(/dépasse la taille/)
    } finally {
      await pa.limits({ maxFileBytes: 100 * 1024 * 1024 })
    }
  })

  it('tells an overloaded PA (503) from one that fails (500) or is not there, all to try again later', async () => {
    const { client } = await clientOf()
    await pa.outage(true, 503)
    try {
      expect(await failureOf(client.healthcheck())).toMatchObject({ status: 503, retryable: true })
      await pa.outage(true, 500)
      const failed = await failureOf(client.healthcheck())
      expect(failed).toMatchObject({ status: 500, retryable: true })
      expect(failed.userMessage).toMatch(/ne répond pas/)
    } finally {
      await pa.outage(false)
    }
    const nowhere = await clientOf({ tokenUrl: 'http://127.0.0.1:9/oauth/token' })
    expect(await failureOf(nowhere.client.healthcheck())).toMatchObject({ code: 'NETWORK', retryable: true })
  })
})
