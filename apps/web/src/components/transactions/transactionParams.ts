import { isIsoDate, parseMoneyInput, toCents } from '@app/domain'
import { z } from 'zod'
import { listParamsSchema } from '../../lib/listParams'

const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)
const idText = z.string().regex(/^[1-9]\d{0,9}$/)
const flag = z.enum(['true', 'false'])
/** An amount bound as people type it ("1 234,5"), to the cent as the API takes it ("1234.5"); undefined if none. */
export function amountBound(text: string): string | undefined {
  const parsed = text.trim() === '' ? null : parseMoneyInput(text)
  return parsed === null ? undefined : (parseMoneyInput(toCents(parsed)) ?? undefined)
}

/** An amount bound in the URL ("0", "-12.5"): 0 is a real bound, unlike the other fields' "0". */
export const amountText = z
  .string()
  .max(20)
  .transform((value, ctx) => {
    const bound = amountBound(value)
    if (bound === undefined) ctx.addIssue({ code: 'custom', message: 'amount' })
    return bound ?? ''
  })

/**
 * The bank list's URL (spec/money.md §2): the shared list parameters, the filter drawer's fields under the spec's
 * names (the search box's `search` is the drawer's full search), the tabs' flags and the bypass value the
 * no-bank screens link with. Every field falls back on a bad value, so a stale link still opens the list.
 */
export const transactionParamsSchema = listParamsSchema.extend({
  datedAfter: optional(z.string().refine(isIsoDate)),
  datedBefore: optional(z.string().refine(isIsoDate)),
  amountMin: optional(amountText),
  amountMax: optional(amountText),
  journalId: optional(idText),
  accountingEntry: optional(idText),
  whereType: optional(z.enum(['credit', 'debit'])),
  withReceipt: optional(flag),
  withComment: optional(flag),
  /** Absent: the current fiscal year (the spec's default, false); 'all' is the one way to see every year. */
  isArchived: optional(z.enum(['true', 'all'])),
  /**
   * The "À catégoriser" tab. The dashboards link to it with `uncategorized=false&page=1` (spec/money.md §2 lists that
   * link as "transactions still to categorise"), so any value opens the tab.
   */
  uncategorized: optional(z.string().max(10)),
  toJustify: optional(z.literal('true')),
  bypass: optional(z.string().max(10)),
})

export type TransactionParams = z.output<typeof transactionParamsSchema>

export type TransactionTab = 'all' | 'to-categorize' | 'to-justify' | 'archived'

/** The tab the URL shows: Archivées wins, then À justifier, then À catégoriser. */
export function tabOf(params: Pick<TransactionParams, 'isArchived' | 'toJustify' | 'uncategorized'>): TransactionTab {
  if (params.isArchived === 'true') return 'archived'
  if (params.toJustify) return 'to-justify'
  if (params.uncategorized !== undefined) return 'to-categorize'
  return 'all'
}

/** What a tab writes into the URL; 'all' as the archived status survives every tab but Archivées. */
export function tabPatch(
  tab: TransactionTab,
  current: Pick<TransactionParams, 'isArchived'>,
): Pick<TransactionParams, 'isArchived' | 'toJustify' | 'uncategorized'> {
  const keepStatus = current.isArchived === 'all' ? 'all' : undefined
  return {
    uncategorized: tab === 'to-categorize' ? 'true' : undefined,
    toJustify: tab === 'to-justify' ? 'true' : undefined,
    isArchived: tab === 'archived' ? 'true' : keepStatus,
  }
}

/** The filter drawer's fields, as its inputs hold them (strings; 'all' for "Tous"). */
export type FilterForm = {
  fullSearch: string
  datedAfter: string
  datedBefore: string
  amountMin: string
  amountMax: string
  journalId: string
  accountingEntry: string
  whereType: 'all' | 'credit' | 'debit'
  withReceipt: 'all' | 'true' | 'false'
  withComment: 'all' | 'true' | 'false'
  /** all, exercice en cours (false, the default), archivées (true). */
  isArchived: 'all' | 'false' | 'true'
}

/** "-12.5" as the drawer's inputs show it: "-12,5". */
const frenchAmount = (value: string | undefined) => (value ?? '').replace('.', ',')

/** The drawer's fields as the URL says them; the archived status defaults to the current fiscal year. */
export function formOf(params: TransactionParams): FilterForm {
  return {
    fullSearch: params.search,
    datedAfter: params.datedAfter ?? '',
    datedBefore: params.datedBefore ?? '',
    amountMin: frenchAmount(params.amountMin),
    amountMax: frenchAmount(params.amountMax),
    journalId: params.journalId ?? '',
    accountingEntry: params.accountingEntry ?? '',
    whereType: params.whereType ?? 'all',
    withReceipt: params.withReceipt ?? 'all',
    withComment: params.withComment ?? 'all',
    isArchived: params.isArchived === 'true' ? 'true' : params.isArchived === 'all' ? 'all' : 'false',
  }
}

const kept = (value: string) => {
  const trimmed = value.trim()
  return trimmed === '' || trimmed === 'all' || trimmed === '0' ? undefined : trimmed
}

/**
 * What "Appliquer" writes into the URL (spec/money.md §2): empty values, 'all' and '0' are dropped, except the
 * amount bounds, where 0 is a bound. The archived status is the exception the other way round: its default is the
 * current fiscal year (false), which is dropped, while 'all' is kept, or "Tous" could never be chosen.
 */
export function filterPatch(form: FilterForm): Partial<TransactionParams> {
  return {
    search: form.fullSearch.trim(),
    datedAfter: kept(form.datedAfter),
    datedBefore: kept(form.datedBefore),
    amountMin: amountBound(form.amountMin),
    amountMax: amountBound(form.amountMax),
    journalId: kept(form.journalId),
    accountingEntry: kept(form.accountingEntry),
    whereType: kept(form.whereType) as TransactionParams['whereType'],
    withReceipt: kept(form.withReceipt) as TransactionParams['withReceipt'],
    withComment: kept(form.withComment) as TransactionParams['withComment'],
    isArchived: form.isArchived === 'false' ? undefined : form.isArchived,
  }
}

/** Only bank transactions here: cash and expense notes have their own pages. */
export const BANK_JOURNAL_TYPE = 'BQ'

/** GET /transactions' query for the URL's parameters (the contract's filter[...] names). */
export function transactionsQuery(params: TransactionParams & { pageSize: number }): URLSearchParams {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    'filter[journalTypeCode]': BANK_JOURNAL_TYPE,
  })
  const put = (key: string, value: string | undefined) => value !== undefined && value !== '' && query.set(key, value)
  put('filter[search]', params.search)
  put('filter[datedAfter]', params.datedAfter)
  put('filter[datedBefore]', params.datedBefore)
  put('filter[amountMin]', params.amountMin)
  put('filter[amountMax]', params.amountMax)
  put('filter[journalId]', params.journalId)
  put('filter[accountingEntryId]', params.accountingEntry)
  put('filter[whereType]', params.whereType)
  put('filter[withReceipt]', params.withReceipt)
  put('filter[withComment]', params.withComment)
  put('filter[isArchived]', params.isArchived === 'all' ? undefined : (params.isArchived ?? 'false'))
  if (params.uncategorized !== undefined) query.set('filter[uncategorized]', 'true')
  put('filter[toJustify]', params.toJustify)
  return query
}
