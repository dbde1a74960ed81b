import {
  abs,
  addDays,
  addMonths,
  compare,
  MATCH_THRESHOLD,
  MATCH_VAT_RATES,
  MATCH_WINDOW,
  type MatcherMemory,
  type MatchTransactionDto,
  messages,
  pairKey,
  payableAmounts,
  paymentGap,
  RECEIPT_STATE_IDS,
  type ReceiptDto,
  type ReceiptMatchDto,
  type ReceiptTransactionMatchDto,
  scoreMatch,
  searchKey,
  suggestMatches,
  type TransactionReceiptMatchDto,
  toCents,
  todayInParis,
} from '@app/domain'
import type { Db } from '../../../../db/client'
import { conflict, notFound } from '../../../../lib/errors'
import type { Tenant } from '../../../../lib/tenant'
import type { ReceiptService } from '../service'
import { createReceiptMatchRepo, type MatchLine } from './repo'

const m = messages.receipts

/** What one receipt or one transaction is offered at most. */
const SUGGESTIONS_MAX = 5
/** Candidates read for one receipt or one line: amount and dates leave a handful; the cap bounds a pathological case. */
const CANDIDATES_MAX = 200
/**
 * The organisation's suggestions look at the last six months of bank lines, and at most so many rows: the page asks
 * for them on every visit and the pairing is done in memory, so the query must not grow with years of history; older
 * lines are those people no longer reconcile (their receipts are attached by hand from the transaction).
 */
const RECENT_MONTHS = 6
const RECENT_LINES_MAX = 5000
const RECENT_RECEIPTS_MAX = 1000

const compact = ({ id, name, rawName, datedAt, amount, journalId }: MatchLine): MatchTransactionDto => ({
  id,
  name,
  rawName,
  datedAt,
  amount,
  journalId,
})

/** Best first; at an equal score the nearer dates (the card's date when the label has it), then the older id. */
const byScoreThenGap = (a: { score: number; gap: number; id: number }, b: { score: number; gap: number; id: number }) =>
  b.score - a.score || a.gap - b.gap || a.id - b.id

/**
 * Receipt ↔ bank line suggestions (decision 0021 "Links"): the domain's matcher scores pairs read here, with what
 * the organisation taught it (declined pairs, labels confirmed per supplier). Nothing is attached until the person
 * confirms; confirming attaches through the receipts service (same effects as POST /transactions/{id}/receipts) and
 * teaches the supplier's label.
 */
