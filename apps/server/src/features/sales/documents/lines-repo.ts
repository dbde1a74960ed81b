import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { compiled } from '../../../db/compiled'
import { invoiceLines, quoteLines, taxes, units } from '../../../db/schema/index'
import type { PreparedLine } from './prepare'

const refColumns = {
  unit: { id: units.id, code: units.code, name: units.name },
  tax: { id: taxes.id, code: taxes.code, name: taxes.name, amount: taxes.amount },
}

// A document's lines are read after every change and on its page: the two reads' SQL built once (db/compiled.ts).
const invoiceLinesOf = compiled('invoice_lines_of', (db) =>
  db
    .select({ line: invoiceLines, ...refColumns })
    .from(invoiceLines)
    .innerJoin(units, eq(units.id, invoiceLines.unitId))
    .innerJoin(taxes, eq(taxes.id, invoiceLines.taxId))
    .where(
      and(
        eq(invoiceLines.organizationId, sql.placeholder('organizationId')),
        eq(invoiceLines.invoiceId, sql.placeholder('documentId')),
      ),
    )
    .orderBy(asc(invoiceLines.position), asc(invoiceLines.id)),
)
const quoteLinesOf = compiled('quote_lines_of', (db) =>
  db
    .select({ line: quoteLines, ...refColumns })
    .from(quoteLines)
    .innerJoin(units, eq(units.id, quoteLines.unitId))
    .innerJoin(taxes, eq(taxes.id, quoteLines.taxId))
    .where(
      and(
        eq(quoteLines.organizationId, sql.placeholder('organizationId')),
        eq(quoteLines.quoteId, sql.placeholder('documentId')),
      ),
    )
    .orderBy(asc(quoteLines.position), asc(quoteLines.id)),
)

/** An invoice's lines with their unit and tax, in their order. */
export const invoiceLineRows = (db: DbOrTx, organizationId: number, invoiceId: number) =>
  invoiceLinesOf(db, { organizationId, documentId: invoiceId })

/** A quote's lines with their unit and tax, in their order. */
export const quoteLineRows = (db: DbOrTx, organizationId: number, quoteId: number) =>
  quoteLinesOf(db, { organizationId, documentId: quoteId })

/** The lines of several invoices with their unit and tax, in their order. */
export async function invoicesLineRows(db: DbOrTx, organizationId: number, invoiceIds: number[]) {
  return db
    .select({ line: invoiceLines, ...refColumns })
    .from(invoiceLines)
    .innerJoin(units, eq(units.id, invoiceLines.unitId))
    .innerJoin(taxes, eq(taxes.id, invoiceLines.taxId))
    .where(and(eq(invoiceLines.organizationId, organizationId), inArray(invoiceLines.invoiceId, invoiceIds)))
    .orderBy(asc(invoiceLines.position), asc(invoiceLines.id))
}

export async function replaceInvoiceLineRows(
  db: DbOrTx,
  organizationId: number,
  invoiceId: number,
  lines: PreparedLine[],
) {
  await db
    .delete(invoiceLines)
    .where(and(eq(invoiceLines.organizationId, organizationId), eq(invoiceLines.invoiceId, invoiceId)))
  if (lines.length > 0)
    await db.insert(invoiceLines).values(lines.map((line) => ({ ...line, organizationId, invoiceId })))
}

export async function replaceQuoteLineRows(db: DbOrTx, organizationId: number, quoteId: number, lines: PreparedLine[]) {
  await db.delete(quoteLines).where(and(eq(quoteLines.organizationId, organizationId), eq(quoteLines.quoteId, quoteId)))
  if (lines.length > 0)
    await db
      .insert(quoteLines)
      .values(lines.map(({ depositInvoiceId: _none, ...line }) => ({ ...line, organizationId, quoteId })))
}

const tableOf = (kind: 'invoice' | 'quote') =>
  kind === 'invoice'
    ? { table: invoiceLines, owner: invoiceLines.invoiceId }
    : { table: quoteLines, owner: quoteLines.quoteId }

/** A document's lines' names and descriptions, as typed. */
export async function lineTexts(db: DbOrTx, kind: 'invoice' | 'quote', organizationId: number, documentId: number) {
  const { table, owner } = tableOf(kind)
  return db
    .select({ id: table.id, name: table.name, description: table.description })
    .from(table)
    .where(and(eq(table.organizationId, organizationId), eq(owner, documentId)))
}

export async function updateLineTexts(
  db: DbOrTx,
  kind: 'invoice' | 'quote',
  organizationId: number,
  id: number,
  texts: { name: string; description: string | null },
) {
  const { table } = tableOf(kind)
  await db
    .update(table)
    .set(texts)
    .where(and(eq(table.organizationId, organizationId), eq(table.id, id)))
}
