import { createHash } from 'node:crypto'
import { cashJournalMessages } from '@app/domain'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { conflict } from '../../../lib/errors'
import { appendEntry, concernOf, presentEntry } from './chain'
import { entriesBetween, findOrganizationIdentity, lockChain } from './repo'
import { checkChain } from './verify'

export const ARCHIVE_FORMAT = 'carnet-journal-de-caisse/1'

/**
 * The archive for the tax inspector (decision 0038): one JSON file with the year's entries and its closings, each
 * with its signatures, the organisation and the state of the chain when it was made. Its sha256 is sealed in the
 * chain as an ARCHIVE entry written in the same database transaction, under the chain's lock: the file names the
 * entries up to the one before its own, and anyone holding it can recompute its hash and find it in the journal.
 */
export function createCashArchives(deps: { db: Db; clock: Clock }) {
  return {
    async make(organizationId: number, year: number) {
      if (!(await concernOf(deps.db, organizationId)).concerned)
        throw conflict(cashJournalMessages.notConcernedArchive, 'CASH_JOURNAL_NOT_CONCERNED')
      return deps.db.transaction(async (tx) => {
        await lockChain(tx, organizationId)
        const organization = await findOrganizationIdentity(tx, organizationId)
        const entries = await entriesBetween(tx, organizationId, `${year}-01-01`, `${year}-12-31`)
        const chain = await checkChain(tx, organizationId)
        const now = deps.clock()
        const archive = {
          format: ARCHIVE_FORMAT,
          organization: { id: organizationId, name: organization?.name ?? null, siren: organization?.siren ?? null },
          year,
          generatedAt: now.toISOString(),
          signature:
            'Chaque écriture : signature = sha256(signature précédente + "\\n" + JSON canonique du contenu, clés triées)',
          chain: {
            intact: chain.brokenLink === null,
            lastSequence: chain.lastSequence,
            lastSignature: chain.lastSignature,
            brokenLink: chain.brokenLink,
          },
          entries: entries.map(presentEntry),
          closings: entries.filter((entry) => entry.kind === 'CLOSING').map(presentEntry),
        }
        const content = Buffer.from(`${JSON.stringify(archive, null, 2)}\n`, 'utf8')
        const sha256 = createHash('sha256').update(content).digest('hex')
        const fileName = `journal-de-caisse-${year}-${organizationId}.json`
        const sealed = await appendEntry(tx, {
          organizationId,
          kind: 'ARCHIVE',
          now,
          data: {
            year,
            fileName,
            sha256,
            entries: entries.length,
            firstSequence: entries[0]?.sequence ?? null,
            lastSequence: entries[entries.length - 1]?.sequence ?? null,
          },
        })
        return { fileName, content, sha256, sequence: sealed.sequence }
      })
    },
  }
}

export type CashArchives = ReturnType<typeof createCashArchives>
