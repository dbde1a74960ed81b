import {
  contactSearchType,
  formatDateFr,
  formatEuro,
  ITEM_TYPE_IDS,
  messages,
  rankSearchResults,
  SEARCH_PER_TYPE,
  type SearchRank,
  type SearchResult,
  searchAmount,
  searchKey,
  searchResultUrl,
  searchSubtitle,
  toCents,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import type { Tenant } from '../../../lib/tenant'
import {
  type ContactHit,
  createSearchRepo,
  type DocumentHit,
  type ItemHit,
  type ReceiptHit,
  type SearchTerms,
  type TransactionHit,
} from './repo'

const k = messages.search.kinds

type RankedResult = SearchResult & { rank: SearchRank }

const dateOf = (date: string | null) => (date ? formatDateFr(date) : null)
const euros = (amount: string | null, suffix = '') => (amount === null ? null : `${formatEuro(amount)}${suffix}`)

function documentResult(type: 'invoices' | 'quotes', hit: DocumentHit): RankedResult {
  const kind = type === 'quotes' ? k.quote : hit.isCreditNote ? k.creditNote : hit.isDeposit ? k.deposit : k.invoice
  return {
    type,
    id: hit.id,
    rank: hit.rank,
    title: hit.name,
    subtitle: searchSubtitle([
      hit.reference ? `${kind} ${hit.reference}` : `${kind} ${k.draft}`,
      hit.customer,
      dateOf(hit.datedAt),
      euros(hit.amount, ' TTC'),
      // A draft says so already, beside its kind.
      hit.stateCode === 'DRAFT' ? null : hit.stateName,
    ]),
    searchable: hit.reference ?? hit.name,
    url: searchResultUrl({ type, id: hit.id }),
    amount: hit.amount,
    datedAt: hit.datedAt,
  }
}

function contactResult(hit: ContactHit): RankedResult {
  const type = contactSearchType(hit)
  const relation = type === 'contacts' ? k.customerAndSupplier : type === 'suppliers' ? k.supplier : k.customer
  const target = type === 'suppliers' ? { type, id: hit.id, searchable: hit.name } : { type, id: hit.id }
  return {
    type,
    id: hit.id,
    rank: hit.rank,
    title: hit.name,
    subtitle: searchSubtitle([relation, hit.email]),
    searchable: hit.name,
    url: searchResultUrl(target),
    amount: null,
    datedAt: null,
  }
}

function itemResult(hit: ItemHit): RankedResult {
  // An item's list search matches its reference; an item without one is found by its name.
  const searchable = hit.reference || hit.name
  return {
    type: 'items',
    id: hit.id,
    rank: hit.rank,
    title: hit.name,
    subtitle: searchSubtitle([
      hit.itemTypeId === ITEM_TYPE_IDS.PRO ? k.product : k.service,
      hit.reference,
      euros(hit.amount, ` ${hit.priceRule}`),
    ]),
    searchable,
    url: searchResultUrl({ type: 'items', id: hit.id, searchable }),
    amount: hit.amount,
    datedAt: null,
  }
}

function receiptResult(hit: ReceiptHit): RankedResult {
  return {
    type: 'receipts',
    id: hit.id,
    rank: hit.rank,
    title: hit.name,
    subtitle: searchSubtitle([
      hit.reference ? `${k.receipt} ${hit.reference}` : k.receipt,
      hit.supplier,
      dateOf(hit.datedAt),
      euros(hit.amount, ' TTC'),
    ]),
    searchable: hit.reference ?? hit.name,
    url: searchResultUrl({ type: 'receipts', id: hit.id }),
    amount: hit.amount,
    datedAt: hit.datedAt,
  }
}

function transactionResult(hit: TransactionHit): RankedResult {
  return {
    type: 'transactions',
    id: hit.id,
    rank: hit.rank,
    title: hit.name,
    subtitle: searchSubtitle([hit.journalName, dateOf(hit.datedAt), euros(hit.amount)]),
    searchable: hit.name,
    url: searchResultUrl({ type: 'transactions', id: hit.id, journalType: hit.journalType }),
    amount: toCents(hit.amount),
    datedAt: hit.datedAt,
  }
}

/**
 * The global search (spec/account.md §2 "Search"): quotes, invoices and credit notes, customers and suppliers,
 * catalogue items, receipts and transactions of the caller's organisation, by name, reference or amount (documents
 * by their customer's name too), accents and case aside; the best matches first, a few of each type.
 */
export function createSearchService(deps: { db: DbOrTx }) {
  const repo = createSearchRepo(deps.db)
  return {
    async search(tenant: Tenant, body: { query: string }): Promise<SearchResult[]> {
      const terms: SearchTerms = {
        organizationId: tenant.organizationId,
        text: body.query,
        key: searchKey(body.query),
        amount: searchAmount(body.query),
        limit: SEARCH_PER_TYPE,
      }
      // One after the other: PGlite runs one query at a time anyway, and a pool stays free for other requests.
      const invoices = await repo.invoices(terms)
      const quotes = await repo.quotes(terms)
      const contacts = await repo.contacts(terms)
      const items = await repo.items(terms)
      const transactions = await repo.transactions(terms)
      const receipts = await repo.receipts(terms)
      const ranked = rankSearchResults([
        ...invoices.map((hit) => documentResult('invoices', hit)),
        ...quotes.map((hit) => documentResult('quotes', hit)),
        ...contacts.map(contactResult),
        ...items.map(itemResult),
        ...transactions.map(transactionResult),
        ...receipts.map(receiptResult),
      ])
      return ranked.map(({ rank: _rank, ...result }) => result)
    },
  }
}

export type SearchService = ReturnType<typeof createSearchService>
