import type { DbOrTx } from '../../../db/client'
import { createAccountingEntryRepo } from './repo'

/** The general category an account's own category goes under: 455 for associates, 108 for the operator. */
export const ACCOUNT_CATEGORY_PARENTS = { CC: '455', EX: '108' } as const
export type AccountCategoryKind = keyof typeof ACCOUNT_CATEGORY_PARENTS

/**
 * The categories that stand for associate and operator accounts in splits (4551 "CCA Jeanne", 1081…): the
 * organisation's own categories, kept in step with their account by the journals service, inside its database
 * transaction (hence `db`, the transaction). A bank line split on one is money paid to or by that person.
 */
export function createAccountCategories(db: DbOrTx) {
  const repo = createAccountingEntryRepo(db)
  return {
    /** Creates the account's category under 455 or 108, with that parent's tax type and rate (ns, no VAT). */
    async create(organizationId: number, kind: AccountCategoryKind, account: { code: string; name: string }) {
      const parent = await repo.findGeneralByCode(organizationId, ACCOUNT_CATEGORY_PARENTS[kind])
      if (!parent) throw new Error(`general category ${ACCOUNT_CATEGORY_PARENTS[kind]} is not seeded`)
      return repo.insert({
        organizationId,
        parentId: parent.id,
        code: account.code,
        name: account.name,
        taxTypeId: parent.taxTypeId,
        taxRateId: parent.taxRateId,
        isExp: parent.isExp,
        isCash: parent.isCash,
        isSale: parent.isSale,
        isDisplayed: true,
        position: await repo.nextPosition(organizationId),
      })
    },

    async rename(organizationId: number, id: number, name: string) {
      await repo.update(organizationId, id, { name })
    },

    /** The account is gone: its category goes too, or is switched off when splits or rules still use it. */
    async retire(organizationId: number, id: number) {
      if (await repo.isUsed(organizationId, id)) await repo.setActive(organizationId, id, false)
      else await repo.remove(organizationId, id)
    },
  }
}
