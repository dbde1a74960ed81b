import type { AddressFields } from './fields'
import { all, first, text } from './xml'

/** BG-5 / BG-8 postal addresses in both syntaxes, for the readable view: nothing here is checked or booked. */

const present = (values: (string | null)[]): string[] => values.filter((value): value is string => value !== null)

/** ram:PostalTradeAddress; null when the party has none. */
export function ciiAddress(party: unknown): AddressFields | null {
  const address = first(party, 'PostalTradeAddress')
  if (address === undefined) return null
  return {
    lines: present([
      text(first(address, 'LineOne')),
      text(first(address, 'LineTwo')),
      text(first(address, 'LineThree')),
    ]),
    postcode: text(first(address, 'PostcodeCode')),
    city: text(first(address, 'CityName')),
    subdivision: text(first(address, 'CountrySubDivisionName')),
  }
}

/** cac:PostalAddress; BT-162 is cac:AddressLine/cbc:Line, which UBL allows more than once. */
export function ublAddress(party: unknown): AddressFields | null {
  const address = first(party, 'PostalAddress')
  if (address === undefined) return null
  return {
    lines: present([
      text(first(address, 'StreetName')),
      text(first(address, 'AdditionalStreetName')),
      ...all(address, 'AddressLine').map((line) => text(first(line, 'Line'))),
    ]),
    postcode: text(first(address, 'PostalZone')),
    city: text(first(address, 'CityName')),
    subdivision: text(first(address, 'CountrySubentity')),
  }
}
