import { eq, isNull, or, type SQL, sql } from 'drizzle-orm'
import { accountingEntries, accountingEntryDeactivations } from '../db/schema/index'

/*
 * The conditions a query puts on the categories it joins (the categories feature, the transactions' splits, items,
 * suggestions), so that every feature sees the same categories.
 */

/** The categories an organisation sees: the general ones and its own (decision 0020). */
export const visibleTo = (organizationId: number): SQL =>
  or(isNull(accountingEntries.organizationId), eq(accountingEntries.organizationId, organizationId)) as SQL

/** Whether the organisation switched the category off, as a boolean column of the query. */
export const isActiveFor = (organizationId: number) =>
  sql<boolean>`not exists (select 1 from ${accountingEntryDeactivations} d where d.organization_id = ${organizationId} and d.accounting_entry_id = ${accountingEntries.id})`
