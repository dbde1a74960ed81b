import { CDAR_NS, CdarError, CHARACTERISTIC_RECEIVED, parseCdarDateTime, ROLE_BUYER, SCHEME_SIREN } from './syntax'
import type { CdarMessage, CdarParty, CdarPayment } from './types'
import { child, children, readXmlTree, textAt, type XmlElement } from './xml-tree'

const ROOT = 'CrossDomainAcknowledgementAndResponse'

const incomplete = (what: string) =>
  new CdarError('INCOMPLETE', `Message de statut incomplet : ${what} manque, il ne peut pas être lu.`)

/**
 * The identifier of a party: its SIREN (scheme 0002) when it gives one, else the first identifier it has (a platform
 * may name itself by its registration number, scheme 0238).
 */
function identifierOf(party: XmlElement | undefined): string | null {
  const ids = [...children(party, 'GlobalID'), ...children(party, 'ID')].filter((id) => id.text !== '')
  return (ids.find((id) => id.attributes.schemeID === SCHEME_SIREN) ?? ids[0])?.text ?? null
}

function partyOf(element: XmlElement | undefined): CdarParty | null {
  if (!element) return null
  return {
    siren: identifierOf(element) ?? '',
    name: textAt(element, 'Name') ?? '',
    address: textAt(element, 'URIUniversalCommunication', 'URIID'),
    role: textAt(element, 'RoleCode') ?? '',
  }
}

/** A date-time element (udt:DateTimeString with its format, or udt:DateTime) → ISO instant, null when unreadable. */
function instantAt(parent: XmlElement | undefined, name: string): string | null {
  const element = child(parent, name)
  const value = child(element, 'DateTimeString') ?? child(element, 'DateTime')
  if (!value?.text) return null
  return parseCdarDateTime(value.text, value.attributes.format ?? null)
}

const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : null)

/** The Encaissée amounts (MDG-43 "MEN": MDT-215 amount, MDT-224 VAT rate), kept as the decimal strings they are. */
function paymentOf(statuses: XmlElement[], statusAt: string): CdarPayment | null {
  const amounts = statuses
    .flatMap((status) => children(status, 'SpecifiedDocumentCharacteristic'))
    .filter((characteristic) => textAt(characteristic, 'TypeCode') === CHARACTERISTIC_RECEIVED)
    .map((characteristic) => ({
      rate: textAt(characteristic, 'ValuePercent') ?? '0',
      amount: textAt(characteristic, 'ValueAmount') ?? '0',
    }))
  if (amounts.length === 0) return null
  const date = statuses.map((status) => dayOf(instantAt(status, 'ReferenceDateTime'))).find(Boolean)
  return { date: date ?? statusAt.slice(0, 10), amounts }
}

/** One referenced invoice and its status → one CdarMessage; the exchanged document gives id, date and parties. */
function messageOf(
  header: { id: string; issuedAt: string; sender: CdarParty; recipient: CdarParty },
  acknowledgement: XmlElement,
  referenced: XmlElement,
): CdarMessage {
  const statuses = children(referenced, 'SpecifiedDocumentStatus')
  const first = (name: string) => statuses.map((status) => textAt(status, name)).find((value) => value !== null) ?? null
  const code = textAt(referenced, 'ProcessConditionCode') ?? first('ProcessConditionCode')
  if (!code) throw incomplete('le code du statut (ProcessConditionCode)')
  const status = Number(code)
  if (!Number.isInteger(status)) {
    throw new CdarError(
      'INCOMPLETE',
      `Message de statut illisible : le code de statut « ${code} » n'est pas un nombre.`,
    )
  }
  const reference = textAt(referenced, 'IssuerAssignedID')
  if (!reference) throw incomplete('le numéro de la facture (IssuerAssignedID)')
  const buyers = children(referenced, 'RecipientTradeParty')
  const buyer = buyers.find((party) => textAt(party, 'RoleCode') === ROLE_BUYER) ?? buyers[0]
  const statusAt =
    instantAt(acknowledgement, 'IssueDateTime') ??
    statuses.map((s) => instantAt(s, 'ReferenceDateTime')).find(Boolean) ??
    header.issuedAt
  return {
    ...header,
    invoice: {
      reference,
      datedAt: dayOf(instantAt(referenced, 'FormattedIssueDateTime')) ?? '',
      typeCode: textAt(referenced, 'TypeCode') ?? '',
      sellerSiren: identifierOf(child(referenced, 'IssuerTradeParty')) ?? '',
      buyerSiren: identifierOf(buyer),
    },
    status,
    statusAt,
    reasonCode: first('ReasonCode'),
    reasonText: first('Reason') ?? first('ReasonInformation'),
    actionCode: first('RequestedActionCode'),
    payment: paymentOf(statuses, statusAt),
  }
}

/**
 * The lifecycle statuses of a CDAR D22B message (CrossDomainAcknowledgementAndResponse), as any platform writes it:
 * whatever the namespace prefixes, one CdarMessage per referenced invoice (a message may speak of several). Throws a
 * CdarError with a French message for what is not XML, not a CDAR, or lacks what a status cannot do without (the
 * invoice number, the status code); missing optional parts read as empty.
 */
export function readCdar(xml: string | Buffer): CdarMessage[] {
  const root = readXmlTree(typeof xml === 'string' ? xml : xml.toString('utf8'))
  if (root.name !== ROOT || root.namespace !== CDAR_NS) {
    throw new CdarError(
      'NOT_CDAR',
      `Ce fichier n'est pas un message de statut (CDAR) : son élément racine est « ${root.name} ».`,
    )
  }
  const exchanged = child(root, 'ExchangedDocument')
  if (!exchanged) throw incomplete("l'en-tête du message (ExchangedDocument)")
  const issuer = partyOf(child(exchanged, 'IssuerTradeParty'))
  const sender = partyOf(child(exchanged, 'SenderTradeParty')) ?? issuer
  if (!sender) throw incomplete("l'émetteur du message (SenderTradeParty)")
  // a company sending its own status is identified as the issuer only (build.ts says why)
  if (!sender.siren && issuer) sender.siren = issuer.siren
  const recipient = partyOf(child(exchanged, 'RecipientTradeParty'))
  if (!recipient) throw incomplete('le destinataire du message (RecipientTradeParty)')
  const issuedAt = instantAt(exchanged, 'IssueDateTime')
  if (!issuedAt) throw incomplete("la date d'émission du message (IssueDateTime)")
  const header = { id: textAt(exchanged, 'ID') ?? '', issuedAt, sender, recipient }

  const messages = children(root, 'AcknowledgementDocument').flatMap((acknowledgement) =>
    children(acknowledgement, 'ReferenceReferencedDocument').map((referenced) =>
      messageOf(header, acknowledgement, referenced),
    ),
  )
  if (messages.length === 0) throw incomplete('la facture concernée (ReferenceReferencedDocument)')
  return messages
}
