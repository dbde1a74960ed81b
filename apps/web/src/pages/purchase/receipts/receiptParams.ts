import { isIsoDate, messages } from '@app/domain'
import { z } from 'zod'
import { amountBound, amountText } from '../../../components/transactions/transactionParams'
import { listParamsSchema } from '../../../lib/listParams'

export const RECEIPTS_PATH = '/app/purchase/receipts'
export const receiptEditorPath = (id: number) => `${RECEIPTS_PATH}/${id}`

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)

/** The tabs (spec/money.md §2): Tous, À associer (validated, attached to nothing), À traiter (not validated yet). */
export const RECEIPT_TABS = ['all', 'to-associate', 'to-process'] as const
export type ReceiptTab = (typeof RECEIPT_TABS)[number]

/**
 * The receipts list's URL: the shared list parameters, the tab as `state` (absent for Tous), the filter drawer's
 * dates and amount bounds, and `upload` (the quick-create menu's link, which points at the drop zone). Every field
 * falls back on a bad value, so a stale link still opens the list.
 */
export const receiptParamsSchema = listParamsSchema.extend({
  state: optional(z.enum(['to-associate', 'to-process'])),
  datedAfter: optional(z.string().refine(isIsoDate)),
  datedBefore: optional(z.string().refine(isIsoDate)),
  amountMin: optional(amountText),
  amountMax: optional(amountText),
  upload: optional(z.literal('true')),
})

export type ReceiptParams = z.output<typeof receiptParamsSchema>

export const tabOf = (params: Pick<ReceiptParams, 'state'>): ReceiptTab => params.state ?? 'all'

/** The tabs' labels, in the spec's order. */
export const tabLabels: Record<ReceiptTab, string> = {
  all: messages.receipts.tabAll,
  'to-associate': messages.receipts.tabToAssociate,
  'to-process': messages.receipts.tabToProcess,
}

/** Tous: 'Tu n’as importé aucun justificatif' (spec/money.md §8); the others 'Aucun justificatif {the tab's name}'. */
export const emptyText = (tab: ReceiptTab) =>
  tab === 'all'
    ? messages.receipts.noneImported
    : messages.receipts.empty(tab === 'to-associate' ? 'à associer' : 'à traiter')

/** The filter drawer's fields as its inputs hold them (amounts as typed, "12,5"). */
export type ReceiptFilterForm = { datedAfter: string; datedBefore: string; amountMin: string; amountMax: string }

const frenchAmount = (value: string | undefined) => (value ?? '').replace('.', ',')

export const formOf = (params: ReceiptParams): ReceiptFilterForm => ({
  datedAfter: params.datedAfter ?? '',
  datedBefore: params.datedBefore ?? '',
  amountMin: frenchAmount(params.amountMin),
  amountMax: frenchAmount(params.amountMax),
})

/** What "Appliquer" writes into the URL: empty fields are dropped, 0 is a real amount bound; the tab is kept. */
export const filterPatch = (form: ReceiptFilterForm): Partial<ReceiptParams> => ({
  datedAfter: form.datedAfter.trim() || undefined,
  datedBefore: form.datedBefore.trim() || undefined,
  amountMin: amountBound(form.amountMin),
  amountMax: amountBound(form.amountMax),
})

/** The drawer's fields present in the URL: what the "Filtres" button counts. */
export const drawerFilterCount = (params: ReceiptParams) =>
  [params.datedAfter, params.datedBefore, params.amountMin, params.amountMax].filter((value) => value !== undefined)
    .length

/** GET /receipts' query for the URL's parameters (the contract's filter[...] names). */
export function receiptsQuery(params: ReceiptParams & { pageSize: number }): URLSearchParams {
  const query = new URLSearchParams({ page: String(params.page), pageSize: String(params.pageSize) })
  const put = (key: string, value: string | undefined) => value !== undefined && value !== '' && query.set(key, value)
  if (params.state === 'to-associate') query.set('filter[toAssociate]', 'true')
  if (params.state === 'to-process') query.set('filter[toValidate]', 'true')
  put('filter[search]', params.search)
  put('filter[datedAfter]', params.datedAfter)
  put('filter[datedBefore]', params.datedBefore)
  put('filter[amountMin]', params.amountMin)
  put('filter[amountMax]', params.amountMax)
  return query
}
