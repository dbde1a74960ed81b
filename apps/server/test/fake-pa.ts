import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { createHash, createHmac, randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll } from 'vitest'
import { FRANCE_RFE_DIR } from '../src/features/documents/e-invoicing/cdar/validate-cdar.test-helper'

const script = fileURLToPath(new URL('../../../e2e/fake-pa-api.mjs', import.meta.url))
const root = fileURLToPath(new URL('../../../', import.meta.url))
const CII = readFileSync(join(root, 'test-kits/factur-x/examples/valid/FX_F20260023_EN16931_commented.xml'), 'utf8')
const CDAR_DIR = join(FRANCE_RFE_DIR, 'FNFE_RFE_INVOICE/CDAR')

export type FakePaAddress = { siret?: string; routingIdentifier?: string; suffix?: string }
export type FakePaClient = {
  clientId: string
  clientSecret: string
  siren: string
  name: string
  addressingIdentifiers: string[]
}
/** A flow as GET /_control/flows lists it: the Flow resource plus its owner, its file's sha256 and size. */
export type FakePaFlow = {
  flowId: string
  clientId: string
  trackingId?: string
  name: string
  flowSyntax: string
  flowType: string
  flowDirection: 'In' | 'Out'
  updatedAt: string
  acknowledgement: {
    status: 'Pending' | 'Ok' | 'Error'
    details?: { reasonCode: string; item: string; reasonMessage: string }[]
  }
  sha256: string
  size: number
}

/** A SIREN that passes the Luhn check (nine digits), different at each call. */
export function randomSiren(): string {
  for (;;) {
    const digits = Array.from(randomBytes(8), (b) => b % 10)
    const sum = (list: number[]) =>
      list.reduce((total, d, i) => total + (i % 2 === 1 ? (d * 2 > 9 ? d * 2 - 9 : d * 2) : d), 0)
    for (let last = 0; last < 10; last++)
      if (sum([...digits, last]) % 10 === 0 && digits[0] !== 0) return [...digits, last].join('')
  }
}

/**
 * The Afnor-Signature of a webhook call as XP Z12-013's createWebhook describes it and the stand-in computes it:
 * base64(HMAC-SHA256(key = base64-decoded signingKey, message = hex SHA-256 of `${body}@${timestamp}`)).
 */
export function afnorSignature(body: string, timestamp: string | number, signingKey: string): string {
  const fingerprint = createHash('sha256').update(`${body}@${timestamp}`, 'utf8').digest('hex')
  return createHmac('sha256', Buffer.from(signingKey, 'base64')).update(fingerprint, 'utf8').digest('base64')
}

/** The multipart body of POST /v1/flows: the flowInfo JSON part and the file part. */
export function flowForm(info: Record<string, unknown>, content: Buffer | string, type: string) {
  const form = new FormData()
  form.set('flowInfo', new Blob([JSON.stringify(info)], { type: 'application/json' }))
  form.set('file', new Blob([content], { type }), String(info.name))
  return form
}

/**
 * The Factur-X sample's CII (test-kits/factur-x) as an invoice between two companies: their SIRENs, its number, and
 * the buyer's electronic address (scheme 0225; null: none, as a consumer's).
 */
export const invoiceBetween = (
  seller: { siren: string },
  buyerSiren: string,
  buyerAddress: string | null,
  number = 'F20260023',
) =>
  CII.replace('>123456782<', `>${seller.siren}<`)
    .replace('>987654321<', `>${buyerSiren}<`)
    .replace('<ram:ID>F20260023</ram:ID>', `<ram:ID>${number}</ram:ID>`)
    .replace(
      '<ram:URIID schemeID="EM">me@buyer.com</ram:URIID>',
      buyerAddress ? `<ram:URIID schemeID="0225">${buyerAddress}</ram:URIID>` : '',
    )

