import {
  messages,
  RECEIPT_FORMATS,
  RECEIPT_STATE_IDS,
  type ReceiptFileType,
  type ReceiptTextFields,
  searchKey,
  subtract,
  toCents,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { AppError } from '../../../lib/errors'
import { supplierContactOf } from '../../sales/contacts/suppliers'
import { type ReceivedInvoice, readEInvoice } from './e-invoices/index'
import { type ReceiptTextReader, readReceiptFile } from './reading'
import { createReceiptRepo, type ReceiptValues } from './repo'

/** Who sent the receipt: a contact found already, or a company an e-invoice names (created as a supplier). */
export type SupplierOfReceipt =
  | { kind: 'known'; id: number }
  | { kind: 'company'; name: string; siren: string | null; vatNumber: string | null }

/** What a file brings to its receipt before anyone looks at it. */
export type Intake = { values: Partial<ReceiptValues>; supplier: SupplierOfReceipt | null }

/** A name as read, without the strokes an OCR takes from a ticket's frame or folds ("DUPONT SARL |"). */
const supplierNameOf = (name: string | null) =>
  name
    ?.replace(/[|_~\\]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 250) || null

const textValues = (fields: ReceiptTextFields): Partial<ReceiptValues> => ({
  supplierName: supplierNameOf(fields.supplierName),
  datedAt: fields.datedAt,
  taxIncluded: fields.taxIncluded,
  taxExcluded: fields.taxExcluded,
  taxAmount:
    fields.taxIncluded && fields.taxExcluded ? toCents(subtract(fields.taxIncluded, fields.taxExcluded)) : null,
  reference: fields.reference?.slice(0, 249) ?? null,
})

async function invoiceValues(db: DbOrTx, invoice: ReceivedInvoice): Promise<Partial<ReceiptValues>> {
  const currencyId = await createReceiptRepo(db).currencyIdOf(invoice.currency)
  return {
    supplierName: supplierNameOf(invoice.seller.name),
    reference: invoice.number.slice(0, 249),
    description: invoice.typeCode === '381' ? `Avoir ${invoice.number}`.slice(0, 249) : null,
    datedAt: invoice.issueDate,
    dueAt: invoice.dueDate,
    taxExcluded: invoice.totalTaxExcluded,
    taxAmount: invoice.totalTax,
    taxIncluded: invoice.totalTaxIncluded,
    iban: invoice.seller.iban,
    vatLines: invoice.vatBreakdown,
    ...(currencyId ? { currencyId } : {}),
    // Read from its XML and checked (totals, VAT breakdown, dates): ready to be associated.
    stateId: RECEIPT_STATE_IDS.VALIDATED,
  }
}

/**
 * Reads a receipt file: a structured e-invoice (Factur-X PDF, UBL, CII) gives every field and its supplier; an invalid
 * one is kept, FAILED, with the reason; another PDF, a scan or a photo gives what its text says (its text layer, or the
 * OCR's reading). An XML file
 * that is not an e-invoice is refused (415), like any file of another kind.
 */
export async function intakeOf(
  deps: { db: DbOrTx; reader: ReceiptTextReader },
  organizationId: number,
  file: { bytes: Buffer; type: ReceiptFileType; fileName: string; position: number },
): Promise<Intake> {
  const structured =
    file.type === 'application/pdf' || file.type === 'application/xml'
      ? await readEInvoice(file.bytes, file.fileName)
      : ({ kind: 'none' } as const)
  if (structured.kind === 'invoice') {
    const { seller } = structured.invoice
    return {
      values: { ...(await invoiceValues(deps.db, structured.invoice)), eInvoiceFormat: structured.format },
      supplier: { kind: 'company', name: seller.name, siren: seller.siren, vatNumber: seller.vatNumber },
    }
  }
  if (structured.kind === 'invalid')
    return {
      values: { stateId: RECEIPT_STATE_IDS.FAILED, failure: structured.reason, eInvoiceFormat: structured.format },
      supplier: null,
    }
  if (file.type === 'application/xml')
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.files.invalidFormat(file.position, RECEIPT_FORMATS))
  const fields = await readReceiptFile(deps.reader, { bytes: file.bytes, type: file.type })
  if (!fields) return { values: {}, supplier: null }
  const values = textValues(fields)
  // The name read is kept either way: proposed in the editor, made a supplier on validation, read by the matcher.
  const known = values.supplierName
    ? await createReceiptRepo(deps.db).supplierNamed(organizationId, searchKey(values.supplierName))
    : null
  return { values, supplier: known ? { kind: 'known', id: known } : null }
}

/**
 * The contact of a receipt's supplier, in the writing transaction: found by SIREN or VAT number (then marked as a
 * supplier), else created as a company supplier. `made` keeps those created by this upload (two invoices of one
 * supplier make one contact).
 */
export async function supplierIdOf(
  tx: DbOrTx,
  organizationId: number,
  supplier: SupplierOfReceipt | null,
  made: Map<string, number>,
): Promise<number | null> {
  if (!supplier) return null
  if (supplier.kind === 'known') return supplier.id
  const key = supplier.siren ?? supplier.vatNumber ?? searchKey(supplier.name)
  const already = made.get(key)
  if (already) return already
  const id = await supplierContactOf(tx, organizationId, supplier)
  made.set(key, id)
  return id
}

/**
 * The supplier a receipt validated without a contact becomes, from the name read on it (as corrected): a supplier
 * of that name already there, else a company supplier created with it.
 */
export async function supplierNamedOrMade(tx: DbOrTx, organizationId: number, name: string): Promise<number> {
  const known = await createReceiptRepo(tx).supplierNamed(organizationId, searchKey(name))
  if (known) return known
  return (await supplierIdOf(
    tx,
    organizationId,
    { kind: 'company', name, siren: null, vatNumber: null },
    new Map(),
  )) as number
}
