import {
  type CashJournalKind,
  canonicalJson,
  cashSaleLineKind,
  JOURNAL_TYPE_IDS,
  type JournalLine,
  type RateTotal,
  rateTotalsChange,
  saleRateTotals,
  subtract,
  toCents,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { appendEntry, concernOf } from './chain'
import { lastEntryOf, transactionHead, transactionLines } from './repo'

/** A cash sale or movement as the journal keeps it. */
type TransactionState = {
  id: number
  journal: 'ES' | 'CAI'
  name: string
  datedAt: string
  amount: string
  lines: JournalLine[]
}

/** The sale or movement as stored now (in the caller's transaction), or undefined when it is not a cash one. */
async function stateOf(
  tx: DbOrTx,
  organizationId: number,
  transactionId: number,
): Promise<TransactionState | undefined> {
  const row = await transactionHead(tx, organizationId, transactionId)
  if (!row) return undefined
  const journal =
    Number(row.journal_type_id) === JOURNAL_TYPE_IDS.ES
      ? 'ES'
      : Number(row.journal_type_id) === JOURNAL_TYPE_IDS.CAI
        ? 'CAI'
        : null
  if (!journal) return undefined
  const lines = await transactionLines(tx, organizationId, transactionId)
  return {
    id: transactionId,
    journal,
    name: row.name,
    datedAt: row.dated_at,
    amount: toCents(row.amount),
    lines: lines.map((line) => ({
      name: line.name,
      kind: journal === 'CAI' ? 'movement' : (cashSaleLineKind(line.name) ?? 'sale'),
      amount: toCents(line.amount),
      taxAmount: toCents(line.tax_amount),
      rate: toCents(line.rate),
    })),
  }
}

const vatOf = (state: TransactionState | undefined): RateTotal[] =>
  state?.journal === 'ES' ? saleRateTotals(state.lines) : []
const movementOf = (state: TransactionState | undefined) => (state?.journal === 'CAI' ? state.amount : '0.00')

/** The fields a correction changed, in the words of the form. */
function changesBetween(before: TransactionState | undefined, after: TransactionState): string[] {
  if (!before) return ['name', 'datedAt', 'amount', 'lines']
  // Compared canonically: the previous state comes back from jsonb with its keys in another order.
  const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b)
  return (['name', 'datedAt', 'amount', 'lines'] as const).filter((field) => !same(before[field], after[field]))
}

/**
 * Writes the journal entry of a cash sale or movement just created or changed (RECORD, CORRECTION), or about to be
 * deleted (CANCELLATION, called before the delete), in the caller's database transaction: the write and its entry
 * commit together or not at all. The entry holds the new state and what it changes to the totals (per VAT rate for
 * the takings, the net movement for the cash box), so that a closing adds up changes and the original entry stays as
 * it was. Nothing is written for an organisation the law does not concern, nor for a correction that changes nothing.
 */
export async function recordCashEntry(
  tx: DbOrTx,
  input: {
    organizationId: number
    transactionId: number
    kind: Extract<CashJournalKind, 'RECORD' | 'CORRECTION' | 'CANCELLATION'>
    now: Date
  },
) {
  if (!(await concernOf(tx, input.organizationId)).concerned) return
  const state = await stateOf(tx, input.organizationId, input.transactionId)
  if (!state) return
  const last = await lastEntryOf(tx, input.organizationId, input.transactionId)
  const previous = last && last.kind !== 'CANCELLATION' ? (last.data.transaction as TransactionState) : undefined
  const cancelled = input.kind === 'CANCELLATION'
  const changes = cancelled ? [] : changesBetween(previous, state)
  if (input.kind === 'CORRECTION' && previous && changes.length === 0) return
  const kind = input.kind === 'CORRECTION' && !previous ? 'RECORD' : input.kind
  const vat = cancelled ? [] : vatOf(state)
  const movement = cancelled ? '0.00' : movementOf(state)
  await appendEntry(tx, {
    organizationId: input.organizationId,
    kind,
    transactionId: input.transactionId,
    now: input.now,
    data: {
      transaction: state,
      vat,
      vatChange: rateTotalsChange(vatOf(previous), vat),
      movement,
      movementChange: toCents(subtract(movement, movementOf(previous))),
      ...(kind === 'CORRECTION' ? { changes } : {}),
    },
  })
}
