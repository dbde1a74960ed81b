import { JOURNAL_TYPE_IDS } from '@app/domain'
import type { Db } from '../../../db/client'
import { createAccountCategories } from '../accounting-entries/account-categories'
import { createJournalRepo } from './repo'

/**
 * Gives its own category to every associate (CC) and operator (EX) account created before migration 0017, as a new
 * account gets at creation (service.ts): without it, no bank line can be split on the account nor become an expense
 * note. Each account in its own transaction; a no-op once done. Returns how many accounts it filled.
 */
export async function fillAccountCategories(db: Db): Promise<number> {
  const accounts = await createJournalRepo(db).accountsWithoutCategory()
  for (const account of accounts) {
    await db.transaction(async (tx) => {
      const kind = account.journalTypeId === JOURNAL_TYPE_IDS.CC ? 'CC' : 'EX'
      const accountingEntryId = await createAccountCategories(tx).create(account.organizationId, kind, {
        code: account.accountCode,
        name: account.name,
      })
      await createJournalRepo(tx).update(account.organizationId, account.id, { accountingEntryId })
    })
  }
  return accounts.length
}
