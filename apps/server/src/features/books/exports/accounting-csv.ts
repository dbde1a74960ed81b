import { type AccountingExportQuery, formatDateFr, toCents } from '@app/domain'
import Papa from 'papaparse'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { fileSlug, parisTimestamp } from '../../../lib/file-names'
import type { Tenant } from '../../../lib/tenant'
import { assertCanReadBooks } from './fec'
import { createExportRepo, type PeriodCursor } from './repo'
import { createExportRowCount } from './row-count'

/** Lines read per query while the file streams: memory stays flat whatever the period holds. */
const PAGE = 5000

export const ACCOUNTING_CSV_COLUMNS = [
  'Journal',
  'Libellé journal',
  "N° d'écriture",
  'Date',
  'Pièce',
  'Date pièce',
  'Compte',
  'Libellé compte',
  'Compte auxiliaire',
  'Libellé auxiliaire',
  'Libellé',
  'Débit',
  'Crédit',
] as const

const LINE_END = '\r\n'
/** Without it Excel reads the file as Windows-1252 and the accents break. */
const BOM = '\uFEFF'

/**
 * Papa Parse quotes a field holding the separator, a quote or a line break (RFC 4180). It also prefixes with an
 * apostrophe a text that a spreadsheet would run as a formula (=, +, -, @): bank labels come from outside.
 */
const csvRows = (rows: readonly (readonly (string | number | null)[])[]): string =>
  Papa.unparse(rows as unknown[][], { delimiter: ';', newline: LINE_END, escapeFormulae: true }) + LINE_END

/** "1200.00" → "1200,00": what a French spreadsheet reads as a number. */
const amount = (value: string | null): string => (value === null ? '' : toCents(value).replace('.', ','))

export const accountingCsvFileName = (organizationName: string | null | undefined, now: Date): string =>
  `${fileSlug(organizationName)}-ecritures-${parisTimestamp(now)}.csv`

/**
 * The ledger's lines of a period as a spreadsheet opens them (spec/account.md §2 "Accounting export page"): one row
 * per line, by date, journal and number, reversals included as the ledger holds them. Written a page at a time.
 */
export function createAccountingCsvExport(deps: { db: Db; clock: Clock; pageSize?: number }) {
  const pageSize = deps.pageSize ?? PAGE
  return async (tenant: Tenant, query: AccountingExportQuery) => {
    assertCanReadBooks(tenant)
    const repo = createExportRepo(deps.db)
    const organization = await repo.organization(tenant.organizationId)
    const fileName = accountingCsvFileName(organization?.name, deps.clock())

    async function* lines() {
      yield BOM + csvRows([ACCOUNTING_CSV_COLUMNS])
      let cursor: PeriodCursor | null = null
      for (;;) {
        const page = await repo.periodLines(tenant.organizationId, query.from, query.to, cursor, pageSize)
        if (page.length === 0) return
        yield csvRows(
          page.map((line) => [
            line.journalCode,
            line.journalLabel,
            line.number,
            formatDateFr(line.datedAt),
            line.pieceRef,
            formatDateFr(line.pieceDate),
            line.accountCode,
            line.accountLabel,
            line.auxiliaryCode,
            line.auxiliaryLabel,
            line.label,
            amount(line.debit),
            amount(line.credit),
          ]),
        )
        const last = page[page.length - 1]
        if (!last || page.length < pageSize) return
        cursor = {
          datedAt: last.datedAt,
          journalCode: last.journalCode,
          number: last.number,
          entryId: last.entryId,
          position: last.position,
        }
      }
    }

    const rows = await createExportRowCount(deps.db).period(tenant.organizationId, query.from, query.to)
    return { fileName, lines: lines(), rows }
  }
}
