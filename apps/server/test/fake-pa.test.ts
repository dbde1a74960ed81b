import { describe, expect, it } from 'vitest'
import { documentsAvailable } from '../../../e2e/fake-pa/openapi.mjs'
import { flowForm, invoiceBetween, useFakePa } from './fake-pa'
import { api, CII, FACTUR_X_PDF, sha256 } from './fake-pa-checked'

const pa = useFakePa()

// The stand-in is checked against the documents themselves: without ../shared/france-rfe (never on CI) it is not.
describe.skipIf(!documentsAvailable && !process.env.CI)('the stand-in PA (AFNOR XP Z12-013)', () => {
  it('reads the OpenAPI documents (../shared/france-rfe/xp-z12-013, XP_Z12_013_DIR)', () => {
    expect(documentsAvailable).toBe(true)
  })

  it('gives tokens for client credentials only, and every API call needs a valid one', async () => {
    const client = await pa.registerClient()
    const basic = await fetch(pa.tokenUrl, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    })
    expect(basic.status).toBe(200)
    expect(await basic.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
    const wrong = await fetch(pa.tokenUrl, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: client.clientId,
        client_secret: 'nope',
      }),
    })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' })

    const search = { where: { flowDirection: ['In'] } }
    expect((await api(null, 'POST', `${pa.flowUrl}/v1/flows/search`, search)).json.errorCode).toBe('MISSING_TOKEN')
    expect((await api('forged', 'POST', `${pa.flowUrl}/v1/flows/search`, search)).status).toBe(401)
    expect((await api(null, 'GET', `${pa.directoryUrl}/v1/siren/code-insee:${client.siren}`)).status).toBe(401)
    const token = await pa.token(client)
    expect((await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, search)).status).toBe(200)
    const other = { 'Organization-Id': '111111111' }
    expect((await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, search, other)).status).toBe(403)
    await pa.expireTokens()
    expect((await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, search)).json.errorCode).toBe('EXPIRED_TOKEN')
    // The healthchecks answer without a token, as the documents describe them.
    expect((await api(null, 'GET', `${pa.flowUrl}/v1/healthcheck`)).status).toBe(200)
    expect((await api(null, 'GET', `${pa.directoryUrl}/v1/healthcheck`)).status).toBe(200)
  })

  it('answers the directory: SIREN, SIRET, lines by SIREN or address, 404 for an unknown SIREN', async () => {
    const elsewhere = await pa.registerElsewhere({ name: 'Boulangerie Pascale' })
    const siret = `${elsewhere.siren}00011`
    await pa.registerElsewhere({ siren: elsewhere.siren, name: 'Boulangerie Pascale', addresses: [{ siret }] })
    const client = await pa.registerClient({ name: 'Atelier Carnet', addresses: [{}, { suffix: 'FACTURES' }] })
    const token = await pa.token(client)
    const dir = pa.directoryUrl

    expect((await api(token, 'GET', `${dir}/v1/siren/code-insee:${elsewhere.siren}`)).json).toMatchObject({
      siren: elsewhere.siren,
      businessName: 'Boulangerie Pascale',
    })
    expect((await api(token, 'GET', `${dir}/v1/siren/code-insee:000000018`)).status).toBe(404)
    expect((await api(token, 'GET', `${dir}/v1/siren/code-insee:12`)).status).toBe(400)
    const bySiren = { filters: { siren: { op: 'strict', value: client.siren } }, include: ['siren'] }
    const lines = (await api(token, 'POST', `${dir}/v1/directory-line/search`, bySiren)).json
    expect(lines.results.map((l: { addressingIdentifier: string }) => l.addressingIdentifier)).toEqual([
      client.siren,
      `${client.siren}_FACTURES`,
    ])
    expect(lines.results[0]).toMatchObject({
      platformType: 'WK',
      directoryLineStatus: 'Enabled',
      legalUnit: { siren: client.siren },
    })
    const byAddress = { filters: { addressingIdentifier: { op: 'strict', value: `${client.siren}_FACTURES` } } }
    expect((await api(token, 'POST', `${dir}/v1/directory-line/search`, byAddress)).json.results).toHaveLength(1)
    const line = await api(token, 'GET', `${dir}/v1/directory-line/code:${client.siren}_FACTURES`)
    expect(line.json).toMatchObject({ siren: client.siren, addressingSuffix: 'FACTURES' })
    expect((await api(token, 'GET', `${dir}/v1/directory-line/code:${elsewhere.siren}_${siret}`)).json).toMatchObject({
      siret,
    })
    expect((await api(token, 'GET', `${dir}/v1/directory-line/code:000000018`)).status).toBe(404)
    expect((await api(token, 'GET', `${dir}/v1/siret/code-insee:${siret}`)).json).toMatchObject({
      siren: elsewhere.siren,
      facilityType: 'P',
    })
    const badOperator = { filters: { siren: { op: 'nope', value: client.siren } } }
    expect((await api(token, 'POST', `${dir}/v1/siren/search`, badOperator)).status).toBe(400)
  })

  it('takes a Factur-X invoice: 202, then Ok; its file back byte for byte; another client sees nothing of it', async () => {
    const client = await pa.registerClient()
    const token = await pa.token(client)
    const info = {
      trackingId: 'F20260023-1',
      name: 'F20260023.pdf',
      flowSyntax: 'Factur-X',
      sha256: sha256(FACTUR_X_PDF),
    }
    const sent = await api(token, 'POST', `${pa.flowUrl}/v1/flows`, flowForm(info, FACTUR_X_PDF, 'application/pdf'))
    expect(sent.status).toBe(202)
    expect(sent.json).toMatchObject({ trackingId: 'F20260023-1', sha256: info.sha256, flowSyntax: 'Factur-X' })
    const { flowId } = sent.json
    await pa.waitForFlows(client.clientId, (flows) =>
      flows.some((f) => f.flowId === flowId && f.acknowledgement.status !== 'Pending'),
    )

    const metadata = await api(token, 'GET', `${pa.flowUrl}/v1/flows/${flowId}`)
    expect(metadata.json).toMatchObject({
      flowId,
      flowType: 'CustomerInvoice',
      flowDirection: 'Out',
      flowProfile: 'CIUS',
      acknowledgement: { status: 'Ok' },
    })
    const original = await api(token, 'GET', `${pa.flowUrl}/v1/flows/${flowId}?docType=Original`)
    expect(original.headers.get('content-type')).toBe('application/pdf')
    expect(sha256(original.bytes as Buffer)).toBe(info.sha256)
    expect((await api(token, 'GET', `${pa.flowUrl}/v1/flows/${flowId}?docType=ReadableView`)).status).toBe(200)
    expect((await api(token, 'GET', `${pa.flowUrl}/v1/flows/${flowId}?docType=Converted`)).status).toBe(404)
    expect((await api(token, 'GET', `${pa.flowUrl}/v1/flows/${flowId}?docType=Other`)).status).toBe(400)
    const stranger = await pa.token(await pa.registerClient())
    expect((await api(stranger, 'GET', `${pa.flowUrl}/v1/flows/${flowId}`)).status).toBe(404)
  })

  it('acknowledges in error a trackingId sent twice, a wrong sha256, a broken XML; refuses a bad flowInfo and a big file', async () => {
    const client = await pa.registerClient()
    const token = await pa.token(client)
    const post = (info: Record<string, unknown>, content: Buffer | string, type = 'application/xml') =>
      api(token, 'POST', `${pa.flowUrl}/v1/flows`, flowForm(info, content, type))
    const xml = invoiceBetween(client, '987654321', null)
    const first = await post({ trackingId: 'T-1', name: 'a.xml', flowSyntax: 'CII', sha256: sha256(xml) }, xml)
    const again = await post({ trackingId: 'T-1', name: 'a.xml', flowSyntax: 'CII', sha256: sha256(xml) }, xml)
    const tampered = await post({ trackingId: 'T-2', name: 'b.xml', flowSyntax: 'CII', sha256: sha256('other') }, xml)
    const broken = await post({ trackingId: 'T-3', name: 'c.xml', flowSyntax: 'CII' }, '<rsm:CrossIndustryInvoice>')
    const wrongRoot = await post({ trackingId: 'T-4', name: 'd.xml', flowSyntax: 'UBL' }, xml)
    expect([first, again, tampered, broken, wrongRoot].map((r) => r.status)).toEqual([202, 202, 202, 202, 202])
    const flows = await pa.waitForFlows(client.clientId, (list) =>
      list.filter((f) => f.flowDirection === 'Out').every((f) => f.acknowledgement.status !== 'Pending'),
    )
    const ack = (id: string) => flows.find((f) => f.flowId === id)?.acknowledgement
    expect(ack(first.json.flowId)).toEqual({ status: 'Ok' })
    expect(ack(again.json.flowId)?.details?.[0]).toMatchObject({
      reasonCode: 'AlreadyExistingFlow',
      item: 'trackingId',
    })
    expect(ack(tampered.json.flowId)?.details?.[0]).toMatchObject({ reasonCode: 'ChecksumMismatch' })
    expect(ack(broken.json.flowId)?.details?.[0]).toMatchObject({ reasonCode: 'InvalidSchema' })
    expect(ack(wrongRoot.json.flowId)?.details?.[0]).toMatchObject({ reasonCode: 'InvalidSchema' })
    const errors = await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, { where: { ackStatus: 'Error' } })
    expect(errors.json.results).toHaveLength(4)
    // Corrected, the broken one goes again under its tracking id.
    const corrected = await post({ trackingId: 'T-3', name: 'c.xml', flowSyntax: 'CII' }, xml)
    const after = await pa.waitForFlows(client.clientId, (list) =>
      list.some((f) => f.flowId === corrected.json.flowId && f.acknowledgement.status !== 'Pending'),
    )
    expect(after.find((f) => f.flowId === corrected.json.flowId)?.acknowledgement).toEqual({ status: 'Ok' })

    expect((await post({ name: 'e.xml', flowSyntax: 'PDF' }, xml)).status).toBe(400)
    expect((await post({ name: 'e.xml', flowSyntax: 'CII', sha256: 'not-hex' }, xml)).status).toBe(400)
    await pa.limits({ maxFileBytes: 1000 })
    try {
      expect((await post({ name: 'big.xml', flowSyntax: 'CII' }, xml)).json.errorCode).toBe('FILE_SIZE_EXCEEDED')
    } finally {
      await pa.limits({ maxFileBytes: 100 * 1024 * 1024 })
    }
  })

  it("pages a search with an opaque cursor, only the caller's flows, updatedAfter strict", async () => {
    const client = await pa.registerClient()
    const other = await pa.registerClient()
    const token = await pa.token(client)
    for (let i = 0; i < 5; i++) {
      const xml = invoiceBetween(client, '987654321', null, `F-PAGE-${i}`)
      await pa.dropInInbox({ clientId: client.clientId, syntax: 'CII', file: Buffer.from(xml), name: `p${i}.xml` })
    }
    await pa.dropInInbox({ clientId: other.clientId, syntax: 'CII', file: Buffer.from(CII), name: 'other.xml' })
    const where = { flowType: ['SupplierInvoice'] }
    const seen: string[] = []
    let cursor: string | undefined
    let pages = 0
    do {
      const page = await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, {
        where,
        limit: 2,
        ...(cursor ? { cursor } : {}),
      })
      seen.push(...page.json.results.map((f: { name: string }) => f.name))
      cursor = page.json.nextCursor
      pages++
    } while (cursor)
    expect(pages).toBe(3)
    expect(seen).toEqual(['p0.xml', 'p1.xml', 'p2.xml', 'p3.xml', 'p4.xml'])
    const all = (await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, { where })).json.results
    const after = await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, {
      where: { updatedAfter: all[2].updatedAt },
    })
    expect(after.json.results.map((f: { name: string }) => f.name)).toEqual(['p3.xml', 'p4.xml'])
    expect((await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, { where: {} })).status).toBe(400)
    expect((await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, { where, limit: 101 })).status).toBe(400)
    expect((await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, { where, cursor: 'nope' })).status).toBe(400)
  })

  it("fails every call during an outage, the documents' 503 Error, and serves again once it is lifted", async () => {
    const client = await pa.registerClient()
    const token = await pa.token(client)
    await pa.outage(true)
    try {
      const down = await api(token, 'POST', `${pa.flowUrl}/v1/flows/search`, { where: { flowDirection: ['In'] } })
      expect(down.json).toMatchObject({ errorCode: 'RESOURCE_ERROR' })
      expect(down.status).toBe(503)
      expect((await api(null, 'GET', `${pa.flowUrl}/v1/healthcheck`)).status).toBe(503)
      expect((await fetch(pa.tokenUrl, { method: 'POST', body: 'grant_type=client_credentials' })).status).toBe(503)
    } finally {
      await pa.outage(false)
    }
    expect((await api(token, 'GET', `${pa.directoryUrl}/v1/siren/code-insee:${client.siren}`)).status).toBe(200)
  })
})
