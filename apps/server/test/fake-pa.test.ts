import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  createValidators,
  DIRECTORY_DOC,
  describeErrors,
  documentsAvailable,
  FLOW_DOC,
  responseValidator,
} from '../../../e2e/fake-pa/openapi.mjs'
import { mustValidateCdar } from '../src/features/e-invoicing/cdar/validate-cdar.test-helper'
import {
  afnorSignature,
  buyerStatus,
  cdarViolations,
  type FakePaFlow,
  flowForm,
  invoiceBetween,
  sellerCollected,
  useFakePa,
} from './fake-pa'

const pa = useFakePa()
const validator = createValidators()
const root = fileURLToPath(new URL('../../../', import.meta.url))
const FACTUR_X_PDF = readFileSync(join(root, 'test-kits/factur-x/examples/valid/FX_F20260023_EN16931.pdf'))
const CII = readFileSync(join(root, 'test-kits/factur-x/examples/valid/FX_F20260023_EN16931_commented.xml'), 'utf8')
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex')
/** A lifecycle status the PA delivered to a seller. */
const isStatus = (flow: FakePaFlow) => flow.flowType === 'CustomerInvoiceLC' && flow.flowDirection === 'In'

/**
 * One call to the stand-in's API; every JSON answer is checked against the response schema the OpenAPI document
 * gives for that operation and status (a status the document does not list fails the test).
 */
