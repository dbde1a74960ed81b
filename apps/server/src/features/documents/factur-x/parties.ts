import type { InvoicePrint, PrintedAddress, PrintedBuyer, PrintedSeller } from '@app/domain'
import { CONTACT_TYPE_BUSINESS_ID, formatEuro } from '@app/domain'
import { SCHEME_EMAIL, SCHEME_FR_DIRECTORY, SCHEME_SIREN, SCHEME_SIRET } from './codes'
import { compact, type Node, text } from './values'

/** Seller (BG-4) and buyer (BG-7) of the CII header trade agreement. */

const SIREN = /^\d{9}$/
const SIRET = /^\d{14}$/

/** The SIREN of a registration number typed as a SIREN or a SIRET (its first nine digits); null otherwise. */
export function sirenOf(value: string | null | undefined): string | null {
  const digits = value?.replace(/\s/g, '') ?? ''
  if (SIREN.test(digits)) return digits
  return SIRET.test(digits) ? digits.slice(0, 9) : null
}

/** BG-5 / BG-8: street on LineOne, complements on LineTwo and LineThree; the country is mandatory (BR-9, BR-11). */
export function postalAddress(address: PrintedAddress | null): Node {
  if (!address) return { 'ram:CountryID': 'FR' }
  return compact({
    'ram:PostcodeCode': text(address.postcode),
    'ram:LineOne': text(address.street),
    'ram:LineTwo': text(address.complement1),
    'ram:LineThree': text(address.complement2),
    'ram:CityName': text(address.city),
    'ram:CountryID': address.countryCode || 'FR',
  })
}

/**
 * The electronic address (BT-34 / BT-49). On the network, the address the directory gives for the company
 * ("732829320", "732829320_73282932000074", "732829320_ACHATS"), where its platform receives. Otherwise: the French
 * reform's directory addresses every company by its SIREN (scheme 0225), and BR-FR-23 allows no "@" there, so a
 * SIREN is the address when we know it; else the e-mail (scheme EM), which EN 16931 accepts; none when neither.
 */
function electronicAddress(siren: string | null, email: string | null, directoryAddress?: string | null): Node | null {
  const listed = text(directoryAddress)
  if (listed) return { 'ram:URIID': { '@_schemeID': SCHEME_FR_DIRECTORY, '#text': listed } }
  if (siren && SIREN.test(siren)) return { 'ram:URIID': { '@_schemeID': SCHEME_FR_DIRECTORY, '#text': siren } }
  const mail = text(email)
  return mail ? { 'ram:URIID': { '@_schemeID': SCHEME_EMAIL, '#text': mail } } : null
}

/** "SAS au capital de 10 000 € – RCS Paris" (BT-33, seller additional legal information). */
function legalInformation(seller: PrintedSeller): string | null {
  const parts: string[] = []
  if (seller.legalForm) {
    parts.push(
      seller.capital ? `${seller.legalForm.code} au capital de ${formatEuro(seller.capital)}` : seller.legalForm.code,
    )
  }
  if (seller.registry) parts.push(seller.registry)
  return text(parts.join(' – '))
}

/**
 * BG-4. BR-CO-26 wants BT-29, BT-30 or BT-31; BR-S-02 / BR-E-02 want the VAT number (BT-31) or a local tax
 * registration (BT-32): a tax-free seller has no VAT number, so its SIREN is given as BT-32 (scheme FC), the number
 * the French tax administration knows it by.
 */
export function sellerParty(seller: PrintedSeller, directoryAddress?: string | null): Node {
  const siren = sirenOf(seller.siren)
  const siret =
    seller.siret && SIRET.test(seller.siret) && siren && seller.siret.startsWith(siren) ? seller.siret : null
  const vatNumber = text(seller.vatNumber)
  const registrations: Node[] = []
  if (vatNumber) registrations.push({ 'ram:ID': { '@_schemeID': 'VA', '#text': vatNumber } })
  else if (siren) registrations.push({ 'ram:ID': { '@_schemeID': 'FC', '#text': siren } })
  return compact({
    'ram:GlobalID': siret ? { '@_schemeID': SCHEME_SIRET, '#text': siret } : null,
    'ram:Name': text(seller.name) ?? '-',
    'ram:Description': legalInformation(seller),
    'ram:SpecifiedLegalOrganization': siren
      ? compact({
          'ram:ID': { '@_schemeID': SCHEME_SIREN, '#text': siren },
          'ram:TradingBusinessName':
            seller.brandName && seller.brandName !== seller.name ? text(seller.brandName) : null,
        })
      : null,
    'ram:PostalTradeAddress': postalAddress(seller.address),
    'ram:URIUniversalCommunication': electronicAddress(siren, seller.email, directoryAddress),
    'ram:SpecifiedTaxRegistration': registrations,
  })
}

/** BG-7: name, SIREN (BT-47) for a business that has one, e-address, VAT number (BT-48). */
export function buyerParty(buyer: PrintedBuyer | null, print: InvoicePrint, directoryAddress?: string | null): Node {
  if (!buyer) {
    return { 'ram:Name': text(print.document.contact?.name) ?? '-', 'ram:PostalTradeAddress': postalAddress(null) }
  }
  const business = buyer.contactTypeId === CONTACT_TYPE_BUSINESS_ID
  const siren = business ? sirenOf(buyer.siren) : null
  const vatNumber = business ? text(buyer.vatNumber) : null
  return compact({
    'ram:Name': text(buyer.name) ?? '-',
    'ram:SpecifiedLegalOrganization': siren ? { 'ram:ID': { '@_schemeID': SCHEME_SIREN, '#text': siren } } : null,
    'ram:PostalTradeAddress': postalAddress(buyer.billingAddress),
    'ram:URIUniversalCommunication': electronicAddress(siren, buyer.email, directoryAddress),
    'ram:SpecifiedTaxRegistration': vatNumber ? { 'ram:ID': { '@_schemeID': 'VA', '#text': vatNumber } } : null,
  })
}

/** BG-13 deliver-to: the buyer's delivery address, when it has one. */
export function shipToParty(buyer: PrintedBuyer | null): Node | null {
  if (!buyer?.deliveryAddress) return null
  return {
    'ram:Name': text(buyer.deliveryAddress.name) ?? text(buyer.name) ?? '-',
    'ram:PostalTradeAddress': postalAddress(buyer.deliveryAddress),
  }
}
