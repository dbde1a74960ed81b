import {
  add,
  compare,
  type DocumentLineDto,
  type LineType,
  resolveDocumentVariables,
  TAX_IDS,
  TAX_NO_VAT_SALES_ID,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import type { invoiceLines, quoteLines } from '../../../db/schema/index'
import {
  invoiceLineRows,
  invoicesLineRows,
  lineTexts,
  quoteLineRows,
  replaceInvoiceLineRows,
  replaceQuoteLineRows,
  updateLineTexts,
} from './lines-repo'
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

/**
 * Lines of invoices and of quotes (same columns, one table each), as the documents show them: what the invoices and
 * quotes read and write of their lines, in the transaction they are given. The SQL is in lines-repo.ts.
 */
export function createLineRepo(db: DbOrTx) {
  return {
    async invoiceLines(organizationId: number, invoiceId: number) {
      const rows = await invoiceLineRows(db, organizationId, invoiceId)
      return rows.map((row) => presentLine(row.line, row.unit, row.tax))
    },

    async quoteLines(organizationId: number, quoteId: number) {
      const rows = await quoteLineRows(db, organizationId, quoteId)
      return rows.map((row) => presentLine(row.line, row.unit, row.tax))
    },

    /** Lines of several invoices at once (deposits of a quote), by invoice id. */
    async invoiceLinesOf(organizationId: number, invoiceIds: number[]) {
      if (invoiceIds.length === 0) return new Map<number, DocumentLineDto[]>()
      const rows = await invoicesLineRows(db, organizationId, invoiceIds)
      const byInvoice = new Map<number, DocumentLineDto[]>()
      for (const row of rows) {
        const list = byInvoice.get(row.line.invoiceId) ?? []
        list.push(presentLine(row.line, row.unit, row.tax))
        byInvoice.set(row.line.invoiceId, list)
      }
      return byInvoice
    },

    replaceInvoiceLines: (organizationId: number, invoiceId: number, lines: PreparedLine[]) =>
      replaceInvoiceLineRows(db, organizationId, invoiceId, lines),

    /**
     * At validation, the lines' names and descriptions get their dynamic variables ({mois}, {annee}…) resolved with
     * the validation date (domain documents/variables.ts); drafts keep them as typed.
     */
    async resolveVariables(kind: 'invoice' | 'quote', organizationId: number, documentId: number, date: string) {
      const rows = await lineTexts(db, kind, organizationId, documentId)
      for (const row of rows) {
        const name = resolveDocumentVariables(row.name, date)
        const description = resolveDocumentVariables(row.description, date)
        if (name === row.name && description === row.description) continue
        await updateLineTexts(db, kind, organizationId, row.id, { name, description })
      }
    },

    replaceQuoteLines: (organizationId: number, quoteId: number, lines: PreparedLine[]) =>
      replaceQuoteLineRows(db, organizationId, quoteId, lines),
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
