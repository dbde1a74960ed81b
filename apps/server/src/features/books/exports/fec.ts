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
import { createFecPages } from './fec-pages'
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
  const fecPages = createFecPages(deps.database)
  const entriesPerPage = deps.entriesPerPage ?? ENTRIES_PER_PAGE
  return async (tenant: Tenant, query: FecQuery) => {
    assertCanReadBooks(tenant)
    const repo = createExportRepo(db)
    const organization = await repo.organization(tenant.organizationId)
    const siren = organization?.siren?.replace(/\s/g, '') ?? ''
    if (!/^\d{9}$/.test(siren)) throw conflict(m.sirenRequired, 'SIREN_REQUIRED')
    const year = fiscalYearClosingIn(query.year, organization?.fiscalYearStartedAt)
    // On PostgreSQL the three run side by side, each on a connection of the pool.
    const [pieces, names, rows] = await Promise.all([
      repo.letteredPieces(tenant.organizationId, year.start),
      repo.bookNames(tenant.organizationId),
      createExportRowCount(db).fec(tenant.organizationId, year),
    ])
    const context = { lettered: fecLettering(pieces), ...names }

    async function* lines() {
      yield fecHeader() + FEC_LINE_END
      yield* fecPages(tenant.organizationId, year.start, context, entriesPerPage)
    }

    return { fileName: fecFileName(siren, year.end), lines: lines(), rows }
  }
}
