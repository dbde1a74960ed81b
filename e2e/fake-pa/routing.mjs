// What happens to a flow after its 202: the checks (unicity of the trackingId, sha256, the file itself), then the
// acknowledgement, then the routing. An invoice goes to the client owning the buyer's electronic address (an In
// SupplierInvoice flow) and its seller hears the platform's statuses as In CustomerInvoiceLC flows (CDAR): 200 Déposée,
// then 202 Reçue par la plateforme and 203 Mise à disposition for a client of this PA, 201 Émise par la plateforme for
// a company served by another PA, or 213 Rejetée (REJ_ADR without address, DEST_INC for an address not in the
// directory). A CDAR a party posts about a routed invoice is passed to the other party.
import { randomUUID } from 'node:crypto'
import { buildCdar, PLATFORM_STATUSES } from './cdar.mjs'
import { createFlow, directoryLine, store, updateFlow } from './store.mjs'
import { checkFile } from './validate.mjs'
import { cdarFacts, profileOf } from './xml-facts.mjs'

const INVOICE_SYNTAXES = ['CII', 'UBL', 'Factur-X']
const error = (reasonCode, item, reasonMessage) => ({
  status: 'Error',
  details: [{ level: 'Error', item, reasonCode, reasonMessage }],
})

export async function afterSubmit(flow, info) {
  const client = store.clients.get(flow.clientId)
  // A flow taken (or being checked) under the same trackingId makes this one a duplicate; one acknowledged in error
  // does not: the sender may correct it and send it again under its tracking id.
  const earlier =
    info.trackingId &&
    store.flows.find(
      (f) =>
        f !== flow &&
        f.clientId === flow.clientId &&
        f.flowDirection === 'Out' &&
        f.trackingId === info.trackingId &&
        f.acknowledgement.status !== 'Error',
    )
  if (earlier)
    return updateFlow(flow, {
      acknowledgement: error(
        'AlreadyExistingFlow',
        'trackingId',
        `A flow with this trackingId already exists: ${earlier.flowId}`,
      ),
    })
  if (info.sha256 && info.sha256 !== flow.sha256)
    return updateFlow(flow, {
      acknowledgement: error('ChecksumMismatch', 'sha256', `Computed sha256 is ${flow.sha256}`),
    })
  const { details, facts } = await checkFile(flow.flowSyntax, flow.file.content)
  const computed = {}
  if (INVOICE_SYNTAXES.includes(flow.flowSyntax)) {
    // Self-billing (the client is the buyer issuing for its seller) is a SupplierInvoice going out.
    computed.flowType =
      facts?.buyerSiren === client.siren && facts?.sellerSiren !== client.siren ? 'SupplierInvoice' : 'CustomerInvoice'
    if (flow.processingRuleSource === 'Computed') computed.processingRule = 'B2B'
    if (!info.flowProfile) computed.flowProfile = profileOf(facts?.guideline)
  } else if (flow.flowSyntax === 'CDAR') {
    computed.flowType =
      facts?.sellerSiren && facts.sellerSiren !== client.siren ? 'SupplierInvoiceLC' : 'CustomerInvoiceLC'
    if (flow.processingRuleSource === 'Computed') computed.processingRule = 'B2B'
  } else {
    computed.flowType = facts?.flowType ?? 'Undefined'
    if (flow.processingRuleSource === 'Computed') computed.processingRule = 'B2C'
  }
  if (details.length) return updateFlow(flow, { ...computed, acknowledgement: { status: 'Error', details } })
  updateFlow(flow, { ...computed, facts, acknowledgement: { status: 'Ok' } })
  if (computed.flowType === 'CustomerInvoice') routeInvoice(flow, client)
  else if (flow.flowSyntax === 'CDAR') relayStatus(flow, client)
}

/** An In lifecycle flow (CDAR) for a client. */
function deliverCdar(clientId, flowType, xml, facts) {
  return createFlow(
    clientId,
    { name: `CDAR_${facts.number}_${facts.status}_${Date.now()}.xml`.replace(/[^\w.-]/g, '_'), flowSyntax: 'CDAR' },
    { content: Buffer.from(xml), contentType: 'application/xml', name: 'cdar.xml' },
    { flowType, flowDirection: 'In', ack: { status: 'Ok' }, processingRule: 'B2B', facts },
  )
}

