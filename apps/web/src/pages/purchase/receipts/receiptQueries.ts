import {
  type ContactDto,
  type ItemResponse,
  type ListResponse,
  type ReceiptDto,
  type ReceiptUpdateBody,
  receiptExtension,
} from '@app/domain'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { saveBlob } from '../../../components/pdf/download'
import { receiptsKey } from '../../../components/receipts/receiptsKey'
import { del, get, patch } from '../../../lib/api'
import { type ReceiptParams, receiptsQuery } from './receiptParams'

/** How often a receipt still being read is asked for again. */
export const READING_POLL_MS = 2000

/** The spec's page size for the receipts to validate (spec/money.md §9 "pending receipts 100"). */
export const PENDING_PAGE_SIZE = 100

export function useReceiptList(params: ReceiptParams & { pageSize: number }) {
  const query = receiptsQuery(params)
  return useQuery({
    queryKey: [...receiptsKey, 'list', query.toString()],
    queryFn: () => get<ListResponse<ReceiptDto>>(`/receipts?${query}`),
    placeholderData: keepPreviousData,
    // Photos still being read (OCR) fill in a few seconds after the upload: asked again until they have.
    refetchInterval: (current) =>
      current.state.data?.data.some((receipt) => receipt.reading) ? READING_POLL_MS : false,
  })
}

export function useReceipt(id: number | null) {
  return useQuery({
    queryKey: [...receiptsKey, 'detail', id],
    queryFn: async () => (await get<ItemResponse<ReceiptDto>>(`/receipts/${id}`)).data,
    enabled: id !== null,
    refetchInterval: (current) => (current.state.data?.reading ? READING_POLL_MS : false),
  })
}

export function useDeleteReceipt() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (receipt: ReceiptDto) => del(`/receipts/${receipt.id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: receiptsKey }),
  })
}

export function useUpdateReceipt(id: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: async (body: ReceiptUpdateBody) =>
      (await patch<ItemResponse<ReceiptDto>>(`/receipts/${id}`, body)).data,
    // The editor moves on to the next receipt at once: the saved one is read again on its next visit only.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: [...receiptsKey, 'detail', id], refetchType: 'none' }),
        client.invalidateQueries({ queryKey: [...receiptsKey, 'list'] }),
      ]),
  })
}

/** The next receipt to process after `currentId` (spec/money.md §2 "Receipt editor"): the first other one pending. */
export async function fetchNextToValidate(currentId: number): Promise<ReceiptDto | null> {
  const query = new URLSearchParams({ 'filter[toValidate]': 'true', pageSize: String(PENDING_PAGE_SIZE) })
  const pending = (await get<ListResponse<ReceiptDto>>(`/receipts?${query}`)).data
  return pending.find((receipt) => receipt.id !== currentId) ?? null
}

/** The suppliers, for the editor's supplier picker (contacts page size 1000, as the sales editor's customers). */
export function useSuppliers() {
  return useQuery({
    queryKey: ['contacts', 'list', 'supplier', 'all'],
    queryFn: async () =>
      (await get<ListResponse<ContactDto>>('/contacts?filter[relation]=supplier&pageSize=1000')).data,
    staleTime: 30_000,
  })
}

/** The file of a receipt, as the API serves it (the preview reads it too). */
export const receiptFileUrl = (receipt: Pick<ReceiptDto, 'id'>) => `/api/v1/receipts/${receipt.id}/download`

const KNOWN_EXTENSION = /\.(png|jpe?g|pdf)$/i

/** The name a download is saved under: the receipt's name with the extension its type calls for (spec/money.md §5). */
export function downloadName(receipt: Pick<ReceiptDto, 'name' | 'mimeType' | 'extension'>) {
  const base = receipt.name.replace(KNOWN_EXTENSION, '') || 'justificatif'
  return `${base}.${receiptExtension(receipt.mimeType, receipt.extension)}`
}

/** Downloads the receipt's file as a blob, then saves it under downloadName. Rejects when it cannot be had. */
export async function downloadReceipt(receipt: ReceiptDto) {
  const response = await fetch(receiptFileUrl(receipt), { credentials: 'same-origin' })
  if (!response.ok) throw new Error(`download ${response.status}`)
  saveBlob(await response.blob(), downloadName(receipt))
}