/** A buyer's status (CDAR, MDT-77 = 23, issued by BY) about an invoice, as a buyer's software would post it. */
export const buyerStatus = (
  number: string,
  sellerSiren: string,
  buyer: { siren: string },
  status: number,
  reason = '',
) => `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocumentContext><ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>REGULATED</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>BY-${status}</ram:ID><ram:IssueDateTime><udt:DateTimeString format="204">20260201120000</udt:DateTimeString></ram:IssueDateTime><ram:SenderTradeParty><ram:RoleCode>BY</ram:RoleCode></ram:SenderTradeParty><ram:IssuerTradeParty><ram:GlobalID schemeID="0002">${buyer.siren}</ram:GlobalID><ram:RoleCode>BY</ram:RoleCode></ram:IssuerTradeParty><ram:RecipientTradeParty><ram:GlobalID schemeID="0002">${sellerSiren}</ram:GlobalID><ram:RoleCode>SE</ram:RoleCode><ram:URIUniversalCommunication><ram:URIID schemeID="0225">${sellerSiren}</ram:URIID></ram:URIUniversalCommunication></ram:RecipientTradeParty></rsm:ExchangedDocument>
<rsm:AcknowledgementDocument><ram:TypeCode>23</ram:TypeCode><ram:ReferenceReferencedDocument><ram:IssuerAssignedID>${number}</ram:IssuerAssignedID><ram:TypeCode>380</ram:TypeCode><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20260131</qdt:DateTimeString></ram:FormattedIssueDateTime><ram:ProcessConditionCode>${status}</ram:ProcessConditionCode><ram:IssuerTradeParty><ram:GlobalID schemeID="0002">${sellerSiren}</ram:GlobalID><ram:RoleCode>SE</ram:RoleCode></ram:IssuerTradeParty>${reason ? `<ram:SpecifiedDocumentStatus><ram:ReasonCode>${reason}</ram:ReasonCode><ram:SequenceNumeric>1</ram:SequenceNumeric></ram:SpecifiedDocumentStatus>` : ''}</ram:ReferenceReferencedDocument></rsm:AcknowledgementDocument>
</rsm:CrossDomainAcknowledgementAndResponse>`

/** A seller's Encaissée (212, issued by SE) with the amounts received per VAT rate (BR-FR-CDV-14), as Carnet sends it. */
export const sellerCollected = (
  number: string,
  seller: { siren: string },
  buyer: { siren: string },
  amounts: { rate: string; amount: string }[],
) => `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocumentContext><ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>REGULATED</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>SE-212</ram:ID><ram:IssueDateTime><udt:DateTimeString format="204">20260215120000</udt:DateTimeString></ram:IssueDateTime><ram:SenderTradeParty><ram:RoleCode>SE</ram:RoleCode></ram:SenderTradeParty><ram:IssuerTradeParty><ram:GlobalID schemeID="0002">${seller.siren}</ram:GlobalID><ram:RoleCode>SE</ram:RoleCode></ram:IssuerTradeParty><ram:RecipientTradeParty><ram:GlobalID schemeID="0002">${buyer.siren}</ram:GlobalID><ram:RoleCode>BY</ram:RoleCode><ram:URIUniversalCommunication><ram:URIID schemeID="0225">${buyer.siren}</ram:URIID></ram:URIUniversalCommunication></ram:RecipientTradeParty></rsm:ExchangedDocument>
<rsm:AcknowledgementDocument><ram:TypeCode>23</ram:TypeCode><ram:ReferenceReferencedDocument><ram:IssuerAssignedID>${number}</ram:IssuerAssignedID><ram:TypeCode>380</ram:TypeCode><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20260131</qdt:DateTimeString></ram:FormattedIssueDateTime><ram:ProcessConditionCode>212</ram:ProcessConditionCode><ram:IssuerTradeParty><ram:GlobalID schemeID="0002">${seller.siren}</ram:GlobalID><ram:RoleCode>SE</ram:RoleCode></ram:IssuerTradeParty><ram:SpecifiedDocumentStatus><ram:SequenceNumeric>1</ram:SequenceNumeric>${amounts.map((a) => `<ram:SpecifiedDocumentCharacteristic><ram:TypeCode>MEN</ram:TypeCode><ram:ValueAmount>${a.amount}</ram:ValueAmount><ram:ValuePercent>${a.rate}</ram:ValuePercent></ram:SpecifiedDocumentCharacteristic>`).join('')}</ram:SpecifiedDocumentStatus></ram:ReferenceReferencedDocument></rsm:AcknowledgementDocument>
</rsm:CrossDomainAcknowledgementAndResponse>`

