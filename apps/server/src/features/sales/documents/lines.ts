import {
  add,
  compare,
  type DocumentLineDto,
  type LineType,
  resolveDocumentVariables,
  TAX_IDS,
  TAX_NO_VAT_SALES_ID,
} from '@app/domain'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { DbOrTx } from '../../../db/client'
import { invoiceLines, quoteLines, taxes, units } from '../../../db/schema/index'
import type { PreparedLine } from './prepare'

type LineRow = typeof invoiceLines.$inferSelect | typeof quoteLines.$inferSelect

const canonical = (value: string) => add(value, 0)
const canonicalOrNull = (value: string | null) => (value === null ? null : add(value, 0))

export function presentLine(
  row: LineRow,
  unit: { id: number; code: string; name: string },
  tax: { id: number; code: string; name: string; amount: string },
): DocumentLineDto {
  const discountAmount = canonicalOrNull(row.discountAmount)
  const discountPercentage = canonicalOrNull(row.discountPercentage)
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    description: row.description,
    reference: row.reference,
    type: row.type as LineType,
    quantity: canonical(row.quantity),
    amount: canonical(row.amount),
    unitId: row.unitId,
    unit,
    taxId: row.taxId,
    tax: { ...tax, amount: canonical(row.ratePercent) },
    itemId: row.itemId,
    discount:
      discountAmount === null && discountPercentage === null
        ? null
        : { amount: discountAmount, percentage: discountPercentage },
    totalTaxExcluded: row.totalTaxExcluded,
    depositInvoiceId: 'depositInvoiceId' in row ? row.depositInvoiceId : null,
  }
}

const refColumns = {
  unit: { id: units.id, code: units.code, name: units.name },
  tax: { id: taxes.id, code: taxes.code, name: taxes.name, amount: taxes.amount },
}

/** Lines of invoices and of quotes: same columns, one table each. */
export function createLineRepo(db: DbOrTx) {
  return {
    async invoiceLines(organizationId: number, invoiceId: number) {
      const rows = await db
        .select({ line: invoiceLines, ...refColumns })
        .from(invoiceLines)
        .innerJoin(units, eq(units.id, invoiceLines.unitId))
        .innerJoin(taxes, eq(taxes.id, invoiceLines.taxId))
        .where(and(eq(invoiceLines.organizationId, organizationId), eq(invoiceLines.invoiceId, invoiceId)))
        .orderBy(asc(invoiceLines.position), asc(invoiceLines.id))
      return rows.map((row) => presentLine(row.line, row.unit, row.tax))
    },

    async quoteLines(organizationId: number, quoteId: number) {
      const rows = await db
        .select({ line: quoteLines, ...refColumns })
        .from(quoteLines)
        .innerJoin(units, eq(units.id, quoteLines.unitId))
        .innerJoin(taxes, eq(taxes.id, quoteLines.taxId))
        .where(and(eq(quoteLines.organizationId, organizationId), eq(quoteLines.quoteId, quoteId)))
        .orderBy(asc(quoteLines.position), asc(quoteLines.id))
      return rows.map((row) => presentLine(row.line, row.unit, row.tax))
    },

    /** Lines of several invoices at once (deposits of a quote), by invoice id. */
    async invoiceLinesOf(organizationId: number, invoiceIds: number[]) {
      if (invoiceIds.length === 0) return new Map<number, DocumentLineDto[]>()
      const rows = await db
        .select({ line: invoiceLines, ...refColumns })
        .from(invoiceLines)
        .innerJoin(units, eq(units.id, invoiceLines.unitId))
        .innerJoin(taxes, eq(taxes.id, invoiceLines.taxId))
        .where(and(eq(invoiceLines.organizationId, organizationId), inArray(invoiceLines.invoiceId, invoiceIds)))
        .orderBy(asc(invoiceLines.position), asc(invoiceLines.id))
      const byInvoice = new Map<number, DocumentLineDto[]>()
      for (const row of rows) {
        const list = byInvoice.get(row.line.invoiceId) ?? []
        list.push(presentLine(row.line, row.unit, row.tax))
        byInvoice.set(row.line.invoiceId, list)
      }
      return byInvoice
    },

    async replaceInvoiceLines(organizationId: number, invoiceId: number, lines: PreparedLine[]) {
      await db
        .delete(invoiceLines)
        .where(and(eq(invoiceLines.organizationId, organizationId), eq(invoiceLines.invoiceId, invoiceId)))
      if (lines.length > 0)
        await db.insert(invoiceLines).values(lines.map((line) => ({ ...line, organizationId, invoiceId })))
    },

    /**
     * At validation, the lines' names and descriptions get their dynamic variables ({mois}, {annee}…) resolved with
     * the validation date (domain documents/variables.ts); drafts keep them as typed.
     */
    async resolveVariables(kind: 'invoice' | 'quote', organizationId: number, documentId: number, date: string) {
      const table = kind === 'invoice' ? invoiceLines : quoteLines
      const owner = kind === 'invoice' ? invoiceLines.invoiceId : quoteLines.quoteId
      const rows = await db
        .select({ id: table.id, name: table.name, description: table.description })
        .from(table)
        .where(and(eq(table.organizationId, organizationId), eq(owner, documentId)))
      for (const row of rows) {
        const name = resolveDocumentVariables(row.name, date)
        const description = resolveDocumentVariables(row.description, date)
        if (name === row.name && description === row.description) continue
        await db
          .update(table)
          .set({ name, description })
          .where(and(eq(table.organizationId, organizationId), eq(table.id, row.id)))
      }
    },

    async replaceQuoteLines(organizationId: number, quoteId: number, lines: PreparedLine[]) {
      await db
        .delete(quoteLines)
        .where(and(eq(quoteLines.organizationId, organizationId), eq(quoteLines.quoteId, quoteId)))
      if (lines.length > 0)
        await db
          .insert(quoteLines)
          .values(lines.map(({ depositInvoiceId: _none, ...line }) => ({ ...line, organizationId, quoteId })))
    },
  }
}

/** A line DTO back into a body line, to copy a document (duplicate, credit note, conversion). */
export function lineBodyOf(line: DocumentLineDto) {
  return {
    name: line.name,
    description: line.description,
    reference: line.reference,
    type: line.type,
    quantity: line.quantity,
    amount: line.amount,
    unitId: line.unitId,
    taxId: line.taxId,
    itemId: line.itemId,
    discount: line.discount,
    depositInvoiceId: line.depositInvoiceId,
  }
}

/** The tax of a rate on a document: the one its lines use, else the standard tax of that rate. */
export function taxIdForRate(lines: readonly DocumentLineDto[], ratePercent: string, taxFree: boolean) {
  const line = lines.find((l) => compare(l.tax.amount, ratePercent) === 0)
  if (line) return line.taxId
  if (compare(ratePercent, 0) === 0) return taxFree ? TAX_NO_VAT_SALES_ID : TAX_IDS.VT_EXO_0
  return TAX_IDS.VT_FR_20
}