export function createReceiptMatchService(deps: { db: Db; clock: () => Date; receipts: ReceiptService }) {
  const repo = createReceiptMatchRepo(deps.db)

  /** The organisation's memory, read for the receipts or the transactions at hand and their suppliers only. */
  async function memoryOf(
    organizationId: number,
    among: { receiptIds?: number[]; transactionIds?: number[] },
    supplierNames: (string | null)[],
  ): Promise<MatcherMemory> {
    const supplierKeys = [...new Set(supplierNames.filter((name): name is string => !!name).map(searchKey))]
    const [declines, labels] = await Promise.all([
      repo.declines(organizationId, among),
      repo.labels(organizationId, supplierKeys),
    ])
    const supplierLabels = new Map<string, Set<string>>()
    for (const { supplierKey, labelKey } of labels)
      supplierLabels.set(supplierKey, (supplierLabels.get(supplierKey) ?? new Set()).add(labelKey))
    return {
      declined: new Set(declines.map((pair) => pairKey(pair.receiptId, pair.transactionId))),
      supplierLabels,
    }
  }

  /** The receipts as GET /receipts answers them, in the order of `ids`. */
  async function receiptsInOrder(tenant: Tenant, ids: number[]) {
    const found = new Map((await deps.receipts.getMany(tenant, ids)).map((receipt) => [receipt.id, receipt]))
    return ids.map((id) => found.get(id) as ReceiptDto)
  }

  async function receiptOrNotFound(tenant: Tenant, id: number) {
    const receipt = await repo.receipt(tenant.organizationId, id)
    if (!receipt) throw notFound()
    return receipt
  }
  async function lineOrNotFound(tenant: Tenant, id: number) {
    const line = await repo.line(tenant.organizationId, id)
    if (!line) throw notFound()
    return line
  }

  return {
    /** GET /receipts/{id}/matches: the open bank lines that may have paid it, best first. */
    async forReceipt(tenant: Tenant, receiptId: number): Promise<ReceiptTransactionMatchDto[]> {
      const receipt = await receiptOrNotFound(tenant, receiptId)
      if (receipt.attachedTo.length > 0 || receipt.stateId === RECEIPT_STATE_IDS.FAILED) return []
      const window = receipt.datedAt
        ? {
            from: addDays(receipt.datedAt, -MATCH_WINDOW.daysBefore),
            to: addDays(receipt.datedAt, MATCH_WINDOW.daysAfter),
          }
        : null
      const lines = await repo.linesPaying(tenant.organizationId, payableAmounts(receipt), window, CANDIDATES_MAX)
      const memory = await memoryOf(tenant.organizationId, { receiptIds: [receiptId] }, [receipt.supplierName])
      return lines
        .flatMap((line) => {
          const scored = scoreMatch(receipt, line, memory)
          return scored && scored.score >= MATCH_THRESHOLD
            ? [{ id: line.id, line, gap: paymentGap(receipt.datedAt, line), ...scored }]
            : []
        })
        .sort(byScoreThenGap)
        .slice(0, SUGGESTIONS_MAX)
        .map(({ line, score, reasons }) => ({ transaction: compact(line), score, reasons }))
    },

    /** GET /transactions/{id}/receipt-matches: the open receipts that may justify it, best first. */
    async forTransaction(tenant: Tenant, transactionId: number): Promise<TransactionReceiptMatchDto[]> {
      const line = await lineOrNotFound(tenant, transactionId)
      if (!line.isBank || compare(line.amount, '0') >= 0) return []
      if (await repo.lineHasReceipt(tenant.organizationId, transactionId)) return []
      // A receipt is dated up to MATCH_WINDOW.daysAfter before its payment, or daysBefore after it.
      const window = {
        from: addDays(line.datedAt, -MATCH_WINDOW.daysAfter),
        to: addDays(line.datedAt, MATCH_WINDOW.daysBefore),
      }
      const receipts = await repo.receiptsPaidBy(
        tenant.organizationId,
        toCents(abs(line.amount)),
        MATCH_VAT_RATES,
        window,
        CANDIDATES_MAX,
      )
      const memory = await memoryOf(
        tenant.organizationId,
        { transactionIds: [transactionId] },
        receipts.map((receipt) => receipt.supplierName),
      )
      const best = receipts
        .flatMap((receipt) => {
          const scored = scoreMatch(receipt, line, memory)
          return scored && scored.score >= MATCH_THRESHOLD
            ? [{ id: receipt.id, gap: paymentGap(receipt.datedAt, line), ...scored }]
            : []
        })
        .sort(byScoreThenGap)
        .slice(0, SUGGESTIONS_MAX)
      const presented = await receiptsInOrder(
        tenant,
        best.map((candidate) => candidate.id),
      )
      return best.map(({ score, reasons }, index) => ({ receipt: presented[index] as ReceiptDto, score, reasons }))
    },

    /** GET /receipt-matches: the organisation's best pairs, each receipt and each line at most once. */
    async pairs(tenant: Tenant): Promise<ReceiptMatchDto[]> {
      const since = addMonths(todayInParis(deps.clock()), -RECENT_MONTHS)
      const [lines, receipts] = await Promise.all([
        repo.openLinesSince(tenant.organizationId, since, RECENT_LINES_MAX),
        // A receipt dated further back than the window before the oldest line can pair with none of them.
        repo.openReceipts(tenant.organizationId, addDays(since, -MATCH_WINDOW.daysAfter), RECENT_RECEIPTS_MAX),
      ])
      if (lines.length === 0 || receipts.length === 0) return []
      const memory = await memoryOf(
        tenant.organizationId,
        { receiptIds: receipts.map((receipt) => receipt.id) },
        receipts.map((receipt) => receipt.supplierName),
      )
      const pairs = suggestMatches(receipts, lines, memory)
      const presented = await receiptsInOrder(
        tenant,
        pairs.map((pair) => pair.receiptId),
      )
      const lineById = new Map(lines.map((line) => [line.id, line]))
      return pairs.map((pair, index) => ({
        ...pair,
        receipt: presented[index] as ReceiptDto,
        transaction: compact(lineById.get(pair.transactionId) as MatchLine),
      }))
    },

    /**
     * POST /receipts/{id}/matches/{transactionId}/confirm: attached as by POST /transactions/{id}/receipts (the
     * no-receipt flag goes), then the supplier's label is learned. Confirming a pair already attached changes nothing.
     */
    async confirm(tenant: Tenant, receiptId: number, transactionId: number): Promise<ReceiptDto> {
      const [receipt, line] = await Promise.all([
        receiptOrNotFound(tenant, receiptId),
        lineOrNotFound(tenant, transactionId),
      ])
      if (receipt.attachedTo.includes(transactionId)) return deps.receipts.get(tenant, receiptId)
      if (receipt.attachedTo.length > 0) throw conflict(m.matchAlreadyAttached, 'RECEIPT_ALREADY_ATTACHED')
      if (receipt.stateId === RECEIPT_STATE_IDS.FAILED) throw conflict(m.matchUnreadable, 'RECEIPT_FAILED')
      if (!line.isBank || compare(line.amount, '0') >= 0) throw conflict(m.matchNotExpense, 'NOT_A_BANK_EXPENSE')
      await deps.receipts.attach(tenant, transactionId, [receiptId])
      // After the attach, in its own statement: a lost lesson costs a suggestion's rank, never a link.
      const supplierKey = receipt.supplierName ? searchKey(receipt.supplierName) : ''
      const labelKey = searchKey(line.name)
      if (supplierKey && labelKey) await repo.teach(tenant.organizationId, supplierKey, labelKey)
      return deps.receipts.get(tenant, receiptId)
    },

    /** POST /receipts/{id}/matches/{transactionId}/decline: never offered again. */
    async decline(tenant: Tenant, receiptId: number, transactionId: number) {
      await Promise.all([receiptOrNotFound(tenant, receiptId), lineOrNotFound(tenant, transactionId)])
      await repo.decline(tenant.organizationId, receiptId, transactionId)
    },
  }
}

export type ReceiptMatchService = ReturnType<typeof createReceiptMatchService>
