import { ibanIsValid } from '@app/domain'

/**
 * French statements (CFONB, most French OFX) name the account by its RIB: bank code, branch code, account number,
 * sometimes the RIB key, never the IBAN. The IBAN follows from them by two published checksums, and it is what a
 * Carnet journal stores, so the import can propose the right journal.
 */

/** Letters of a RIB count as digits: A/J → 1, B/K/S → 2, … I/R/Z → 9 (the "clé RIB" convention). */
const ribDigits = (text: string): string =>
  text.replace(/[A-Z]/g, (letter) => {
    const index = letter.charCodeAt(0) - 65
    return String(index < 9 ? index + 1 : index < 18 ? index - 8 : index - 16)
  })

/** Letters of an IBAN count as 10 (A) to 35 (Z), as ISO 13616 says. */
const ibanDigits = (text: string): string => text.replace(/[A-Z]/g, (letter) => String(letter.charCodeAt(0) - 55))

/** The RIB key: 97 − (89 × bank + 15 × branch + 3 × account) mod 97. */
export function ribKey(bank: string, branch: string, account: string): string {
  const total = 89n * BigInt(ribDigits(bank)) + 15n * BigInt(ribDigits(branch)) + 3n * BigInt(ribDigits(account))
  return String(97n - (total % 97n)).padStart(2, '0')
}

/**
 * The IBAN of a French RIB, or null when the parts are not a RIB (wrong lengths, other characters) or when the given
 * key does not match them.
 */
export function frenchIban(bank: string, branch: string, account: string, key?: string | null): string | null {
  const parts = [bank, branch, account].map((part) => part.trim().toUpperCase())
  const [b, g, a] = parts as [string, string, string]
  if (!/^\d{5}$/.test(b) || !/^\d{5}$/.test(g) || !/^[0-9A-Z]{11}$/.test(a)) return null
  const computed = ribKey(b, g, a)
  if (key != null && key.trim() !== '' && key.trim().padStart(2, '0') !== computed) return null
  const bban = `${b}${g}${a}${computed}`
  const check = String(98n - (BigInt(ibanDigits(`${bban}FR00`)) % 97n)).padStart(2, '0')
  const iban = `FR${check}${bban}`
  return ibanIsValid(iban) ? iban : null
}
