import { allocateProportionally } from '../../documents/allocate'
import { add, isNegative, isZero, negate, sum, toCents } from '../../money/arithmetic'
import { Dec, toDec } from '../../money/decimal'
import type { LedgerAccount } from './accounts'
import type { Auxiliary, JournalForPosting, PostingEntry, PostingLine, VatTag } from './types'

/**
 * A line while an entry is being built: one signed amount (positive to the debit, negative to the credit), so that an
 * invoice and its credit note, or money in and money out, go through the same code with the sign doing the mirror.
 */
export type DraftLine = {
  account: LedgerAccount
  amount: string
  label: string
  auxiliary?: Auxiliary | null
  vat?: VatTag | null
  settles?: { pieceRef: string } | null
}

/** "20.00", "20" and 20 are one rate: the canonical form ("20", "5.5") keys rates everywhere. */
export const rateKey = (ratePercent: string): string => add(ratePercent, 0)

export const sumOf = (values: readonly string[]): string => (values.length === 0 ? '0' : sum(values))

/**
 * Splits `total` over `weights` in proportion, to the cent, the parts adding up to `total` exactly: the documents'
 * allocateProportionally (the weight largest in absolute value, the first of equals, absorbs the rounding). Weights
 * that add up to 0 cannot give proportions: the whole goes to the largest weight (the first when all are 0).
 */
export function spread(total: string, weights: readonly string[]): string[] {
  if (weights.length === 0) throw new RangeError('Nothing to spread over')
  const decimals = weights.map((weight) => toDec(weight))
  const sumOfWeights = decimals.reduce((acc, weight) => acc.plus(weight), new Dec(0))
  if (sumOfWeights.isZero()) {
    let largest = 0
    decimals.forEach((weight, index) => {
      if (weight.abs().greaterThan(decimals[largest]?.abs() ?? 0)) largest = index
    })
    return weights.map((_, index) => (index === largest ? toCents(total) : '0.00'))
  }
  return allocateProportionally(toDec(toCents(total)), decimals).map((part) => toCents(part.toFixed()))
}

const keyOf = (line: DraftLine) =>
  JSON.stringify([
    isNegative(line.amount),
    line.account.code,
    line.auxiliary?.code ?? null,
    line.label,
    line.vat ? [line.vat.ratePercent, line.vat.kind, line.vat.nature, line.vat.dueOn] : null,
    line.settles?.pieceRef ?? null,
  ])

/**
 * The entry's lines: drafts on the same side with the same account, auxiliary, label, VAT rate and kind and settled
 * piece merged (their amounts and bases added), in the order they first appear; drafts of 0 dropped. A debit and a
 * credit on one account stay two lines: netting them would hide a movement (an expense paid from the associate's own
 * account, a refund inside a split).
 */
export function toPostingLines(drafts: readonly DraftLine[]): PostingLine[] {
  const merged = new Map<string, DraftLine>()
  for (const draft of drafts) {
    if (isZero(draft.amount)) continue
    const key = keyOf(draft)
    const previous = merged.get(key)
    if (!previous) {
      merged.set(key, { ...draft, vat: draft.vat ? { ...draft.vat } : draft.vat })
      continue
    }
    previous.amount = add(previous.amount, draft.amount)
    if (previous.vat && draft.vat) previous.vat.base = add(previous.vat.base, draft.vat.base)
  }
  return [...merged.values()]
    .filter((line) => !isZero(toCents(line.amount)))
    .map((line) => {
      const posted: PostingLine = {
        accountCode: line.account.code,
        accountLabel: line.account.label,
        auxiliary: line.auxiliary ?? null,
        label: line.label,
        debit: isNegative(line.amount) ? '0.00' : toCents(line.amount),
        credit: isNegative(line.amount) ? toCents(negate(line.amount)) : '0.00',
        vat: line.vat ? { ...line.vat, base: toCents(line.vat.base) } : null,
      }
      if (line.settles) posted.settles = line.settles
      return posted
    })
}

export type EntryHead = { date: string; label: string; pieceRef: string; pieceDate: string }

/** An entry of `journal` from its drafts. */
export const entryOf = (journal: JournalForPosting, head: EntryHead, drafts: readonly DraftLine[]): PostingEntry => ({
  journalCode: journal.code,
  journalLabel: journal.label,
  ...head,
  lines: toPostingLines(drafts),
})
