import { lifecycleStatusLabel, toCents } from '@app/domain'
import { XMLBuilder } from 'fast-xml-parser'
import { compact, type Node, text } from '../../factur-x/values'
import {
  CDAR_NS,
  CDV_GUIDELINE,
  CDV_REGULATED,
  CdarError,
  CHARACTERISTIC_RECEIVED,
  date102,
  instant204,
  phaseTypeCode,
  QDT_NS,
  RAM_NS,
  REASON_REQUIRED,
  ROLE_BUYER,
  ROLE_PLATFORM,
  ROLE_SELLER,
  SCHEME_ADDRESS,
  SCHEME_SIREN,
  UDT_NS,
} from './syntax'
import type { CdarMessage, CdarParty, CdarPayment } from './types'

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  format: true,
  indentBy: '  ',
  suppressEmptyNode: false,
})

const dateTime204 = (iso: string): Node => ({ 'udt:DateTimeString': { '@_format': '204', '#text': instant204(iso) } })
const siren = (value: string): Node => ({ '@_schemeID': SCHEME_SIREN, '#text': value })

/**
 * A party of the exchanged document (MDG-9 sender, MDG-10 issuer, MDG-16 recipient): SIREN, name, role, electronic
 * address. BR-FR-CDV-08 wants the recipient's address unless it is a platform: a company without a known directory
 * address is reached at its SIREN, the directory's address of every company.
 */
function party(p: CdarParty, options: { addressRequired?: boolean; identified?: boolean } = {}): Node {
  const address = text(p.address) ?? (options.addressRequired && p.role !== ROLE_PLATFORM ? p.siren : null)
  return compact({
    'ram:GlobalID': options.identified === false ? null : siren(p.siren),
    'ram:Name': text(p.name),
    'ram:RoleCode': p.role,
    'ram:URIUniversalCommunication': address
      ? { 'ram:URIID': { '@_schemeID': SCHEME_ADDRESS, '#text': address } }
      : null,
  })
}

/** MDG-43 blocks of an Encaissée: one "MEN" amount (MDT-215) per VAT rate (MDT-224). */
function receivedAmounts(payment: CdarPayment): Node[] {
  return payment.amounts.map((entry) => ({
    'ram:TypeCode': CHARACTERISTIC_RECEIVED,
    'ram:ValueAmount': toCents(entry.amount),
    'ram:ValuePercent': toCents(entry.rate),
  }))
}

/** MDG-37, the status detail: reason, action asked, amounts received; numbered (MDT-124-2, BR-FR-CDV-16). */
function statusDetail(message: CdarMessage): Node | null {
  const { reasonCode, reasonText, actionCode, payment } = message
  if (!reasonCode && !text(reasonText) && !actionCode && !payment) return null
  return compact({
    'ram:ReferenceDateTime': payment
      ? { 'udt:DateTimeString': { '@_format': '102', '#text': date102(payment.date) } }
      : null,
    'ram:ReasonCode': reasonCode ?? null,
    'ram:Reason': text(reasonText),
    'ram:RequestedActionCode': actionCode ?? null,
    'ram:SequenceNumeric': '1',
    'ram:SpecifiedDocumentCharacteristic': payment ? receivedAmounts(payment) : null,
  })
}

/** What the schematron would refuse and the caller can still fix, said before any XML is written. */
function checkBuildable(message: CdarMessage): void {
  const fail = (why: string) => {
    throw new CdarError('UNBUILDABLE', `Statut ${message.status} de la facture ${message.invoice.reference} : ${why}`)
  }
  if (!Number.isInteger(message.status) || message.status < 200 || message.status > 999)
    fail('code de statut invalide.')
  if (REASON_REQUIRED.includes(message.status) && !message.reasonCode) fail('un motif est obligatoire.')
  if (message.status === 212 && !message.payment?.amounts.length) {
    fail('les montants encaissés par taux de TVA sont obligatoires.')
  }
  const transmission = phaseTypeCode(message.status) === '305'
  if (transmission && message.sender.role !== ROLE_PLATFORM) fail('ce statut est émis par une plateforme (rôle WK).')
  if (!transmission && message.sender.role === ROLE_PLATFORM) {
    fail("ce statut est émis par l'acheteur ou le vendeur, pas par une plateforme.")
  }
  if (!/^\d{9}$/.test(message.invoice.sellerSiren)) fail('le SIREN du vendeur est invalide.')
}

/**
 * The CrossDomainAcknowledgementAndResponse (CDAR D22B) of one lifecycle status of one invoice, as the French reform
 * profiles it: it passes the CDAR XSD and the BR-FR-CDV schematron (test-kits/france-rfe-cdar) for every status
 * Carnet sends or reads. The sender is also the issuer of the status (MDG-10, identified by its SIREN); the referenced
 * invoice names its seller (SE, MDT-129) and, when known, its buyer (BY). Throws a CdarError (French) for a message
 * the rules would refuse.
 *
 * A company sending its own status is named in MDG-9 (sender) without an identifier: there the rules expect a
 * platform's registration number (scheme 0238), and BR-FR-CDV-CL-09_MDT-113_210B2G refuses every Refusée whose
 * sender carries another identifier. Its SIREN is the issuer's.
 */
export function buildCdar(message: CdarMessage): string {
  checkBuildable(message)
  const { invoice } = message
  const label = lifecycleStatusLabel(message.status)
  const referenced = compact({
    'ram:IssuerAssignedID': invoice.reference,
    'ram:TypeCode': invoice.typeCode,
    'ram:FormattedIssueDateTime': { 'qdt:DateTimeString': { '@_format': '102', '#text': date102(invoice.datedAt) } },
    'ram:ProcessConditionCode': String(message.status),
    'ram:ProcessCondition': label,
    'ram:IssuerTradeParty': { 'ram:GlobalID': siren(invoice.sellerSiren), 'ram:RoleCode': ROLE_SELLER },
    'ram:RecipientTradeParty': invoice.buyerSiren
      ? { 'ram:GlobalID': siren(invoice.buyerSiren), 'ram:RoleCode': ROLE_BUYER }
      : null,
    'ram:SpecifiedDocumentStatus': statusDetail(message),
  })
  const cdar = {
    '@_xmlns:rsm': CDAR_NS,
    '@_xmlns:ram': RAM_NS,
    '@_xmlns:qdt': QDT_NS,
    '@_xmlns:udt': UDT_NS,
    'rsm:ExchangedDocumentContext': {
      'ram:BusinessProcessSpecifiedDocumentContextParameter': { 'ram:ID': CDV_REGULATED },
      'ram:GuidelineSpecifiedDocumentContextParameter': { 'ram:ID': CDV_GUIDELINE },
    },
    'rsm:ExchangedDocument': {
      'ram:ID': message.id,
      'ram:Name': label,
      'ram:IssueDateTime': dateTime204(message.issuedAt),
      'ram:SenderTradeParty': party(message.sender, { identified: message.sender.role === ROLE_PLATFORM }),
      'ram:IssuerTradeParty': party(message.sender),
      'ram:RecipientTradeParty': party(message.recipient, { addressRequired: true }),
    },
    'rsm:AcknowledgementDocument': {
      'ram:MultipleReferencesIndicator': { 'udt:Indicator': 'false' },
      'ram:TypeCode': phaseTypeCode(message.status),
      'ram:IssueDateTime': dateTime204(message.statusAt),
      'ram:ReferenceReferencedDocument': referenced,
    },
  }
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'rsm:CrossDomainAcknowledgementAndResponse': cdar,
  }) as string
}
