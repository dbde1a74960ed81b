import type { DbOrTx } from '../../db/client'
import { FROM_FIRST_YEAR } from './openings'
import { postOpenings, postSources } from './posting'
import { createLedgerRepo, type LedgerSource, type LedgerSourceKind } from './repo'

/**
 * What a write changed among the documents the books are made of, said by the service that wrote it: the invoices
 * (validated, paid, credited…), the bank, cash and expense lines (their split, their invoices and receipts), the
 * receipts, the payments recorded by hand, and the starting values of the accounts (the openings).
 */
export type BooksEvent = {
  organizationId: number
  invoices?: readonly number[]
  transactions?: readonly number[]
  receipts?: readonly number[]
  payments?: readonly number[]
  openings?: boolean
}

export type Books = {
  /**
   * Posts, in the caller's database transaction, the entries of what it changed (decision 0045): the event's sources,
   * and those the write reached through the documents it touched (a line's receipts, the later transfers paying the
   * same invoices…, listed by the ledger's own marks). Call it once the transaction's writes are done; a transaction
   * that changed the books' documents and did not post cannot commit (migration 0041).
   */
  post(tx: DbOrTx, event?: BooksEvent): Promise<void>
}

type Deps = {
  /** A source the posting could not book (a bug, never the user's input): set aside, the user's action succeeds. */
  onError?: (error: unknown, what: string) => void
}

const byOrganizationOf = (pending: readonly { organizationId: number; sourceKind: string; sourceId: number }[]) => {
  const byOrganization = new Map<number, Map<string, LedgerSource>>()
  const add = (organizationId: number, kind: LedgerSourceKind, id: number) => {
    const sources = byOrganization.get(organizationId) ?? new Map<string, LedgerSource>()
    sources.set(`${kind}:${id}`, { kind, id })
    byOrganization.set(organizationId, sources)
  }
  for (const row of pending) add(row.organizationId, row.sourceKind as LedgerSourceKind, row.sourceId)
  return { byOrganization, add }
}

export function createBooks(deps: Deps = {}): Books {
  const onError = deps.onError ?? ((error, what) => console.error(`Ledger: ${what}`, error))

  /** The sources of a set that failed, each under its own savepoint: the one that cannot be booked is set aside. */
  const postOneByOne = async (tx: DbOrTx, organizationId: number, sources: readonly LedgerSource[]) => {
    const repo = createLedgerRepo(tx)
    let openingsFrom: string | null = null
    for (const source of sources) {
      try {
        const from = await tx.transaction((savepoint) => postSources(savepoint, organizationId, [source]))
        if (from !== null && (openingsFrom === null || from < openingsFrom)) openingsFrom = from
      } catch (error) {
        onError(error, `${source.kind} ${source.id} of organisation ${organizationId} not posted`)
        await repo.setAside(organizationId, source)
      }
    }
    return openingsFrom
  }

  return {
    async post(tx, event) {
      const repo = createLedgerRepo(tx)
      const { byOrganization, add } = byOrganizationOf(await repo.takePending())
      if (event) {
        const { organizationId } = event
        for (const id of event.invoices ?? []) add(organizationId, 'invoice', id)
        for (const id of event.transactions ?? []) add(organizationId, 'transaction', id)
        for (const id of event.receipts ?? []) add(organizationId, 'receipt', id)
        for (const id of event.payments ?? []) add(organizationId, 'payment', id)
        if (event.openings) add(organizationId, 'opening', FROM_FIRST_YEAR)
      }
      // An organisation's sources post as a set under one savepoint (an import's thousand lines in a few statements);
      // when the set fails, they post one by one so that only the one the posting cannot book is set aside. The
      // openings (journal AN) the sources moved are redone last, once, from the earliest fiscal year they touched.
      for (const [organizationId, bySource] of byOrganization) {
        const sources = [...bySource.values()]
        let from: string | null
        try {
          from = await tx.transaction((savepoint) => postSources(savepoint, organizationId, sources))
        } catch {
          from = await postOneByOne(tx, organizationId, sources)
        }
        if (from === null) continue
        try {
          await tx.transaction((savepoint) => postOpenings(savepoint, organizationId, from))
        } catch (error) {
          onError(error, `the openings of organisation ${organizationId} not posted`)
          await repo.setAside(organizationId, { kind: 'opening', id: FROM_FIRST_YEAR })
        }
      }
    },
  }
}
