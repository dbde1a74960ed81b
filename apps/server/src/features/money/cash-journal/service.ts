import {
  type CashClosing,
  type CashClosingListQuery,
  type CashJournalListQuery,
  type CashJournalVerification,
  cashJournalMessages,
  type RateTotal,
} from '@app/domain'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import type { Tenant } from '../../../lib/tenant'
import { createCashArchives } from './archive'
import { concernOf, presentEntry, type StoredEntry } from './chain'
import { closingsFilter, entriesFilter, entriesPage } from './repo'
import { checkChain } from './verify'

const m = cashJournalMessages

function presentClosing(entry: StoredEntry): CashClosing {
  const data = entry.data as {
    period: CashClosing['period']
    from: string
    to: string
    entries: number
    rates: RateTotal[]
    total: CashClosing['total']
    cashMovements: string
    perpetualTotal: string
  }
  return {
    sequence: entry.sequence,
    period: data.period,
    from: data.from,
    to: data.to,
    recordedAt: entry.recordedAt,
    entries: data.entries,
    rates: data.rates,
    total: data.total,
    cashMovements: data.cashMovements,
    perpetualTotal: data.perpetualTotal,
    signature: entry.signature,
  }
}

/** The unalterable cash journal as the page reads it (decision 0038): its check, its entries, its closings, archives. */
export function createCashJournalService(deps: { db: Db; clock: Clock }) {
  const archives = createCashArchives(deps)

  async function page(organizationId: number, query: { page: number; pageSize: number }, filter?: SQL) {
    const { rows, total } = await entriesPage(deps.db, organizationId, query, filter)
    return { rows, meta: { total, page: query.page, pageSize: query.pageSize } }
  }

  return {
    async verify(tenant: Tenant): Promise<CashJournalVerification> {
      const [concern, chain] = await Promise.all([
        concernOf(deps.db, tenant.organizationId),
        checkChain(deps.db, tenant.organizationId),
      ])
      const notConcernedReason = concern.concerned ? null : concern.reason
      const intact = chain.brokenLink === null
      return {
        concerned: concern.concerned,
        notConcernedReason,
        // A chain written before the organisation left the scope is still checked and shown.
        message:
          notConcernedReason && chain.entries === 0 ? m.notConcerned[notConcernedReason] : intact ? m.intact : m.broken,
        intact,
        entries: chain.entries,
        lastSequence: chain.lastSequence,
        lastSignature: chain.lastSignature,
        brokenLink: chain.brokenLink,
      }
    },

    async entries(tenant: Tenant, query: CashJournalListQuery) {
      const kind = query['filter[kind]']
      const { rows, meta } = await page(tenant.organizationId, query, entriesFilter(kind, query.search))
      return { data: rows.map(presentEntry), meta }
    },

    async closings(tenant: Tenant, query: CashClosingListQuery) {
      const period = query['filter[period]']
      const { rows, meta } = await page(tenant.organizationId, query, closingsFilter(period, query.search))
      return { data: rows.map(presentClosing), meta }
    },

    archive: (tenant: Tenant, year: number) => archives.make(tenant.organizationId, year),
  }
}

export type CashJournalService = ReturnType<typeof createCashJournalService>
