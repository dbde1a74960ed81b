import {
  canReadBooks,
  FEC_LINE_END,
  type FecQuery,
  fecFileName,
  fecHeader,
  fiscalYearClosingIn,
  messages,
} from '@app/domain'
import type { Db } from '../../db/client'
import { conflict, forbidden } from '../../lib/errors'
import type { Tenant } from '../account/tenant'
import { createExportRepo, type FecCursor } from './repo'
import { createExportRowCount } from './row-count'

const m = messages.ledger
/** Entries read per page while the file streams: memory stays flat whatever the year holds. */
const PAGE = 2000

/** A, B… Z, AA, AB…: the lettering code of the n-th settled piece of the year (EcritureLet). */
export function letteringCode(index: number): string {
  let code = ''
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) code = String.fromCharCode(65 + ((n - 1) % 26)) + code
  return code
}

export const assertCanReadBooks = (tenant: Tenant) => {
  if (!canReadBooks(tenant.membership.roleCode)) throw forbidden(m.readForbidden, 'BOOKS_FORBIDDEN')
}

/**
 * The FEC of a fiscal year (LPF art. A47 A-1; decision 0024): every entry of the year, journal by journal in the
 * order of their numbers, reversals included, as the ledger holds them; lettering computed from the settled pieces.
 * The file is written while it is read, a page of lines at a time.
 */
export function createFecExport(deps: { db: Db }) {
  return async (tenant: Tenant, query: FecQuery) => {
    assertCanReadBooks(tenant)
    const repo = createExportRepo(deps.db)
    const organization = await repo.organization(tenant.organizationId)
    const siren = organization?.siren?.replace(/\s/g, '') ?? ''
    if (!/^\d{9}$/.test(siren)) throw conflict(m.sirenRequired, 'SIREN_REQUIRED')
    const year = fiscalYearClosingIn(query.year, organization?.fiscalYearStartedAt)
    // An empty transaction posts whatever a write outside a transaction left marked (decision 0025).
    await deps.db.transaction(async () => {})
    const pieces = await repo.letteredPieces(tenant.organizationId, year.start)
    const lettered = new Map(
      pieces.map((piece, index) => [
        `${piece.auxiliaryCode} ${piece.pieceRef}`,
        { code: letteringCode(index), date: piece.letteredAt.replaceAll('-', '') },
      ]),
    )

    async function* lines() {
      yield fecHeader() + FEC_LINE_END
      let cursor: FecCursor | null = null
      for (;;) {
        const page = await repo.fecPage(tenant.organizationId, year.start, cursor, PAGE)
        let chunk = ''
        for (const line of page) {
          const letter = line.letteringKey ? lettered.get(line.letteringKey) : undefined
          chunk += `${line.head}\t${letter?.code ?? ''}\t${letter?.date ?? ''}\t${line.validDate}\t\t${FEC_LINE_END}`
        }
        if (chunk) yield chunk
        const last = page[page.length - 1]
        if (!last) return
        cursor = { journalCode: last.journalCode, number: last.number }
      }
    }

    const rows = await createExportRowCount(deps.db).fec(tenant.organizationId, year)
    return { fileName: fecFileName(siren, year.end), lines: lines(), rows }
  }
}
