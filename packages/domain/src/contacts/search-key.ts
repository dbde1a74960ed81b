/**
 * The key contacts and items are sorted and searched by: lower case, accents and ligatures removed, spaces
 * collapsed ("  Élodie  Œuvre " → "elodie oeuvre"). Computed here rather than by SQL unaccent(), which is not
 * immutable and differs between PostgreSQL 15 and PGlite; the server stores it and compares it in the "C" collation.
 */
export const searchKey = (value: string): string =>
  value
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

/** The letter a contact is grouped under in the lists (spec: grouped by first letter, '#' when none). */
export const contactGroupLetter = (name: string): string => {
  const first = searchKey(name).charAt(0)
  return /^[a-z]$/.test(first) ? first.toUpperCase() : '#'
}
