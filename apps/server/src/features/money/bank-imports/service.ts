import type { CsvMappingBody } from '@app/domain'
import type { Db } from '../../../db/client'
import { BULK_WRITE_LINES } from '../../../db/maintenance'
import { AppError } from '../../../lib/errors'
import { actorId, type Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import type { NotificationService } from '../../platform/notifications/service'
import type { JournalService } from '../journals/service'
import { prepareRuleRun } from '../rules/engine'
import { insertBankLines } from '../rules/new-lines'
import type { TransactionValues } from '../transactions/writes'
import {
  cleanLabel,
  dedupeKeys,
  detectFormat,
  type ParsedStatement,
  parseStatement,
  previewCsv,
  StatementError,
  type StatementLine,
} from './parsers/index'
import { createImportRepo } from './repo'

export type StatementFile = { bytes: Buffer; fileName: string | undefined }
export type ImportResult = {
  format: ParsedStatement['format']
  total: number
  imported: number
  duplicates: number
  categorized: number
}

/** A file the parsers refuse: 422 on the file, with the parser's French message naming the line or element. */
const refused = (error: StatementError) =>
  new AppError(422, 'STATEMENT_INVALID', error.message, { file: [error.message] })

/**
 * The lines of a statement that belong to the account: the statement account whose IBAN is the journal's when there
 * is one, else every account's lines (most files hold one account; the others are empty savings accounts).
 */
function linesFor(statement: ParsedStatement, iban: string | null): { keys: string[]; lines: StatementLine[] } {
  const matching = iban ? statement.accounts.filter((account) => account.iban === iban) : []
  const accounts = matching.length > 0 ? matching : statement.accounts
  const lines: StatementLine[] = []
  const keys: string[] = []
  // A loop, not push(...spread): a spread of 100,000+ lines overflows the call stack.
  for (const account of accounts) {
    for (const line of account.lines) lines.push(line)
    for (const key of dedupeKeys(account.accountId, account.lines)) keys.push(key)
  }
  return { keys, lines }
}

/**
 * Statement import into a bank journal (spec/money.md, API.md POST /journals/{id}/imports): the whole file is parsed
 * first, so a bad file imports nothing; then, in one database transaction, the lines the journal does not hold yet
 * (their dedupe key: the bank's id, else date + amount + raw label + occurrence) are written with their raw label
 * kept and a cleaned display name. Re-importing the same or an overlapping file adds nothing.
 */
export function createImportService(deps: {
  db: Db
  books: Books
  journals: JournalService
  /** Thresholds and negative balances (decision 0027): told after the lines are in. */
  notifications?: Pick<NotificationService, 'balancesBefore' | 'bankLinesAdded'>
  /** Runs before an import of many lines (db/maintenance.ts analyzeBeforeBulkWrite); an error there is ignored. */
  beforeBulkWrite?: () => Promise<void>
  /** Runs after an import that wrote many lines (db/maintenance.ts vacuumAfterBulkWrite); an error there is ignored: the lines are in. */
  afterBulkWrite?: () => Promise<void>
}) {
  return {
    async importStatement(
      tenant: Tenant,
      journalId: number,
      file: StatementFile,
      mapping?: CsvMappingBody,
    ): Promise<ImportResult> {
      const journal = await deps.journals.get(tenant, journalId)
      const remembered = (await deps.journals.csvMappingOf(tenant, journalId)) ?? undefined
      let csv = mapping
      let statement: ParsedStatement
      try {
        // The account's remembered mapping is for its CSV files only: an OFX or CAMT file keeps its own parser. A CSV
        // without either mapping is read with the suggested one, which is then remembered for this account.
        if (!csv && detectFormat(file.bytes, file.fileName) === 'csv')
          csv = remembered ?? previewCsv(file.bytes).mapping
        statement = parseStatement(file.bytes, { fileName: file.fileName, csv })
      } catch (error) {
        if (error instanceof StatementError) throw refused(error)
        throw error
      }
      const { keys, lines } = linesFor(statement, journal.iban)
      const rules = await prepareRuleRun(deps.db, tenant.organizationId)
      const balancesBefore = (await deps.notifications?.balancesBefore(tenant.organizationId, [journalId])) ?? new Map()
      if (lines.length >= BULK_WRITE_LINES && deps.beforeBulkWrite) await deps.beforeBulkWrite().catch(() => undefined)
      const { ids, categorized } = await deps.db.transaction(async (tx) => {
        const repo = createImportRepo(tx)
        const known = await repo.existingKeys(tenant.organizationId, journalId, keys)
        const rows: TransactionValues[] = []
        lines.forEach((line, index) => {
          const key = keys[index] as string
          if (known.has(key)) return
          rows.push({
            journalId,
            name: cleanLabel(line.rawName),
            rawName: line.rawName,
            datedAt: line.datedAt,
            valueDate: line.valueDate,
            amount: line.amount,
            counterparty: line.counterparty,
            reference: line.reference,
            dedupeKey: key,
            origin: 'import',
          })
        })
        // Every new line goes through the organisation's active rules, in the same transaction (issue 14).
        const written = await insertBankLines(tx, tenant.organizationId, rows, rules)
        if (statement.format === 'csv' && csv) await deps.journals.rememberCsvMapping(tenant, journalId, csv, tx)
        await deps.books.post(tx, { organizationId: tenant.organizationId, transactions: written.ids })
        return written
      })
      const imported = ids.length
      await deps.notifications?.bankLinesAdded({
        organizationId: tenant.organizationId,
        authorId: actorId(tenant),
        transactionIds: ids,
        balancesBefore,
      })
      if (imported >= BULK_WRITE_LINES && deps.afterBulkWrite) await deps.afterBulkWrite().catch(() => undefined)
      return {
        format: statement.format,
        total: lines.length,
        imported,
        duplicates: lines.length - imported,
        categorized,
      }
    },

    /** The CSV mapping step: the columns as read, a suggested (or remembered) mapping, and the first lines it gives. */
    async previewCsv(tenant: Tenant, journalId: number, file: StatementFile, mapping?: Partial<CsvMappingBody>) {
      const remembered = (await deps.journals.csvMappingOf(tenant, journalId)) ?? undefined
      try {
        return previewCsv(file.bytes, mapping ?? remembered)
      } catch (error) {
        if (error instanceof StatementError) throw refused(error)
        throw error
      }
    },
  }
}

export type ImportService = ReturnType<typeof createImportService>
