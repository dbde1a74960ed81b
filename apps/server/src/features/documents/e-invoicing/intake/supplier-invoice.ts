import { randomBytes } from 'node:crypto'
import { messages, receiptExtension, sniffReceiptType } from '@app/domain'
import type { DbOrTx } from '../../../../db/client'
import { ACTIVITY_CODES, recordActivity } from '../../../../lib/activity-log'
import type { Storage } from '../../../../lib/storage'
import { type Intake, intakeOf, supplierIdOf } from '../../../money/receipts/intake'
import { receiptTextReader } from '../../../money/receipts/reading'
import { searchTextOf } from '../../../money/receipts/service'
import { insertReceipt } from '../../../money/receipts/writes'
import type { Flow } from '../platform/types'

/** A supplier invoice downloaded from the PA, read as an uploaded e-invoice is, before the writing transaction. */
export type ReadSupplierInvoice = {
  bytes: Buffer
  type: 'application/pdf' | 'application/xml'
  fileName: string
  intake: Intake
}

/** The file's name as the receipts list shows it: the flow's name, else one made of its id and type. */
function fileNameOf(flow: Flow, type: ReadSupplierInvoice['type']) {
  const extension = type === 'application/pdf' ? 'pdf' : 'xml'
  const name = flow.name?.trim().replace(/[\\/]/g, '-').slice(0, 200)
  if (name) return /\.(pdf|xml)$/i.test(name) ? name : `${name}.${extension}`
  return `facture-${flow.flowId.slice(0, 40)}.${extension}`
}

/**
 * Reads what a supplier's PA delivered (Factur-X PDF, CII or UBL) through the receipts' own path (receipts/intake.ts):
 * the same checks, the same supplier found or created by SIREN. A file that is neither a PDF nor XML is refused
 * with the receipts' French message; the flow is then kept as failed.
 */
export async function readSupplierInvoice(
  db: DbOrTx,
  organizationId: number,
  flow: Flow,
  bytes: Buffer,
): Promise<ReadSupplierInvoice> {
  const sniffed = bytes.length > 0 ? sniffReceiptType(bytes) : null
  if (sniffed !== 'application/pdf' && sniffed !== 'application/xml')
    throw new Error(messages.files.invalidFormat(1, 'pdf, xml'))
  const fileName = fileNameOf(flow, sniffed)
  const intake = await intakeOf({ db, reader: receiptTextReader }, organizationId, {
    bytes,
    type: sniffed,
    fileName,
    position: 1,
  })
  return { bytes, type: sniffed, fileName, intake }
}

/** Keeps the file in the organisation's storage, as an upload does. */
export async function storeSupplierInvoice(storage: Storage, organizationId: number, read: ReadSupplierInvoice) {
  const key = `org-${organizationId}/receipts/${randomBytes(16).toString('hex')}.${receiptExtension(read.type, null)}`
  await storage.put(key, read.bytes, read.type)
  return key
}

/**
 * Writes the receipt a received invoice becomes, in the caller's transaction (the one that records its flow, so the
 * same flow never makes two receipts), with its supplier and its history entry. Answers the receipt's id.
 */
export async function insertSupplierInvoiceReceipt(
  tx: DbOrTx,
  input: { organizationId: number; read: ReadSupplierInvoice; storageKey: string; flowId: string; now: string },
) {
  const { read, organizationId } = input
  const name = read.fileName
  const receiptId = await insertReceipt(tx, organizationId, {
    ...read.intake.values,
    contactId: await supplierIdOf(tx, organizationId, read.intake.supplier, new Map()),
    origin: 'upload',
    name,
    extension: receiptExtension(read.type, null),
    mimeType: read.type,
    size: read.bytes.length,
    storageKey: input.storageKey,
    searchText: searchTextOf({ ...read.intake.values, name }),
    userId: null,
  })
  await recordActivity(
    tx,
    {
      organizationId,
      subjectType: 'receipt',
      subjectId: receiptId,
      code: ACTIVITY_CODES.receiptEInvoiceReceived,
      userId: null,
      payload: { flowId: input.flowId },
    },
    input.now,
  )
  return receiptId
}
