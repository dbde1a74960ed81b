import {
  add,
  type BookDto,
  type BookKind,
  type BookMonth,
  type BookQuery,
  type BookRow,
  hasFeature,
  messages,
  purchaseAccountKind,
  reportMonths,
  toCents,
} from '@app/domain'
import type { Db } from '../../../db/client'
import { forbidden } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import { assertCanReadBooks } from '../exports/fec'
import { bookCsvFile } from './books-csv'
import { type BookEntry, createBookRepo } from './books-repo'
import { createReportRepo } from './repo'

const sumOf = (values: readonly string[]) => toCents(values.reduce((total, value) => add(total, value), '0'))

/** Expense notes: the money was advanced by an associate or the operator, not paid from a bank or the cash box. */
const EXPENSE_NOTE_JOURNAL = /^(CC|EX)\d+$/
const EXPENSE_NOTE_MODE = 'Note de frais'

/**
 * A movement on a customer's (411) or supplier's (401) account settles a piece: its category says what it does, the
 * account's name ("Clients") would say nothing to the reader of a book.
 */
const SETTLEMENTS: Record<string, Record<BookKind, string>> = {
  '411': { income: 'Encaissement facture', expenses: 'Remboursement client' },
  '401': { income: 'Remboursement fournisseur', expenses: 'Règlement fournisseur' },
}

function rowOf(kind: BookKind, entry: BookEntry): BookRow {
  // A receipt paid says what was bought (its purchase entry's account), as a categorised line would.
  const purchase =
    kind === 'expenses' && entry.categoryCode && purchaseAccountKind(entry.categoryCode) === 'supplier'
      ? entry.settledCategoryLabel
      : null
  const settlement = purchase || (entry.categoryCode ? SETTLEMENTS[entry.categoryCode]?.[kind] : undefined)
  return {
    date: entry.date,
    reference: entry.settledRefs || entry.pieceRef,
    contact: entry.contact || null,
    category: settlement ?? entry.categoryLabel ?? '',
    mode: EXPENSE_NOTE_JOURNAL.test(entry.journalCode) ? EXPENSE_NOTE_MODE : entry.journalLabel,
    amount: entry.amount,
  }
}

/** The months that hold a row, in order, each with its total. */
function monthsOf(rows: readonly BookRow[], from: string, to: string): BookMonth[] {
  return reportMonths(from, to).flatMap((month) => {
    const own = rows.filter((row) => row.date.startsWith(month.month))
    if (own.length === 0) return []
    return [{ month: month.month, label: month.label, rows: own, totalMonth: sumOf(own.map((row) => row.amount)) }]
  })
}

/**
 * The micro-entrepreneur's books on a cash basis (spec/account.md §2 "In/out books"): the livre des recettes (money
 * in) and the registre des achats (purchases paid, expense notes included: the domain's purchase accounts, so
 * neither the owner's drawings, cash withdrawals, transfers nor uncategorised lines), one row per movement, read from
 * the ledger's active entries (decision 0024).
 */
export function createBookService(deps: { db: Db; organizations: Pick<OrganizationService, 'access'> }) {
  const repo = createBookRepo(deps.db)
  const reports = createReportRepo(deps.db)

  async function book(tenant: Tenant, kind: BookKind, period: BookQuery): Promise<BookDto> {
    assertCanReadBooks(tenant)
    // The other reports are everyone's; these books are a feature of the Pop plans (and of the trial).
    if (!hasFeature(await deps.organizations.access(tenant.organizationId), 'ledger'))
      throw forbidden(messages.ledger.booksPremiumRequired, 'PREMIUM_REQUIRED')
    const entries = await repo.entries(tenant.organizationId, kind, period.from, period.to)
    const rows = entries.map((entry) => rowOf(kind, entry))
    const years = await reports.years(tenant.organizationId)
    return {
      kind,
      from: period.from,
      to: period.to,
      months: monthsOf(rows, period.from, period.to),
      totalYear: sumOf(rows.map((row) => row.amount)),
      availableYears: years.length > 0 ? years : [Number(period.from.slice(0, 4))],
    }
  }

  return {
    book,
    /** The same book as a CSV file for a spreadsheet. */
    async csv(tenant: Tenant, kind: BookKind, period: BookQuery) {
      return bookCsvFile(await book(tenant, kind, period))
    },
  }
}

export type BookService = ReturnType<typeof createBookService>
