/** "123 456 789" for SIREN, "123 456 789 00012" for SIRET. */
export function spacedSiren(value: string): string {
  const digits = value.replace(/\s/g, '')
  if (digits.length === 9) return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}`
  if (digits.length === 14)
    return `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6, 9)} ${digits.slice(9)}`
  return digits
}

/** IBAN in groups of four, as banks print it. */
export const spacedIban = (iban: string) =>
  iban
    .replace(/\s/g, '')
    .replace(/(.{4})/g, '$1 ')
    .trim()
