import {
  abs,
  equals,
  isNegative,
  type ListResponse,
  RECEIPT_MAX_FILES_FOR_TRANSACTION,
  type ReceiptDto,
  receiptFileError,
  type TransactionDto,
  type TransactionReceiptDto,
} from '@app/domain'
import { keepPreviousData, type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { transactionKey } from '../../../../components/transactions/detail/transactionQueries'
import { refreshAfterChange } from '../../../../components/transactions/transactionQueries'
import { del, get, post, upload } from '../../../../lib/api'

// Shared with the receipts page's uploads; still exported here because this folder's tests read it from here.
export { refusedFile } from '../../../../components/receipts/receiptUploadRefusal'

/** Every receipt query lives under this key (the receipts pages use the same root): refreshed after any change here. */
export const receiptsKey = ['receipts'] as const
/** The spec's page size for the receipts to associate (spec/money.md §7). */
const PAGE_SIZE = 100

/** Where the attach-receipts drawer opens (spec/money.md §2), in the spec's order: tab 0 to 3. */
export const ATTACH_TABS = ['attached', 'receipts', 'invoices', 'import'] as const
export type AttachTab = (typeof ATTACH_TABS)[number]

/**
 * The opening tab (spec/money.md §2 "Attach receipts drawer"): 0 (attached) when the transaction already has receipts
 * or invoices; otherwise 1 (purchase invoices and expense reports) for money going out, else 2 (sales invoices).
 */
export function openingTab(transaction: Pick<TransactionDto, 'amount' | 'receipts' | 'invoices'>): AttachTab {
  if (transaction.receipts.length > 0 || transaction.invoices.length > 0) return 'attached'
  return isNegative(transaction.amount) ? 'receipts' : 'invoices'
}

/** A receipt offered in the drawer, and whether its amount TTC is exactly the transaction's (without its sign). */
export type AttachableReceipt = ReceiptDto & { sameAmount: boolean }

/**
 * The receipts to offer: not those already attached to the transaction; those whose TTC is the transaction's absolute
 * amount first (asked for apart, so that they come even when not among the most recent), then the others, each once.
 */
export function attachableReceipts(
  sameAmount: ReceiptDto[],
  recent: ReceiptDto[],
  transaction: Pick<TransactionDto, 'amount' | 'receipts'>,
): AttachableReceipt[] {
  const target = abs(transaction.amount)
  const matches = (receipt: ReceiptDto) => receipt.taxIncluded !== null && equals(receipt.taxIncluded, target)
  const seen = new Set(transaction.receipts.map((receipt) => receipt.id))
  const ordered: AttachableReceipt[] = []
  const take = (receipt: ReceiptDto, same: boolean) => {
    if (seen.has(receipt.id)) return
    seen.add(receipt.id)
    ordered.push({ ...receipt, sameAmount: same })
  }
  for (const receipt of [...sameAmount.filter(matches), ...recent.filter(matches)]) take(receipt, true)
  for (const receipt of recent) take(receipt, false)
  return ordered
}

const receiptList = async (fields: Record<string, string>) =>
  (await get<ListResponse<ReceiptDto>>(`/receipts?${new URLSearchParams(fields)}`)).data

/**
 * Whether the organisation has imported any receipt at all (GET /receipts, one row): an empty list to attach from
 * then says 'Tu n’as importé aucun reçu' rather than that none is left to associate. Idle unless `enabled`.
 */
export function useAnyReceiptImported(enabled: boolean) {
  return useQuery({
    queryKey: [...receiptsKey, 'any'],
    queryFn: async () => (await get<ListResponse<ReceiptDto>>('/receipts?pageSize=1')).meta.total > 0,
    enabled,
  })
}

/**
 * GET /receipts: without a search, the receipts to associate (validated, attached to nothing); with one, every receipt
 * it finds (one still to process, or already justifying another transaction, can be attached too). Idle unless
 * `enabled`.
 */
export function useAttachableReceipts(transaction: TransactionDto, search: string, enabled: boolean) {
  const target = abs(transaction.amount)
  return useQuery({
    queryKey: [...receiptsKey, 'attachable', transaction.id, target, search],
    queryFn: async () => {
      const base: Record<string, string> = search
        ? { 'filter[search]': search, pageSize: String(PAGE_SIZE) }
        : { 'filter[toAssociate]': 'true', pageSize: String(PAGE_SIZE) }
      const [same, recent] = await Promise.all([
        receiptList({ ...base, 'filter[amountMin]': target, 'filter[amountMax]': target }),
        receiptList(base),
      ])
      return { same, recent }
    },
    select: ({ same, recent }) => attachableReceipts(same, recent, transaction),
    enabled,
    placeholderData: keepPreviousData,
  })
}

/** After a change: the transaction, its lists, the balances and every receipt query are read again. */
const refreshAll = (client: QueryClient) =>
  Promise.all([refreshAfterChange(client), client.invalidateQueries({ queryKey: receiptsKey })]).then(() => {})

/** The transaction as the drawer shows it at once, before the refreshed one comes. */
function patchTransaction(client: QueryClient, id: number, change: (current: TransactionDto) => TransactionDto) {
  client.setQueryData<TransactionDto>(transactionKey(id), (current) => (current ? change(current) : current))
}

/** POST /transactions/{id}/receipts: the receipts ticked; the server clears the no-receipt flag. */
export function useAttachReceipts(transactionId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (receiptIds: number[]) =>
      (
        await post<{ data: TransactionReceiptDto[] }>(`/transactions/${transactionId}/receipts`, {
          receipts: receiptIds,
        })
      ).data,
    onSuccess: (receipts) =>
      patchTransaction(client, transactionId, (current) => ({ ...current, receipts, hasNoReceipt: false })),
    onSettled: () => refreshAll(client),
  })
}

