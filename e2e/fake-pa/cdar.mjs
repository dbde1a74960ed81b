// The lifecycle status messages the stand-in writes (CDAR D22B, "CrossDomainAcknowledgementAndResponse", profile
// urn.cpro.gouv.fr:1p0:CDV:invoice): the platform's own statuses (200–203, 213, MDT-77 = 305, sent and issued by the
// platform WK) and those it relays for the other party (204–212, 220…, MDT-77 = 23, issued by the buyer BY or the
// seller SE with its SIREN). Checked against the XSD and the BR-FR-CDV schematron in apps/server/test/fake-pa.test.ts.

export const PA = { matricule: '0099', name: 'PA de démonstration Carnet' }

export const STATUS_NAMES = {
  200: 'Déposée',
  201: 'Émise par la plateforme',
  202: 'Reçue par la plateforme',
  203: 'Mise à disposition',
  204: 'Prise en charge',
  205: 'Approuvée',
  206: 'Approuvée partiellement',
  207: 'En litige',
  208: 'Suspendue',
  209: 'Complétée',
  210: 'Refusée',
  211: 'Paiement transmis',
  212: 'Encaissée',
  213: 'Rejetée',
  214: 'Visée',
  220: 'Annulée',
  221: 'Erreur de routage',
}
/** The statuses a platform says itself (transmission phase). */
export const PLATFORM_STATUSES = [200, 201, 202, 203, 213, 221]

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const stamp = (iso) => iso.replace(/[-:T]/g, '').slice(0, 14)
const compactDate = (ymd) => (ymd ?? '').replace(/-/g, '')

const party = (tag, { role, siren, matricule, name, address }) =>
  `<ram:${tag}>${siren ? `<ram:GlobalID schemeID="0002">${esc(siren)}</ram:GlobalID>` : ''}${
    matricule ? `<ram:GlobalID schemeID="0238">${esc(matricule)}</ram:GlobalID>` : ''
  }${name ? `<ram:Name>${esc(name.slice(0, 100))}</ram:Name>` : ''}<ram:RoleCode>${role}</ram:RoleCode>${
    address
      ? `<ram:URIUniversalCommunication><ram:URIID schemeID="0225">${esc(address)}</ram:URIID></ram:URIUniversalCommunication>`
      : ''
  }</ram:${tag}>`

/**
 * A CDAR about `invoice` ({ number, issuedOn YYYY-MM-DD, typeCode, sellerSiren }) to `recipient` ({ role: 'SE'|'BY',
 * siren, name, address }). `issuer` ({ role, siren, name }) is who says it; omitted for the platform's own statuses.
 * `payment` ({ amounts: [{ rate, amount }] }) for 212 (BR-FR-CDV-14).
 */
export function buildCdar({
  id,
  issuedAt = new Date().toISOString(),
  status,
  invoice,
  recipient,
  issuer,
  reasonCode,
  reasonText,
  actionCode,
  payment,
}) {
  const platform = PLATFORM_STATUSES.includes(status)
  const typeCode = platform ? '305' : '23'
  const issuerParty = platform ? { role: 'WK', name: PA.name } : issuer
  const details = [
    reasonCode ? `<ram:ReasonCode>${esc(reasonCode)}</ram:ReasonCode>` : '',
    reasonText ? `<ram:Reason>${esc(reasonText)}</ram:Reason>` : '',
    actionCode ? `<ram:RequestedActionCode>${esc(actionCode)}</ram:RequestedActionCode>` : '',
  ].join('')
  const characteristics = (payment?.amounts ?? [])
    .map(
      (a) =>
        `<ram:SpecifiedDocumentCharacteristic><ram:TypeCode>MEN</ram:TypeCode><ram:ValueAmount>${esc(a.amount)}</ram:ValueAmount><ram:ValuePercent>${esc(a.rate)}</ram:ValuePercent></ram:SpecifiedDocumentCharacteristic>`,
    )
    .join('')
  const documentStatus =
    details || characteristics
      ? `<ram:SpecifiedDocumentStatus>${details}<ram:SequenceNumeric>1</ram:SequenceNumeric>${characteristics}</ram:SpecifiedDocumentStatus>`
      : ''
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocumentContext><ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>REGULATED</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>${esc(id)}</ram:ID><ram:Name>${esc(`${invoice.number} ${STATUS_NAMES[status] ?? status}`)}</ram:Name><ram:IssueDateTime><udt:DateTimeString format="204">${stamp(issuedAt)}</udt:DateTimeString></ram:IssueDateTime>${party('SenderTradeParty', { role: 'WK', matricule: PA.matricule, name: PA.name })}${party('IssuerTradeParty', issuerParty)}${party('RecipientTradeParty', recipient)}</rsm:ExchangedDocument>
<rsm:AcknowledgementDocument><ram:MultipleReferencesIndicator><udt:Indicator>false</udt:Indicator></ram:MultipleReferencesIndicator><ram:TypeCode>${typeCode}</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="204">${stamp(issuedAt)}</udt:DateTimeString></ram:IssueDateTime><ram:ReferenceReferencedDocument><ram:IssuerAssignedID>${esc(invoice.number)}</ram:IssuerAssignedID><ram:TypeCode>${esc(invoice.typeCode ?? '380')}</ram:TypeCode><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${compactDate(invoice.issuedOn)}</qdt:DateTimeString></ram:FormattedIssueDateTime><ram:ProcessConditionCode>${status}</ram:ProcessConditionCode><ram:ProcessCondition>${esc(STATUS_NAMES[status] ?? String(status))}</ram:ProcessCondition>${party('IssuerTradeParty', { role: 'SE', siren: invoice.sellerSiren })}${documentStatus}</ram:ReferenceReferencedDocument></rsm:AcknowledgementDocument>
</rsm:CrossDomainAcknowledgementAndResponse>
`
}
