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

const keyOf = (line: DraftLine, negative: boolean) =>
  JSON.stringify([
    negative,
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
 * account, a refund inside a split). Each amount is read once: an import or a retroactive rule posts tens of
 * thousands of entries, and reading the same string again at each step was most of the posting's time.
 */
export function toPostingLines(drafts: readonly DraftLine[]): PostingLine[] {
  const merged = new Map<string, { draft: DraftLine; amount: string; base: string | null }>()
  for (const draft of drafts) {
    const amount = draft.amount
    if (isZero(amount)) continue
    const key = keyOf(draft, isNegative(amount))
    const previous = merged.get(key)
    if (!previous) {
      merged.set(key, { draft, amount, base: draft.vat ? draft.vat.base : null })
      continue
    }
    previous.amount = add(previous.amount, amount)
    if (previous.base !== null && draft.vat) previous.base = add(previous.base, draft.vat.base)
  }
  const lines: PostingLine[] = []
  for (const { draft, amount, base } of merged.values()) {
    const cents = toCents(amount)
    if (cents === '0.00') continue
    const negative = isNegative(amount)
    const posted: PostingLine = {
      accountCode: draft.account.code,
      accountLabel: draft.account.label,
      auxiliary: draft.auxiliary ?? null,
      label: draft.label,
      debit: negative ? '0.00' : cents,
      credit: negative ? toCents(negate(amount)) : '0.00',
      vat: draft.vat && base !== null ? { ...draft.vat, base: toCents(base) } : null,
    }
    if (draft.settles) posted.settles = draft.settles
    lines.push(posted)
  }
  return lines
}

export type EntryHead = { date: string; label: string; pieceRef: string; pieceDate: string }

/** An entry of `journal` from its drafts. */
export const entryOf = (journal: JournalForPosting, head: EntryHead, drafts: readonly DraftLine[]): PostingEntry => ({
  journalCode: journal.code,
  journalLabel: journal.label,
  ...head,
  lines: toPostingLines(drafts),
})
