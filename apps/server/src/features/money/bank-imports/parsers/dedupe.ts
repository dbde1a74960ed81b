import { createHash } from 'node:crypto'
import type { StatementLine } from './types'

/**
 * The key that recognises a line already imported into a journal (the transactions table's unique
 * `(organization_id, journal_id, dedupe_key)`), decision 0018:
 * - `id:<bankId>` when the bank gives its own id of the line;
 * - else `h:<datedAt>|<amount>|<rawName>|<n>`, n counting the same (date, amount, label) earlier in the file, so two
 *   identical coffees on one day are two lines, and importing the file again, or an overlapping one, adds nothing.
 *
 * A bank id that appears twice in one file is no id (some banks repeat a FITID for same-day lines): those lines take the
 * `h:` key, since `id:` would silently drop all but the first. Parts longer than 200 characters are replaced by their
 * SHA-256, which keeps each key well under PostgreSQL's btree entry limit (about 2.7 KB).
 *
 * `accountId` does not enter the key: keys are unique per journal, and a journal holds one account. It is taken so
 * that callers pass it, and a future key scheme across accounts can use it without changing them.
 */

const MAX_PART = 200

const keyPart = (text: string) =>
  text.length <= MAX_PART ? text : `sha256:${createHash('sha256').update(text).digest('hex')}`

export function dedupeKeys(_accountId: string | null, lines: readonly StatementLine[]): string[] {
  const idCounts = new Map<string, number>()
  for (const line of lines) if (line.bankId) idCounts.set(line.bankId, (idCounts.get(line.bankId) ?? 0) + 1)
  const occurrences = new Map<string, number>()
  return lines.map((line) => {
    if (line.bankId && idCounts.get(line.bankId) === 1) return `id:${keyPart(line.bankId)}`
    const base = `h:${line.datedAt}|${line.amount}|${keyPart(line.rawName)}`
    const n = occurrences.get(base) ?? 0
    occurrences.set(base, n + 1)
    return `${base}|${n}`
  })
}