/**
 * The failed fatal assertions of CDAR files (none: valid): the D22B XSD (xmllint) and the BR-FR-CDV schematron of
 * France_RFE (Saxon, one JVM for all the files).
 */
export function cdarViolations(files: Buffer[]): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'cdar-'))
  mkdirSync(join(dir, 'in'))
  mkdirSync(join(dir, 'out'))
  files.forEach((file, i) => {
    writeFileSync(join(dir, 'in', `${i}.xml`), file)
  })
  const xsd = join(CDAR_DIR, '1xsd-CDAR_D22B_uncoupled/CrossDomainAcknowledgementAndResponse_100pD22B.xsd')
  const schema = spawnSync('xmllint', [
    '--noout',
    '--schema',
    xsd,
    ...files.map((_f, i) => join(dir, 'in', `${i}.xml`)),
  ])
  const violations = schema.status === 0 ? [] : [schema.stderr.toString()]
  execFileSync('java', [
    '-jar',
    '/usr/share/java/Saxon-HE.jar',
    `-s:${join(dir, 'in')}`,
    `-xsl:${join(CDAR_DIR, '2xslt/BR-FR-CDV-Schematron-CDAR.xslt')}`,
    `-o:${join(dir, 'out')}`,
  ])
  for (const name of readdirSync(join(dir, 'out'))) {
    const svrl = readFileSync(join(dir, 'out', name), 'utf8')
    for (const found of svrl.matchAll(
      /<svrl:failed-assert[^>]*id="([^"]+)"[^>]*flag="fatal"|<svrl:failed-assert[^>]*flag="fatal"[^>]*id="([^"]+)"/g,
    ))
      violations.push(`${name}: ${found[1] ?? found[2]}`)
  }
  rmSync(dir, { recursive: true, force: true })
  return violations
}

/**
 * The local stand-in PA (e2e/fake-pa-api.mjs, speaking AFNOR XP Z12-013), run as its own process for a test file.
 * `tokenUrl`, `flowUrl` and `directoryUrl` are what an organisation's connection settings take; `registerClient`
 * makes a client company (its own OAuth2 credentials and directory lines); the rest drives its /_control endpoints.
 */
