import {
  equals,
  MATCH_THRESHOLD,
  messages,
  pairKey,
  RECEIPT_FORMATS,
  RECEIPT_MAX_FILES_FOR_TRANSACTION,
  RECEIPT_STATE_IDS,
  type ReceiptDto,
  receiptBadge,
  receiptExtension,
  scoreMatch,
  sniffReceiptType,
  type TransactionDto,
  type TransactionReceiptDto,
} from '@app/domain'
import { type FakeRequest, jsonResponse as json } from '../components/test-utils'

const RECEIPT_STATES: Record<number, { code: string; name: string }> = {
  1: { code: 'PENDING', name: 'En attente' },
  2: { code: 'PROCESSING', name: 'En cours' },
  3: { code: 'VALIDATED', name: 'Validé' },
  4: { code: 'FAILED', name: 'Échec' },
}

/** A receipt as GET /receipts answers it: a validated PDF of 120,00 € TTC from Bureau Vallée, attached to nothing. */
export const receipt = (overrides: Partial<ReceiptDto> = {}): ReceiptDto => {
  const stateId = overrides.stateId ?? RECEIPT_STATE_IDS.VALIDATED
  const transactions = overrides.transactions ?? []
  return {
    id: 501,
    name: 'facture-bureau-vallee.pdf',
    extension: 'pdf',
    mimeType: 'application/pdf',
    size: 48_213,
    origin: 'upload',
    stateId,
    state: { id: stateId, ...(RECEIPT_STATES[stateId] as { code: string; name: string }) },
    receiptTypeId: 1,
    badge: receiptBadge({ stateId, transactionCount: transactions.length }),
    reference: 'BV-2026-0312',
    description: null,
    contactId: 9,
    contact: { id: 9, name: 'Bureau Vallée' },
    supplierName: 'Bureau Vallée',
    reading: false,
    datedAt: '2026-03-12',
    currencyId: 1,
    taxExcluded: '100.00',
    taxAmount: '20.00',
    taxIncluded: '120.00',
    failure: null,
    dueAt: null,
    iban: null,
    eInvoiceFormat: null,
    eInvoicing: null,
    vatLines: null,
    transactions,
    createdAt: '2026-03-12T18:00:00.000Z',
    updatedAt: '2026-03-12T18:00:00.000Z',
    ...overrides,
  }
}

/** What a transaction shows of a receipt attached to it. */
export const receiptLink = ({ id, name, extension, stateId, taxIncluded }: ReceiptDto): TransactionReceiptDto => ({
  id,
  name,
  extension,
  stateId,
  taxIncluded,
})

const invalid = (errors: Record<string, string[]>) =>
  json(422, { message: 'Les données sont invalides.', code: 'VALIDATION_FAILED', errors })

/**
 * The organisation's receipts as the real server keeps them, beside one transaction: GET /receipts (to associate,
 * search, amount bounds on the TTC), attach (clears the no-receipt flag), detach (204, the flag unchanged), uploads
 * attached to the transaction (the files' first bytes decide their type: 415 otherwise; more than 10: 422 on
 * `document`), and the receipts suggested for the transaction (scored by the domain's matcher: those attached to
 * nothing and not failed, while the transaction has none; confirm attaches, decline is remembered). Answers the
 * requests it knows, null for the others.
 */
