import { type AccountingExportQuery, formatDateFr, PARIS_TIME_ZONE, toCents } from '@app/domain'
import Papa from 'papaparse'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
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

/** "Atelier Martin & Fils" → "atelier-martin-fils": accents dropped, anything else between words becomes one dash. */
export function fileSlug(name: string | null | undefined): string {
  const slug = (name ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return slug || 'organisation'
}

let parisClock: Intl.DateTimeFormat | undefined

/** 2026-11-24T09:30Z → "20261124-1030": the minute the file was made, as the person's clock in France shows it. */
export function parisTimestamp(now: Date): string {
  parisClock ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: PARIS_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
  const parts = parisClock.formatToParts(now)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((entry) => entry.type === type)?.value ?? ''
  return `${part('year')}${part('month')}${part('day')}-${part('hour')}${part('minute')}`
}

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
