/**
 * French company identifiers: SIREN (9 digits, the company) and SIRET (14 digits, the SIREN plus
 * a 5-digit NIC, one establishment). Both carry a Luhn check digit, except La Poste's establishments.
 */

/** La Poste's SIREN. Its establishments were numbered so that the SIRET's digit sum is a multiple of 5. */
export const LA_POSTE_SIREN = '356000000'

/** People type "732 829 320" or "732 829 320 00074": every kind of space is removed. */
export const compactIdentifier = (value: string): string => value.replace(/\s+/g, '')

/** The Luhn (mod 10) check over a string of digits. */
export const isLuhnValid = (digits: string): boolean => {
  if (!/^\d+$/.test(digits)) return false
  let total = 0
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    total += digit
  }
  return total % 10 === 0
}

const digitSum = (digits: string): number => [...digits].reduce((total, digit) => total + Number(digit), 0)

const isAllZeros = (digits: string): boolean => /^0+$/.test(digits)

/** Nine digits passing the Luhn check ("732 829 320" is accepted; "000000000" is not). */
export const isValidSiren = (value: string): boolean => {
  const siren = compactIdentifier(value)
  return /^\d{9}$/.test(siren) && !isAllZeros(siren) && isLuhnValid(siren)
}

/**
 * Fourteen digits whose first nine are a valid SIREN and which pass the Luhn check. La Poste's
 * SIRETs (starting with 356000000) are valid when their digit sum is a multiple of 5; the Luhn check
 * is also accepted there, which its head office (356 000 000 00048) needs.
 */
export const isValidSiret = (value: string): boolean => {
  const siret = compactIdentifier(value)
  if (!/^\d{14}$/.test(siret) || !isValidSiren(siret.slice(0, 9))) return false
  if (siret.startsWith(LA_POSTE_SIREN) && digitSum(siret) % 5 === 0) return true
  return isLuhnValid(siret)
}

/** The SIREN of a valid SIRET, or null. */
export const sirenOfSiret = (value: string): string | null => {
  const siret = compactIdentifier(value)
  return isValidSiret(siret) ? siret.slice(0, 9) : null
}
