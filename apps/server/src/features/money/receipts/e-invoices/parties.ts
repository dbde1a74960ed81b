import {
  checkVatNumber,
  compactIdentifier,
  compactVatNumber,
  ibanIsValid,
  isValidSiren,
  isValidSiret,
  normalizeIban,
  sirenOfVatNumber,
} from '@app/domain'
import type { PartyFields } from './fields'

/** ISO 6523 ICD codes of the French registry: 0002 SIREN, 0009 SIRET. */
export const SCHEME_SIREN = '0002'
export const SCHEME_SIRET = '0009'

export type FrenchIds = { siren: string | null; siret: string | null }

/**
 * A party's SIREN and SIRET. Writers put a SIREN under 0002 (BT-30) and a SIRET under 0009 (BT-29), but some put the
 * SIRET under 0002 or give no scheme at all, so a number is taken for what its length and check digit say it is;
 * without a scheme only for a French party, where nine or fourteen digits can mean nothing else. Numbers failing
 * their Luhn check are dropped: they would match the wrong supplier. The SIREN of a French VAT number is the last
 * resort, that number's key being computed from it.
 */
export function frenchIds(party: PartyFields): FrenchIds {
  const vat = party.vatNumber ? compactVatNumber(party.vatNumber) : null
  const french = party.country === 'FR' || Boolean(vat?.startsWith('FR'))
  let siren: string | null = null
  let siret: string | null = null
  for (const id of [party.legalId, ...party.otherIds]) {
    if (!id) continue
    const trusted = id.scheme === SCHEME_SIREN || id.scheme === SCHEME_SIRET || (id.scheme === null && french)
    if (!trusted) continue
    const digits = compactIdentifier(id.value)
    if (isValidSiren(digits)) siren ??= digits
    else if (isValidSiret(digits)) siret ??= digits
  }
  if (siren && siret && !siret.startsWith(siren)) siret = null
  siren ??= siret?.slice(0, 9) ?? null
  if (!siren && vat && checkVatNumber(vat) === 'valid') {
    const fromVat = sirenOfVatNumber(vat)
    if (fromVat && isValidSiren(fromVat)) siren = fromVat
  }
  return { siren, siret }
}

/** BT-31 / BT-48 without its spaces, dots and dashes, upper case. */
export const vatNumberOf = (party: PartyFields): string | null =>
  party.vatNumber ? compactVatNumber(party.vatNumber) || null : null

/** BT-84 when it is an IBAN (it may be any account identifier), in its electronic format. */
export function ibanOf(account: string | null): string | null {
  if (!account) return null
  return ibanIsValid(account) ? normalizeIban(account) : null
}
