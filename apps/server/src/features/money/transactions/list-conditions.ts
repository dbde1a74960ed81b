import { type SQL, sql } from 'drizzle-orm'
import {
  comments,
  journals,
  journalTypes,
  receiptTransactions,
  transactionAllocations,
  transactionInvoices,
  transactions,
} from '../../../db/schema/index'

/*
 * The conditions of the bank lines' list (repo.ts list): what a line has or lacks, each a piece of SQL.
 */

/** Has a split: the stored flag replaceAllocations keeps (its partial index serves the "À catégoriser" tab). */
export const hasAllocations = sql`${transactions.isCategorized}`
// Each subquery below names the organisation itself rather than the outer row's: under an OR or a NOT, PostgreSQL
// keeps a correlated EXISTS as a subplan and does not carry the outer `organization_id = $1` into it, and Citus then
// cannot send the query whole to one shard ("complex joins are only supported when…", decision 0047).
/**
 * Pays sales invoices: the link categorises the line (411 of the customer, lettered), so it is never "À catégoriser"
 * (issue 30, decision 0034).
 */
export const paysInvoices = (organizationId: number) =>
  sql`exists (select 1 from ${transactionInvoices} where ${transactionInvoices.organizationId} = ${organizationId} and ${transactionInvoices.transactionId} = ${transactions.id})`
/** Justified by an attached document: a receipt, or a sales invoice it paid. */
export const hasDocument = (organizationId: number) =>
  sql`(exists (select 1 from ${receiptTransactions} where ${receiptTransactions.organizationId} = ${organizationId} and ${receiptTransactions.transactionId} = ${transactions.id}) or ${paysInvoices(organizationId)})`
export const hasComment = (organizationId: number) =>
  sql`exists (select 1 from ${comments} where ${comments.organizationId} = ${organizationId} and ${comments.subjectType} = 'transaction' and ${comments.subjectId} = ${transactions.id})`
export const flag = (value: boolean | undefined, condition: SQL) =>
  value === undefined ? undefined : value ? condition : sql`not ${condition}`

/** The other transactions with the same label as transaction `id`, compared without case or surrounding spaces. */
export const sameLabelAs = (organizationId: number, id: number) =>
  sql`lower(trim(${transactions.name})) = (select lower(trim(t2.name)) from ${transactions} t2 where t2.organization_id = ${organizationId} and t2.id = ${id}) and ${transactions.id} <> ${id}`
/** The other transactions with a part in one of the categories of transaction `id`. */
export const sameCategoryAs = (organizationId: number, id: number) =>
  sql`exists (select 1 from ${transactionAllocations} where ${transactionAllocations.organizationId} = ${organizationId} and ${transactionAllocations.transactionId} = ${transactions.id} and ${transactionAllocations.accountingEntryId} in (select a2.accounting_entry_id from ${transactionAllocations} a2 where a2.organization_id = ${organizationId} and a2.transaction_id = ${id})) and ${transactions.id} <> ${id}`

/** A line's journal and its type, joined by a raw statement that filters on the type. */
export const journalsJoin = sql` join ${journals} on ${journals.organizationId} = ${transactions.organizationId}
  and ${journals.id} = ${transactions.journalId}
  join ${journalTypes} on ${journalTypes.id} = ${journals.journalTypeId}`
