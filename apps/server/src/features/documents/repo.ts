import { searchKey } from '@app/domain'
import { and, eq, inArray, like } from 'drizzle-orm'
import type { DbOrTx } from '../../db/client'
import { contacts, taxes, units } from '../../db/schema/index'
import { containsPattern } from '../contacts/repo'

/** Reads documents need from reference tables and of their customer (contacts are written by their own feature). */
export function createDocumentReadRepo(db: DbOrTx) {
  return {
    async taxes(ids: number[]) {
      if (ids.length === 0) return []
      return db
        .select({
          id: taxes.id,
          code: taxes.code,
          name: taxes.name,
          amount: taxes.amount,
          isCollected: taxes.isCollected,
        })
        .from(taxes)
        .where(inArray(taxes.id, ids))
    },

    async units(ids: number[]) {
      if (ids.length === 0) return []
      return db.select({ id: units.id, code: units.code, name: units.name }).from(units).where(inArray(units.id, ids))
    },

    /** Customers whose folded name, e-mail or SIREN contains the search (contacts' trigram index), at most 500. */
    async matchingContactIds(organizationId: number, search: string) {
      const folded = searchKey(search)
      if (!folded) return []
      const rows = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.organizationId, organizationId), like(contacts.searchText, containsPattern(folded))))
        .limit(500)
      return rows.map((row) => row.id)
    },

    async contact(organizationId: number, id: number) {
      const [row] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)))
      return row
    },
  }
}
