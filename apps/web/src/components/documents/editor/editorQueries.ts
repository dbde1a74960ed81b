import type {
  ContactDto,
  InvoiceDto,
  ItemDto,
  ItemResponse,
  ListResponse,
  QuoteDto,
  SalesSettingsDto,
} from '@app/domain'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { get, patch, post } from '../../../lib/api'
import { REFERENCE_STALE_TIME, useReferenceList } from '../../ReferenceSelect'

export type DocumentKind = 'invoice' | 'quote'
export type EditorDocument = InvoiceDto | QuoteDto

const collection = (kind: DocumentKind) => (kind === 'invoice' ? 'invoices' : 'quotes')

/** The cache key of one document: under the list's prefix, so that refreshing the lists refreshes it too. */
export const documentKey = (kind: DocumentKind, id: number | null) => [collection(kind), 'detail', id] as const

export const fetchDocument = async (kind: DocumentKind, id: number) =>
  (await get<ItemResponse<EditorDocument>>(`/${collection(kind)}/${id}`)).data

/** One invoice or quote, as the editor shows it. */
export function useEditorDocument(kind: DocumentKind, id: number | null) {
  return useQuery({
    queryKey: documentKey(kind, id),
    queryFn: () => fetchDocument(kind, id as number),
    enabled: id !== null,
  })
}

/** POST for a new document, PATCH (full body) for a draft; answers the saved document. */
export async function saveDocument(kind: DocumentKind, id: number | null, body: unknown) {
  const path = `/${collection(kind)}`
  const saved =
    id === null
      ? await post<ItemResponse<EditorDocument>>(path, body)
      : await patch<ItemResponse<EditorDocument>>(`${path}/${id}`, body)
  return saved.data
}

/** After a save: the document is in the cache under its id, and every invoice or quote list refreshes. */
export function useAfterSave() {
  const client = useQueryClient()
  return (kind: DocumentKind, document: EditorDocument) => {
    client.setQueryData(documentKey(kind, document.id), document)
    client.invalidateQueries({ queryKey: [collection(kind)], predicate: (query) => query.queryKey[1] !== 'detail' })
  }
}

/** The organisation's sales settings (defaults of new documents, options shown). */
export function useSalesSettings() {
  return useQuery({
    queryKey: ['settings'],
    queryFn: async () => (await get<ItemResponse<SalesSettingsDto>>('/settings')).data,
    staleTime: 60_000,
  })
}

/** Every customer, with addresses (spec/sales.md §9: contacts page size 1000). */
export function useCustomers() {
  return useQuery({
    queryKey: ['contacts', 'list', 'customer', 'all'],
    queryFn: async () =>
      (await get<ListResponse<ContactDto>>('/contacts?filter[relation]=customer&pageSize=1000')).data,
    staleTime: 30_000,
  })
}

/** The whole catalogue, for the item picker (page size 999). */
export function useCatalogItems() {
  return useQuery({
    queryKey: ['items', 'list', 'all'],
    queryFn: async () => (await get<ListResponse<ItemDto>>('/items?pageSize=999')).data,
    staleTime: 30_000,
  })
}

export type CollectedTaxDto = { id: number; code: string; name: string; amount: string }

export const TAXES_PATH = '/taxes?filter[collected]=true'
export const UNITS_PATH = '/units'

/** Collected VAT rates (reference data, cached 8 h and shared with the catalogue). */
export const useCollectedTaxes = () => useReferenceList<CollectedTaxDto>(TAXES_PATH)

export { REFERENCE_STALE_TIME }