const invoiceOf = (facts) => ({
  number: facts.number,
  issuedOn: facts.issuedOn,
  typeCode: facts.typeCode,
  sellerSiren: facts.sellerSiren,
})
const firstAddress = (siren) => store.companies.get(siren)?.lines[0]?.addressingIdentifier ?? siren

/**
 * A status about an invoice flow, sent to the flow's owner: to the seller (Out CustomerInvoice: from the platform or
 * the buyer) or to the buyer (In SupplierInvoice: from the seller). Answers the In flow it made.
 */
export function sendStatus(flow, { status, reasonCode, reasonText, actionCode, payment }) {
  const facts = flow.facts ?? {}
  const client = store.clients.get(flow.clientId)
  const toSeller = flow.flowDirection === 'Out'
  const me = { siren: client.siren, name: client.name }
  const seller = toSeller ? me : { siren: facts.sellerSiren, name: facts.sellerName }
  const buyer = toSeller ? { siren: facts.buyerSiren, name: facts.buyerName } : me
  const invoice = invoiceOf({ ...facts, sellerSiren: facts.sellerSiren ?? seller.siren })
  const recipient = toSeller
    ? { role: 'SE', ...seller, address: facts.sellerAddress ?? firstAddress(seller.siren) }
    : { role: 'BY', ...buyer, address: facts.buyerAddress ?? firstAddress(buyer.siren) }
  const issuer = toSeller ? { role: 'BY', ...buyer } : { role: 'SE', ...seller }
  if (!PLATFORM_STATUSES.includes(status) && !issuer.siren) issuer.siren = toSeller ? '000000000' : invoice.sellerSiren
  const amounts =
    payment?.amounts ??
    (status === 212 ? [{ rate: facts.vatRate ?? '20.00', amount: facts.dueAmount ?? '0.00' }] : undefined)
  const xml = buildCdar({
    id: randomUUID(),
    status,
    invoice,
    recipient,
    issuer,
    reasonCode,
    reasonText,
    actionCode,
    payment: amounts ? { amounts } : undefined,
  })
  return deliverCdar(flow.clientId, toSeller ? 'CustomerInvoiceLC' : 'SupplierInvoiceLC', xml, { ...invoice, status })
}

function routeInvoice(flow, client) {
  const facts = flow.facts
  sendStatus(flow, { status: 200 })
  if (!facts?.buyerAddress)
    return sendStatus(flow, {
      status: 213,
      reasonCode: 'REJ_ADR',
      reasonText: "L'adresse électronique de l'acheteur (schéma 0225) manque",
    })
  const found = directoryLine(facts.buyerAddress)
  if (!found)
    return sendStatus(flow, {
      status: 213,
      reasonCode: 'DEST_INC',
      reasonText: `Adresse ${facts.buyerAddress} absente de l'annuaire`,
    })
  if (!found.company.clientId) return sendStatus(flow, { status: 201 })
  const received = createFlow(
    found.company.clientId,
    { name: flow.name, flowSyntax: flow.flowSyntax, flowProfile: flow.flowProfile },
    flow.file,
    {
      flowType: 'SupplierInvoice',
      flowDirection: 'In',
      ack: { status: 'Ok' },
      processingRule: 'B2B',
      facts: { ...facts, sellerSiren: facts.sellerSiren ?? client.siren },
    },
  )
  store.routed.push({
    number: facts.number,
    sellerSiren: facts.sellerSiren ?? client.siren,
    sellerClientId: client.clientId,
    buyerClientId: found.company.clientId,
    sellerFlowId: flow.flowId,
    buyerFlowId: received.flowId,
  })
  sendStatus(flow, { status: 202 })
  sendStatus(flow, { status: 203 })
}

/** A party's CDAR about an invoice routed here goes, as is, to the other party. */
function relayStatus(flow, client) {
  const facts = flow.facts ?? cdarFacts(flow.file.content.toString('utf8'))
  if (!facts) return
  const route = store.routed.find(
    (r) => r.number === facts.number && (!facts.sellerSiren || r.sellerSiren === facts.sellerSiren),
  )
  if (!route) return
  const xml = flow.file.content.toString('utf8')
  if (client.clientId === route.buyerClientId) deliverCdar(route.sellerClientId, 'CustomerInvoiceLC', xml, facts)
  else if (client.clientId === route.sellerClientId) deliverCdar(route.buyerClientId, 'SupplierInvoiceLC', xml, facts)
}
