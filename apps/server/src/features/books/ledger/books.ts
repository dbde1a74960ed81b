import type { DbOrTx } from '../../../db/client'
import { markBooksPosted } from './books-repo'
import { FROM_FIRST_YEAR } from './openings'
import { postOpenings, postSources, type Written } from './posting'
import { createLedgerReachRepo } from './reach-repo'
import { createLedgerRepo, type LedgerSource, type LedgerSourceKind } from './repo'

/**
 * What a write changed among the documents the books are made of, said by the service that wrote it: the invoices
 * (validated, paid, credited…), the bank, cash and expense lines (their split, their invoices and receipts), the
 * receipts, the payments recorded by hand, the suppliers renamed, and the accounts' starting values (the openings).
 */
export type BooksEvent = {
  organizationId: number
  invoices?: readonly number[]
  transactions?: readonly number[]
  receipts?: readonly number[]
  payments?: readonly number[]
  suppliers?: readonly number[]
  openings?: boolean
}

export type Books = {
  /**
   * Posts, in the caller's database transaction, the entries of what it changed and of what that reaches (a line's
   * receipts, the other transfers paying the same invoices…: reach-repo.ts), once its writes are done (decision
   * 0045). A transaction that changes the books' documents and does not post cannot commit (migration 0041). Without
   * an event, what the start-up backfill released in this transaction (src/backfill.ts).
   */
  post(tx: DbOrTx, event?: BooksEvent): Promise<void>
  /**
   * What an event reaches as the documents stand now, named source by source: read before a deletion, whose links
   * go with the row, and posted after it (`books.post(tx, await books.reach(tx, event))`).
   */
  reach(tx: DbOrTx, event: BooksEvent): Promise<BooksEvent>
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
  const postOneByOne = async (
    tx: DbOrTx,
    organizationId: number,
    sources: readonly LedgerSource[],
    written: Written,
  ) => {
    const repo = createLedgerRepo(tx)
    let openingsFrom: string | null = null
    for (const source of sources) {
      try {
        const from = await tx.transaction((savepoint) => postSources(savepoint, organizationId, [source], {}, written))
        if (from !== null && (openingsFrom === null || from < openingsFrom)) openingsFrom = from
      } catch (error) {
        onError(error, `${source.kind} ${source.id} of organisation ${organizationId} not posted`)
        await repo.setAside(organizationId, source)
      }
    }
    return openingsFrom
  }

  const reach = async (tx: DbOrTx, event: BooksEvent): Promise<BooksEvent> => {
    const repo = createLedgerReachRepo(tx)
    const { organizationId } = event
    const receipts = new Set([
      ...(event.receipts ?? []),
      ...(await repo.receiptsOfSuppliers(organizationId, event.suppliers ?? [])),
    ])
    const transactions = new Set(event.transactions ?? [])
    for (const id of await repo.receiptsOfLines(organizationId, [...transactions])) receipts.add(id)
    for (const id of await repo.linesOfReceipts(organizationId, [...receipts])) transactions.add(id)
    const invoices = new Set([
      ...(event.invoices ?? []),
      ...(await repo.invoicesOfLines(organizationId, [...transactions])),
      ...(await repo.invoicesOfPayments(organizationId, event.payments ?? [])),
    ])
    const instalments = await repo.instalments(organizationId, [...invoices])
    for (const id of instalments.invoices) invoices.add(id)
    for (const id of instalments.transactions) transactions.add(id)
    return {
      organizationId,
      invoices: [...invoices],
      transactions: [...transactions],
      receipts: [...receipts],
      payments: [...new Set([...(event.payments ?? []), ...instalments.payments])],
      ...(event.openings ? { openings: true } : {}),
    }
  }

  return {
    reach,

    async post(tx, event) {
      // A service's posting reads its own organisation's documents only: the start-up backfill's released rows are
      // taken by its own post, without an event, not scanned by every request of every organisation.
      const { byOrganization, add } = byOrganizationOf(event ? [] : await createLedgerRepo(tx).takePending())
      if (event) {
        const reached = await reach(tx, event)
        const { organizationId } = reached
        for (const id of reached.invoices ?? []) add(organizationId, 'invoice', id)
        for (const id of reached.transactions ?? []) add(organizationId, 'transaction', id)
        for (const id of reached.receipts ?? []) add(organizationId, 'receipt', id)
        for (const id of reached.payments ?? []) add(organizationId, 'payment', id)
        if (reached.openings) add(organizationId, 'opening', FROM_FIRST_YEAR)
      }
      // An organisation's sources post as a set under one savepoint (an import's thousand lines in a few statements);
      // when the set fails, they post one by one so that only the one the posting cannot book is set aside. The
      // openings (journal AN) the sources moved are redone last, once, from the earliest fiscal year they touched, with
      // the entries written (those of a savepoint rolled back are gone, and read as nothing).
      for (const [organizationId, bySource] of byOrganization) {
        const sources = [...bySource.values()]
        const written: Written = []
        let from: string | null
        try {
          from = await tx.transaction((savepoint) => postSources(savepoint, organizationId, sources, {}, written))
        } catch {
          from = await postOneByOne(tx, organizationId, sources, written)
        }
        if (from === null) continue
        try {
          await tx.transaction((savepoint) => postOpenings(savepoint, organizationId, from, {}, written))
        } catch (error) {
          onError(error, `the openings of organisation ${organizationId} not posted`)
          await createLedgerRepo(tx).setAside(organizationId, { kind: 'opening', id: FROM_FIRST_YEAR })
        }
      }
      // Read by the check at commit (migration 0041): this transaction posted.
      await markBooksPosted(tx)
    },
  }
}