async function api(
  token: string | null,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const isForm = body instanceof FormData
  const response = await fetch(url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
  })
  const { pathname } = new URL(url)
  const [service, path] = pathname.startsWith('/flow-service')
    ? [FLOW_DOC, pathname.slice('/flow-service'.length)]
    : [DIRECTORY_DOC, pathname.slice('/directory-service'.length)]
  const check = responseValidator(validator, service, method, decodeURIComponent(path), response.status)
  expect(check, `${method} ${path} ${response.status} is not in ${service}`).not.toBeUndefined()
  if (!(response.headers.get('content-type') ?? '').includes('application/json'))
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) }
  // biome-ignore lint/suspicious/noExplicitAny: checked against the document's schema just below.
  const json = (await response.json()) as any
  if (check) expect(check(json), `${method} ${path} ${response.status}: ${describeErrors(check.errors)}`).toBe(true)
  return { status: response.status, headers: response.headers, json }
}

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

  it('routes an invoice to the client owning the buyer address, with 200, 202, 203 to the seller and the buyer statuses back', async () => {
    const seller = await pa.registerClient({ name: 'Vendeur' })
    const buyer = await pa.registerClient({ name: 'Acheteur', addresses: [{ suffix: 'ACHATS' }] })
    const sellerToken = await pa.token(seller)
    const buyerToken = await pa.token(buyer)
    const xml = invoiceBetween(seller, buyer.siren, `${buyer.siren}_ACHATS`, 'F-ROUTE-1')
    const info = { trackingId: 'route-1', name: 'F-ROUTE-1.xml', flowSyntax: 'CII', sha256: sha256(xml) }
    const sent = await api(sellerToken, 'POST', `${pa.flowUrl}/v1/flows`, flowForm(info, xml, 'application/xml'))
    const sellerFlows = await pa.waitForFlows(seller.clientId, (f) => f.filter(isStatus).length === 3)
    const statuses = sellerFlows.filter(isStatus)
    expect(statuses.every((f) => f.flowDirection === 'In' && f.flowSyntax === 'CDAR')).toBe(true)
    const cdars = await Promise.all(statuses.map((f) => pa.file(f.flowId)))
    expect(cdars.map((c) => /<ram:ProcessConditionCode>(\d+)</.exec(c.toString())?.[1])).toEqual(['200', '202', '203'])

    const received = await api(buyerToken, 'POST', `${pa.flowUrl}/v1/flows/search`, {
      where: { flowType: ['SupplierInvoice'], flowDirection: ['In'] },
    })
    expect(received.json.results).toHaveLength(1)
    const invoiceFlow = received.json.results[0].flowId
    const copy = await api(buyerToken, 'GET', `${pa.flowUrl}/v1/flows/${invoiceFlow}?docType=Original`)
    expect((copy.bytes as Buffer).toString()).toBe(xml)

    // The buyer refuses: its CDAR reaches the seller as it was sent.
    const refusal = buyerStatus('F-ROUTE-1', seller.siren, buyer, 210, 'TX_TVA_ERR')
    const posted = await api(
      buyerToken,
      'POST',
      `${pa.flowUrl}/v1/flows`,
      flowForm({ name: 'refus.xml', flowSyntax: 'CDAR' }, refusal, 'application/xml'),
    )
    const relayed = await pa.waitForFlows(seller.clientId, (f) => f.filter(isStatus).length === 4)
    const last = relayed.filter(isStatus).at(-1) as FakePaFlow
    expect((await pa.file(last.flowId)).toString()).toBe(refusal)
    const [buyerFlow] = (await pa.flows(buyer.clientId)).filter((f) => f.flowId === posted.json.flowId)
    expect(buyerFlow).toMatchObject({ flowType: 'SupplierInvoiceLC', acknowledgement: { status: 'Ok' } })

    // The seller's Encaissée reaches the buyer as it was sent.
    const collected = sellerCollected('F-ROUTE-1', seller, buyer, [{ rate: '20.00', amount: '120.00' }])
    await api(
      sellerToken,
      'POST',
      `${pa.flowUrl}/v1/flows`,
      flowForm({ name: 'paid.xml', flowSyntax: 'CDAR' }, collected, 'application/xml'),
    )
    const buyerSide = await pa.waitForFlows(buyer.clientId, (f) =>
      f.some((x) => x.flowType === 'SupplierInvoiceLC' && x.flowDirection === 'In'),
    )
    const paid = buyerSide.find((x) => x.flowType === 'SupplierInvoiceLC' && x.flowDirection === 'In') as FakePaFlow
    expect((await pa.file(paid.flowId)).toString()).toBe(collected)

    // A status sent by the test control as if from the buyer, then the PA's rejection of an unknown address.
    await pa.sendStatus(sent.json.flowId, {
      status: 207,
      reasonCode: 'TX_TVA_ERR',
      reasonText: 'Taux faux',
      actionCode: 'NIN',
    })
    await pa.sendStatus(sent.json.flowId, { status: 212, payment: { amounts: [{ rate: '20.00', amount: '120.00' }] } })
    const lost = invoiceBetween(seller, '987654321', '987654321_NOWHERE', 'F-ROUTE-2')
    await api(
      sellerToken,
      'POST',
      `${pa.flowUrl}/v1/flows`,
      flowForm({ name: 'lost.xml', flowSyntax: 'CII' }, lost, 'application/xml'),
    )
    const all = await pa.waitForFlows(seller.clientId, (f) => f.filter(isStatus).length === 8)
    const produced = await Promise.all(
      all.filter((f) => isStatus(f) && f.flowId !== last.flowId).map((f) => pa.file(f.flowId)),
    )
    expect(produced.at(-1)?.toString()).toMatch(/<ram:ProcessConditionCode>213<[\s\S]*<ram:ReasonCode>DEST_INC</)
    // The checker finds a wrong reason code, so an empty list for the PA's messages means something.
    const wrong = Buffer.from(refusal.replace('TX_TVA_ERR', 'PAS_UN_MOTIF'))
    if (!mustValidateCdar) return // no Java or France_RFE files here (CI has them)
    const violations = cdarViolations([...produced, Buffer.from(refusal), Buffer.from(collected), wrong])
    expect(violations.length).toBeGreaterThan(0)
    expect(violations.filter((v) => !v.startsWith(`${produced.length + 2}.xml:`))).toEqual([])
  }, 60_000)

  it("routes a UBL invoice by the buyer's cbc:EndpointID (scheme 0225) and tells the seller it was made available", async () => {
    const seller = await pa.registerClient()
    const buyer = await pa.registerClient()
    const party = (siren: string) =>
      `<cac:Party><cbc:EndpointID schemeID="0225">${siren}</cbc:EndpointID><cac:PartyLegalEntity><cbc:RegistrationName>S${siren}</cbc:RegistrationName><cbc:CompanyID schemeID="0002">${siren}</cbc:CompanyID></cac:PartyLegalEntity></cac:Party>`
    const ubl = `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID><cbc:ID>U-2026-7</cbc:ID><cbc:IssueDate>2026-02-01</cbc:IssueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
<cac:AccountingSupplierParty>${party(seller.siren)}</cac:AccountingSupplierParty><cac:AccountingCustomerParty>${party(buyer.siren)}</cac:AccountingCustomerParty>
<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="EUR">120.00</cbc:PayableAmount></cac:LegalMonetaryTotal></Invoice>`
    const token = await pa.token(seller)
    await api(
      token,
      'POST',
      `${pa.flowUrl}/v1/flows`,
      flowForm({ name: 'u.xml', flowSyntax: 'UBL' }, ubl, 'application/xml'),
    )
    const statuses = await pa.waitForFlows(
      seller.clientId,
      (f) => f.filter((x) => x.flowType === 'CustomerInvoiceLC').length === 3,
    )
    const last = statuses.filter((f) => f.flowType === 'CustomerInvoiceLC').at(-1) as FakePaFlow
    expect((await pa.file(last.flowId)).toString()).toMatch(/<ram:IssuerAssignedID>U-2026-7<[\s\S]*>203</)
    const [received] = await pa.flows(buyer.clientId)
    expect(received).toMatchObject({
      flowType: 'SupplierInvoice',
      flowDirection: 'In',
      flowSyntax: 'UBL',
      sha256: sha256(ubl),
    })
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

  it('calls the webhooks with a signature anyone holding the key reproduces, tries again after a failure', async () => {
    const calls: { headers: IncomingHttpHeaders; body: string }[] = []
    let failures = 1
    const receiver = createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => {
        body += chunk
      })
      req.on('end', () => {
        calls.push({ headers: req.headers, body })
        res.writeHead(failures-- > 0 ? 500 : 200).end()
      })
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    try {
      const client = await pa.registerClient()
      const token = await pa.token(client)
      const callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/pa`
      const created = await api(token, 'POST', `${pa.flowUrl}/v1/webhooks`, { callbackUrl, flowDirection: 'In' })
      expect(created.status).toBe(201)
      const { webhookId, signingKey } = created.json
      expect(Buffer.from(signingKey, 'base64')).toHaveLength(32)
      const listed = await api(token, 'GET', `${pa.flowUrl}/v1/webhooks`)
      expect(listed.json).toMatchObject({ count: 1, webhookIds: [webhookId], webhooks: [{ webhookId, callbackUrl }] })

      const dead = await api(token, 'POST', `${pa.flowUrl}/v1/webhooks`, { callbackUrl: 'http://127.0.0.1:9/down' })
      const dropped = await pa.dropInInbox({
        clientId: client.clientId,
        syntax: 'CII',
        file: Buffer.from(CII),
        name: 'in.xml',
      })
      await pa.deliverWebhooks()
      expect(calls.length).toBe(2)
      for (const call of calls) {
        const timestamp = String(call.headers['afnor-signature-timestamp'])
        expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60)
        expect(call.headers['afnor-signature']).toBe(afnorSignature(call.body, timestamp, signingKey))
        expect(JSON.parse(call.body)).toMatchObject({ flowId: dropped.flowId, flowType: 'SupplierInvoice' })
      }
      const [first, second] = calls as [(typeof calls)[0], (typeof calls)[0]]
      const check = responseValidator(validator, FLOW_DOC, 'GET', `/v1/flows/${dropped.flowId}`, 200)
      expect(check?.(JSON.parse(first.body))).toBe(true)
      const timestamp = second.headers['afnor-signature-timestamp'] as string
      const otherKey = Buffer.alloc(32).toString('base64')
      expect(afnorSignature(second.body, timestamp, otherKey)).not.toBe(second.headers['afnor-signature'])
      // An unreachable callback is tried four times in all, then given up (the client polls).
      for (let flush = 0; flush < 4; flush++) await pa.deliverWebhooks()
      const deliveries = (await pa.deliveries()).filter((d) => d.flowId === dropped.flowId)
      expect(deliveries.find((d) => d.webhookId === dead.json.webhookId)).toMatchObject({
        state: 'abandoned',
        attempts: 4,
      })
      expect(deliveries.find((d) => d.webhookId === webhookId)).toMatchObject({
        state: 'delivered',
        attempts: 2,
      })

      expect((await api(token, 'DELETE', `${pa.flowUrl}/v1/webhooks/${webhookId}`)).status).toBe(204)
      expect((await api(token, 'DELETE', `${pa.flowUrl}/v1/webhooks/${webhookId}`)).status).toBe(404)
      await pa.dropInInbox({ clientId: client.clientId, syntax: 'CII', file: Buffer.from(CII), name: 'in2.xml' })
      await pa.deliverWebhooks()
      expect(calls.length).toBe(2)
    } finally {
      receiver.close()
    }
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

describe.skipIf(!mustValidateCdar)('the stand-in PA with --validate (France_RFE rules)', () => {
  const strict = useFakePa({ validate: true })

  it('acknowledges in error an invoice or a status that breaks a rule, naming the rule', async () => {
    const client = await strict.registerClient()
    const token = await strict.token(client)
    const wrongTotal = readFileSync(
      join(root, 'test-kits/factur-x/examples/invalid/F20260023_BR-CO-15_wrong-grand-total.xml'),
    )
    const badReason = buyerStatus('F20260023', '123456782', client, 210, 'PAS_UN_MOTIF')
    const post = (info: Record<string, unknown>, content: Buffer | string) =>
      api(token, 'POST', `${strict.flowUrl}/v1/flows`, flowForm(info, content, 'application/xml'))
    await post({ trackingId: 'V-1', name: 'total.xml', flowSyntax: 'CII' }, wrongTotal)
    await post({ trackingId: 'V-2', name: 'motif.xml', flowSyntax: 'CDAR' }, badReason)
    const flows = await strict.waitForFlows(
      client.clientId,
      (list) => list.length === 2 && list.every((f) => f.acknowledgement.status !== 'Pending'),
      60_000,
    )
    const details = (name: string) => flows.find((f) => f.name === name)?.acknowledgement.details ?? []
    expect(details('total.xml')).toContainEqual(
      expect.objectContaining({ reasonCode: 'InvalidSchema', item: 'BR-CO-15' }),
    )
    expect(details('motif.xml').map((d) => d.item)).toContain('BR-FR-CDV-CL-09_MDT-113')
  }, 90_000)
})
