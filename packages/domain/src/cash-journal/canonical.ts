/**
 * The canonical text of a cash journal entry (decision 0038): JSON with its object keys sorted at every depth, no
 * spaces. The same content gives the same text whatever order the database or the code builds its keys in, so that a
 * signature recomputed years later from the stored row matches the one written. Only strings, integers, booleans,
 * null, arrays and objects go in (amounts are decimal strings: a float would print differently across runtimes).
 */
export type CanonicalValue = string | number | boolean | null | CanonicalValue[] | { [key: string]: CanonicalValue }

export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>
    const keys = Object.keys(record)
      .filter((key) => record[key] !== undefined)
      .sort()
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`
  }
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new Error(`Not an integer: ${value}`)
  return JSON.stringify(value)
}

/** The previous signature of the first entry of a chain. */
export const GENESIS_SIGNATURE = '0'.repeat(64)

/** The text an entry's sha256 is taken over: the previous entry's signature, then the entry's canonical content. */
export const signedText = (previousSignature: string, content: unknown) =>
  `${previousSignature}\n${canonicalJson(content)}`
