import {
  type MatchTransactionDto,
  messages,
  pairKey,
  RECEIPT_STATE_IDS,
  type ReceiptDto,
  receiptBadge,
  searchKey,
  suggestMatches,
} from '@app/domain'
import { fakeServer, jsonResponse as json } from '../../../../components/test-utils'

/** A bank line as a suggestion shows it: a direct debit of -12,00 € on 17 March 2026. */
export const bankLine = (overrides: Partial<MatchTransactionDto> = {}): MatchTransactionDto => ({
  id: 70,
  name: 'Orange',
  rawName: 'PRLV SEPA ORANGE SA',
  datedAt: '2026-03-17',
  amount: '-12.00',
  journalId: 1,
  ...overrides,
})

/**
 * The matching routes of the server over the receipts a receipts fake keeps (`receipts`, its live array) and these
 * bank lines, answered before that fake's (whose fetch is in place when this is called): GET /receipt-matches pairs
 * them with the domain's matcher (receipts attached to nothing and not failed, lines with no receipt); confirm attaches
 * (the receipt's links and badge change) and learns the supplier's label; decline is remembered. Returns the spy.
 */
export function stubReceiptMatches(receipts: ReceiptDto[], lines: MatchTransactionDto[]) {
  const receiptsServer = globalThis.fetch
  const attachedLines = new Set<number>()
  const declined = new Set<string>()
  const supplierLabels = new Map<string, Set<string>>()
  const open = () => ({
    receipts: receipts.filter((item) => item.transactions.length === 0 && item.stateId !== RECEIPT_STATE_IDS.FAILED),
    lines: lines.filter((line) => !attachedLines.has(line.id)),
  })
  const pairs = () => {
    const { receipts: openReceipts, lines: openLines } = open()
    return suggestMatches(
      openReceipts.map((item) => ({ ...item, supplierName: item.contact?.name ?? null })),
      openLines.map((line) => ({ ...line, counterparty: null })),
      { declined, supplierLabels },
    ).map((pair) => ({
      ...pair,
      receipt: openReceipts.find((item) => item.id === pair.receiptId) as ReceiptDto,
      transaction: openLines.find((line) => line.id === pair.transactionId) as MatchTransactionDto,
    }))
  }

  return fakeServer([], async ({ url, method, path, init }) => {
    if (path === '/receipt-matches' && method === 'GET') return json(200, { data: pairs() })
    const answer = /^\/receipts\/(\d+)\/matches\/(\d+)\/(confirm|decline)$/.exec(path)
    if (answer && method === 'POST') {
      const item = receipts.find((entry) => entry.id === Number(answer[1]))
      const line = lines.find((entry) => entry.id === Number(answer[2]))
      if (!item || !line) return json(404, { message: messages.http.notFound, code: 'NOT_FOUND' })
      if (answer[3] === 'decline') {
        declined.add(pairKey(item.id, line.id))
        return json(204, null)
      }
      if (item.transactions.length > 0)
        return json(409, { message: messages.receipts.matchAlreadyAttached, code: 'RECEIPT_ALREADY_ATTACHED' })
      const { id, name, datedAt, amount, journalId } = line
      item.transactions = [{ id, name, datedAt, amount, journalId }]
      item.badge = receiptBadge({ stateId: item.stateId, transactionCount: 1 })
      attachedLines.add(line.id)
      if (item.contact) {
        const key = searchKey(item.contact.name)
        supplierLabels.set(key, (supplierLabels.get(key) ?? new Set()).add(searchKey(line.name)))
      }
      return json(200, { data: item })
    }
    return receiptsServer(url, init)
  })
}
