import {
  canReadBooks,
  FEC_LINE_END,
  type FecQuery,
  fecFileName,
  fecHeader,
  fecLettering,
  fiscalYearClosingIn,
  messages,
} from '@app/domain'
import type { Database } from '../../../db/client'
import { conflict, forbidden } from '../../../lib/errors'
import type { Tenant } from '../../../lib/tenant'
import { createFecPages, type FecCursor } from './fec-pages'
import { createExportRepo } from './repo'
import { createExportRowCount } from './row-count'

const m = messages.ledger
/** Entries read per page while the file streams: memory stays flat whatever the year holds. */
const ENTRIES_PER_PAGE = 2000

export const assertCanReadBooks = (tenant: Tenant) => {
  if (!canReadBooks(tenant.membership.roleCode)) throw forbidden(m.readForbidden, 'BOOKS_FORBIDDEN')
}

/**
 * The FEC of a fiscal year (LPF art. A47 A-1; decision 0024): every entry of the year, journal by journal in the
 * order of their numbers, reversals included, as the ledger holds them; lettering computed from the settled pieces.
 * The file is written while it is read, a page of lines at a time.
 */
export function createFecExport(deps: { database: Database; entriesPerPage?: number }) {
  const { db } = deps.database
  const fecPage = createFecPages(deps.database)
  const entriesPerPage = deps.entriesPerPage ?? ENTRIES_PER_PAGE
  return async (tenant: Tenant, query: FecQuery) => {
    assertCanReadBooks(tenant)
    const repo = createExportRepo(db)
    const organization = await repo.organization(tenant.organizationId)
    const siren = organization?.siren?.replace(/\s/g, '') ?? ''
    if (!/^\d{9}$/.test(siren)) throw conflict(m.sirenRequired, 'SIREN_REQUIRED')
    const year = fiscalYearClosingIn(query.year, organization?.fiscalYearStartedAt)
    const lettered = fecLettering(await repo.letteredPieces(tenant.organizationId, year.start))

    async function* lines() {
      yield fecHeader() + FEC_LINE_END
      let cursor: FecCursor | null = null
      for (;;) {
        const page = await fecPage(tenant.organizationId, year.start, lettered, cursor, entriesPerPage)
        if (page.text) yield page.text
        if (!page.last) return
        cursor = page.last
      }
    }

    const rows = await createExportRowCount(db).fec(tenant.organizationId, year)
    return { fileName: fecFileName(siren, year.end), lines: lines(), rows }
  }
}