export function useFakePa(options: { validate?: boolean; tokenLifetime?: number; maxBytes?: number } = {}) {
  let child: ChildProcess | undefined
  let origin = ''
  beforeAll(async () => {
    const args = [script, '0']
    if (options.validate) args.push('--validate')
    if (options.tokenLifetime !== undefined) args.push('--token-lifetime', String(options.tokenLifetime))
    if (options.maxBytes !== undefined) args.push('--max-bytes', String(options.maxBytes))
    child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] })
    const port = await new Promise<number>((resolve, reject) => {
      child?.once('error', reject)
      child?.stdout?.on('data', (chunk: Buffer) => {
        const found = /listening (\d+)/.exec(chunk.toString())
        if (found) resolve(Number(found[1]))
      })
    })
    origin = `http://127.0.0.1:${port}`
  })
  afterAll(() => {
    child?.kill()
  })

  async function control<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${origin}/_control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`fake PA control ${method} ${path}: ${response.status} ${await response.text()}`)
    return (await response.json()) as T
  }

  const fake = {
    get origin() {
      return origin
    },
    get tokenUrl() {
      return `${origin}/oauth/token`
    },
    get flowUrl() {
      return `${origin}/flow-service`
    },
    get directoryUrl() {
      return `${origin}/directory-service`
    },
    /** A new client company of the PA (random id, secret and SIREN unless given), with its directory lines. */
    async registerClient(
      input: {
        clientId?: string
        clientSecret?: string
        siren?: string
        name?: string
        addresses?: FakePaAddress[]
      } = {},
    ) {
      const client = {
        clientId: input.clientId ?? `client-${randomBytes(6).toString('hex')}`,
        clientSecret: input.clientSecret ?? randomBytes(16).toString('hex'),
        siren: input.siren ?? randomSiren(),
        name: input.name ?? 'Société cliente',
        ...(input.addresses ? { addresses: input.addresses } : {}),
      }
      const made = await control<{ addressingIdentifiers: string[] }>('POST', '/clients', client)
      return { ...client, addressingIdentifiers: made.addressingIdentifiers } as FakePaClient
    },
    /** A company in the directory served by another PA (invoices to it are stored, not delivered). */
    async registerElsewhere(input: { siren?: string; name?: string; addresses?: FakePaAddress[] } = {}) {
      const company = {
        siren: input.siren ?? randomSiren(),
        name: input.name ?? 'Société ailleurs',
        addresses: input.addresses,
      }
      return { ...company, ...(await control<{ addressingIdentifiers: string[] }>('POST', '/directory', company)) }
    },
    /** An access token of a client (client credentials in the form). */
    async token(client: { clientId: string; clientSecret: string }): Promise<string> {
      const response = await fetch(fake.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'client_credentials',
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
      })
      if (!response.ok) throw new Error(`fake PA token: ${response.status}`)
      return ((await response.json()) as { access_token: string }).access_token
    },
    /** A status (CDAR) to the owner of an invoice flow, as if from the buyer or the platform (or the seller). */
    sendStatus(
      flowId: string,
      status: {
        status: number
        reasonCode?: string
        reasonText?: string
        actionCode?: string
        payment?: { amounts: { rate: string; amount: string }[] }
      },
    ) {
      return control<FakePaFlow>('POST', `/flows/${encodeURIComponent(flowId)}/statuses`, status)
    },
    /** A supplier invoice arriving in a client's inbox (an In SupplierInvoice flow). */
    dropInInbox(input: { clientId: string; syntax: 'CII' | 'UBL' | 'Factur-X'; file: Buffer; name: string }) {
      return control<FakePaFlow>('POST', '/inbox', {
        clientId: input.clientId,
        syntax: input.syntax,
        fileBase64: input.file.toString('base64'),
        name: input.name,
      })
    },
    /** Every API call (and the token endpoint) fails with `status` until `outage(false)`. */
    outage(down: boolean, status: 503 | 500 = 503) {
      return control('POST', '/outage', { down, status })
    },
    /** The file size over which POST /v1/flows answers 413, and the tokens' lifetime in seconds. */
    limits(limits: { maxFileBytes?: number; tokenLifetime?: number }) {
      return control('POST', '/limits', limits)
    },
    expireTokens() {
      return control('POST', '/tokens/expire')
    },
    flows(clientId?: string) {
      return control<FakePaFlow[]>('GET', `/flows${clientId ? `?clientId=${encodeURIComponent(clientId)}` : ''}`)
    },
    async file(flowId: string): Promise<Buffer> {
      return Buffer.from(
        await (await fetch(`${origin}/_control/flows/${encodeURIComponent(flowId)}/file`)).arrayBuffer(),
      )
    },
    /** Waits (10 s unless told) until the client's flows satisfy `done`; answers them. */
    async waitForFlows(
      clientId: string,
      done: (flows: FakePaFlow[]) => boolean,
      timeout = 10_000,
    ): Promise<FakePaFlow[]> {
      const until = Date.now() + timeout
      for (;;) {
        const flows = await fake.flows(clientId)
        if (done(flows)) return flows
        if (Date.now() > until) throw new Error(`fake PA: flows of ${clientId} never matched: ${JSON.stringify(flows)}`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    },
    deliverWebhooks() {
      return control<{ tried: number }>('POST', '/webhooks/deliver')
    },
    deliveries() {
      return control<
        {
          webhookId: string
          flowId: string
          body: unknown
          attempts: number
          state: string
          lastStatus: number | string | null
        }[]
      >('GET', '/webhooks/deliveries')
    },
  }
  return fake
}