export function fakeReceiptLibrary(
  initial: ReceiptDto[],
  transaction: { get: () => TransactionDto; set: (next: TransactionDto) => void },
) {
  const stored = transaction.get
  const library = structuredClone(initial)
  let nextReceiptId = 900
  /** The receipt with its links and badge as they are now. */
  const linkTo = (item: ReceiptDto, attached: boolean) => {
    item.transactions = item.transactions.filter((entry) => entry.id !== stored().id)
    if (attached)
      item.transactions.push({
        id: stored().id,
        name: stored().name,
        datedAt: stored().datedAt,
        amount: stored().amount,
        journalId: stored().journalId,
      })
    item.badge = receiptBadge({ stateId: item.stateId, transactionCount: item.transactions.length })
  }
  for (const item of library) if (stored().receipts.some((entry) => entry.id === item.id)) linkTo(item, true)
  const declined = new Set<string>()
  /** GET /transactions/{id}/receipt-matches, as the server scores them (best first, 5 at most). */
  const suggestions = () => {
    if (stored().receipts.length > 0) return []
    const line = { ...stored(), counterparty: stored().counterparty ?? null }
    const memory = { declined, supplierLabels: new Map() }
    return library
      .filter((item) => item.transactions.length === 0 && item.stateId !== RECEIPT_STATE_IDS.FAILED)
      .flatMap((item) => {
        const scored = scoreMatch({ ...item, supplierName: item.contact?.name ?? null }, line, memory)
        return scored && scored.score >= MATCH_THRESHOLD ? [{ receipt: item, ...scored }] : []
      })
      .sort((a, b) => b.score - a.score || a.receipt.id - b.receipt.id)
      .slice(0, 5)
  }

  return async ({ url, method, path, body, init }: FakeRequest): Promise<Response | null> => {
    if (path === '/receipts' && method === 'GET') {
      const search = url.searchParams.get('filter[search]')?.toLowerCase()
      const toAssociate = url.searchParams.get('filter[toAssociate]') === 'true'
      const min = url.searchParams.get('filter[amountMin]')
      const data = library.filter(
        (item) =>
          (!toAssociate || (item.stateId === RECEIPT_STATE_IDS.VALIDATED && item.transactions.length === 0)) &&
          (!search ||
            `${item.name} ${item.reference ?? ''} ${item.contact?.name ?? ''}`.toLowerCase().includes(search)) &&
          (min === null || (item.taxIncluded !== null && equals(item.taxIncluded, min))),
      )
      return json(200, { data, meta: { total: data.length, page: 1, pageSize: 100 } })
    }
    if (path === '/receipts' && method === 'POST') {
      const form = init?.body as FormData
      const files = form.getAll('document') as File[]
      if (Number(form.get('transactionId')) !== stored().id) return invalid({ transactionId: ['Choix invalide.'] })
      if (files.length > RECEIPT_MAX_FILES_FOR_TRANSACTION)
        return invalid({ document: [messages.files.tooMany(RECEIPT_MAX_FILES_FOR_TRANSACTION)] })
      const types: string[] = []
      for (const [index, file] of files.entries()) {
        const type = sniffReceiptType(new Uint8Array(await file.arrayBuffer()))
        if (!type)
          return json(415, {
            message: messages.files.invalidFormat(index + 1, RECEIPT_FORMATS),
            code: 'UNSUPPORTED_MEDIA_TYPE',
          })
        types.push(type)
      }
      const created = files.map((file, index) => {
        nextReceiptId += 1
        const type = types[index] as string
        const item = receipt({
          id: nextReceiptId,
          name: file.name,
          extension: receiptExtension(type, null),
          mimeType: type,
          size: file.size,
          origin: 'transaction',
          stateId: RECEIPT_STATE_IDS.PENDING,
          reference: null,
          contactId: null,
          contact: null,
          datedAt: null,
          taxExcluded: null,
          taxAmount: null,
          taxIncluded: null,
        })
        linkTo(item, true)
        library.unshift(item)
        return item
      })
      transaction.set({
        ...stored(),
        hasNoReceipt: false,
        receipts: [...stored().receipts, ...created.map(receiptLink)],
      })
      return json(201, { data: created })
    }

    const base = `/transactions/${stored().id}`
    if (path === `${base}/receipt-matches` && method === 'GET') return json(200, { data: suggestions() })
    const answer = /^\/receipts\/(\d+)\/matches\/(\d+)\/(confirm|decline)$/.exec(path)
    if (answer && method === 'POST') {
      const item = library.find((entry) => entry.id === Number(answer[1]))
      if (!item || Number(answer[2]) !== stored().id)
        return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
      if (answer[3] === 'decline') {
        declined.add(pairKey(item.id, stored().id))
        return json(204, null)
      }
      linkTo(item, true)
      transaction.set({ ...stored(), hasNoReceipt: false, receipts: [...stored().receipts, receiptLink(item)] })
      return json(200, { data: item })
    }
    if (path === `${base}/receipts` && method === 'POST') {
      const ids = [...new Set(body.receipts as number[])]
      const found = library.filter((item) => ids.includes(item.id))
      if (ids.length === 0 || found.length !== ids.length) return invalid({ receipts: ['Choix invalide.'] })
      for (const item of found) linkTo(item, true)
      const receipts = [
        ...stored().receipts.filter((entry) => !ids.includes(entry.id)),
        ...found.map(receiptLink),
      ].sort((a, b) => a.id - b.id)
      transaction.set({ ...stored(), hasNoReceipt: false, receipts })
      return json(200, { data: stored().receipts })
    }
    const detached = new RegExp(`^${base}/receipts/(\\d+)$`).exec(path)
    if (detached && method === 'DELETE') {
      const receiptId = Number(detached[1])
      if (!stored().receipts.some((entry) => entry.id === receiptId))
        return json(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
      transaction.set({ ...stored(), receipts: stored().receipts.filter((entry) => entry.id !== receiptId) })
      const item = library.find((entry) => entry.id === receiptId)
      if (item) linkTo(item, false)
      return json(204, null)
    }
    return null
  }
}
