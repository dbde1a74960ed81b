import { JOURNAL_TYPE_IDS } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { createJournalRepo } from './repo'

/**
 * The journal a cash operation or a cash sale goes to when none is named: the organisation's active one of that type
 * (the default first), or a new one made on first use ("Caisse", CAI1; "Ventes au comptant", ES1) with its code and
 * ledger account as any journal gets them (decision 0018). It runs in the caller's database transaction, so that the
 * first operation and its journal are written together or not at all; the organisation's row is locked before the
 * second look, so two first operations at once make one journal.
 */
export async function journalForOperations(
  tx: DbOrTx,
  organizationId: number,
  typeCode: 'CAI' | 'ES',
  name: string,
): Promise<number> {
  const journals = createJournalRepo(tx)
  const journalTypeId = JOURNAL_TYPE_IDS[typeCode]
  const existing = await journals.activeOfType(organizationId, journalTypeId)
  if (existing !== undefined) return existing
  await journals.lockOrganization(organizationId)
  const created = await journals.activeOfType(organizationId, journalTypeId)
  if (created !== undefined) return created
  const type = await journals.typeOf(journalTypeId)
  if (!type) throw new Error(`journal type ${typeCode} is not seeded`)
  const sequence = await journals.nextSequence(organizationId, journalTypeId)
  return journals.insert(organizationId, {
    name,
    journalTypeId,
    code: `${type.code}${sequence}`,
    sequence,
    accountCode: `${type.accountCode}${sequence}`,
    isActive: true,
    isDefault: true,
  })
}