/** DELETE /transactions/{id}/receipts/{receiptId}: the no-receipt flag stays as it was. */
export function useDetachReceipt(transactionId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (receiptId: number) => del(`/transactions/${transactionId}/receipts/${receiptId}`),
    onSuccess: (_, receiptId) =>
      patchTransaction(client, transactionId, (current) => ({
        ...current,
        receipts: current.receipts.filter((receipt) => receipt.id !== receiptId),
      })),
    onSettled: () => refreshAll(client),
  })
}

/** The file of a receipt, as the API serves it (an attachment with the extension of its type). */
export const receiptDownloadUrl = (receiptId: number) => `/api/v1/receipts/${receiptId}/download`

/** What the browser makes of the files dropped for a transaction (spec/money.md §5 "Files"). */
export type UploadCheck =
  | { tooMany: true }
  | { tooMany: false; accepted: File[]; refused: { file: File; reason: string }[] }

/** More than 10 files are refused whole; else each file is checked (format by type or name, size), 1-based. */
export function checkReceiptFiles(files: readonly File[]): UploadCheck {
  if (files.length > RECEIPT_MAX_FILES_FOR_TRANSACTION) return { tooMany: true }
  const accepted: File[] = []
  const refused: { file: File; reason: string }[] = []
  files.forEach((file, index) => {
    const reason = receiptFileError(file, index + 1)
    if (reason) refused.push({ file, reason })
    else accepted.push(file)
  })
  return { tooMany: false, accepted, refused }
}

/**
 * POST /receipts (multipart): the files as `document` parts with `transactionId` and `origin`=transaction; the
 * receipts come back already attached (and the no-receipt flag cleared).
 */
export function useUploadReceipts(transactionId: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (files: File[]) => {
      const form = new FormData()
      form.append('transactionId', String(transactionId))
      form.append('origin', 'transaction')
      for (const file of files) form.append('document', file, file.name)
      return (await upload<{ data: ReceiptDto[] }>('/receipts', form)).data
    },
    onSuccess: (created) =>
      patchTransaction(client, transactionId, (current) => ({
        ...current,
        hasNoReceipt: false,
        receipts: [
          ...current.receipts,
          ...created
            .filter((receipt) => !current.receipts.some((known) => known.id === receipt.id))
            .map(({ id, name, extension, stateId, taxIncluded }) => ({ id, name, extension, stateId, taxIncluded })),
        ],
      })),
    onSettled: () => refreshAll(client),
  })
}
