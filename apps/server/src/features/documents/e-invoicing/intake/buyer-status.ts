import { randomBytes } from 'node:crypto'
import {
  type BuyerStatusInput,
  canMoveTo,
  isLifecycleStatusCode,
  lifecycleStatusLabel,
  eInvoicingMessages as m,
} from '@app/domain'
import type { DbOrTx } from '../../../../db/client'
import { ACTIVITY_CODES, recordActivity } from '../../../../lib/activity-log'
import { AppError, conflict, notFound } from '../../../../lib/errors'
import type { Storage } from '../../../../lib/storage'
import { readEInvoice } from '../../../money/receipts/e-invoices/index'
import { buildCdar } from '../cdar/build'
import type { CdarMessage } from '../cdar/types'
import { queueFlow } from '../sending/queue'
import { createIntakeRepo } from './repo'
import { currentStatus } from './statuses-in'

/** The received invoice a buyer's status speaks of, as its seller wrote it (read again from the file received). */
export type ReceivedDocument = {
  receiptId: number
  reference: string
  datedAt: string
  typeCode: string
  seller: { siren: string; name: string }
}

/**
 * The e-invoice behind a receipt that came from the network, read before the writing transaction (pdf.js takes its
 * time, and on PGlite the one connection is the transaction's). Null when the receipt did not come from the network.
 */
export async function receivedDocumentOf(
  db: DbOrTx,
  storage: Storage,
  organizationId: number,
  receiptId: number,
): Promise<ReceivedDocument | null> {
  const repo = createIntakeRepo(db)
  const [flow] = await repo.receiptFlows(organizationId, [receiptId])
  if (!flow) return null
  const row = await repo.receiptWithSupplier(organizationId, receiptId)
  if (!row) return null
  const file = await storage.get(flow.storageKey ?? row.storageKey)
  const read = file ? await readEInvoice(new Uint8Array(file.body), 'facture') : null
  if (read?.kind === 'invoice' && read.invoice.seller.siren)
    return {
      receiptId,
      reference: read.invoice.number,
      datedAt: read.invoice.issueDate,
      typeCode: read.invoice.typeCode,
      seller: { siren: read.invoice.seller.siren, name: read.invoice.seller.name },
    }
  if (!row.reference || !row.datedAt || !row.siren) return null
  return {
    receiptId,
    reference: row.reference,
    datedAt: row.datedAt,
    typeCode: '380',
    seller: { siren: row.siren, name: row.name ?? row.supplierName ?? row.siren },
  }
}

/**
 * Sends the buyer's status on a received invoice: the CDAR (SupplierInvoiceLC, from us as BY to the supplier as SE)
 * queued in the outbox in the caller's transaction, with the status row and the receipt's history entry; nothing is
 * sent unless they are written. `trackingId` makes a repeated call queue it once. 409 in French when the organisation
 * is not connected or when the status may not follow the receipt's current one.
 */
export async function queueBuyerStatus(
  tx: DbOrTx,
  storage: Storage,
  input: {
    organizationId: number
    userId: number | null
    document: ReceivedDocument
    status: BuyerStatusInput
    now: string
    trackingId?: string
  },
) {
  const repo = createIntakeRepo(tx)
  const { organizationId, document, status } = input
  const connection = await repo.connection(organizationId)
  if (!connection) throw conflict(m.notConnected, 'E_INVOICING_NOT_CONNECTED')
  const organization = await repo.organization(organizationId)
  const ourSiren = organization?.siren?.replace(/\s+/g, '') ?? ''
  if (!organization || !/^\d{9}$/.test(ourSiren)) throw notFound()
  await repo.lockReceipt(organizationId, document.receiptId)
  const history = await repo.statuses(organizationId, { receiptId: document.receiptId })
  const from = currentStatus(history)
  if (!isLifecycleStatusCode(status.code) || !canMoveTo(from, status.code))
    throw conflict(
      from === null
        ? `Le statut ${lifecycleStatusLabel(status.code)} ne peut pas être envoyé pour cette facture.`
        : `La facture est ${lifecycleStatusLabel(from)} : le statut ${lifecycleStatusLabel(status.code)} ne peut plus être envoyé.`,
      'E_INVOICE_STATUS_NOT_ALLOWED',
    )
  const message: CdarMessage = {
    id: `carnet-${organizationId}-${document.receiptId}-${randomBytes(6).toString('hex')}`,
    issuedAt: input.now,
    sender: { siren: ourSiren, name: organization.name, role: 'BY', address: connection.receivingAddress },
    recipient: { siren: document.seller.siren, name: document.seller.name, role: 'SE' },
    invoice: {
      reference: document.reference,
      datedAt: document.datedAt,
      typeCode: document.typeCode,
      sellerSiren: document.seller.siren,
      buyerSiren: ourSiren,
    },
    status: status.code,
    statusAt: input.now,
    reasonCode: status.reason ?? null,
    reasonText: status.message ?? null,
    actionCode: null,
  }
  let xml: string
  try {
    xml = buildCdar(message)
  } catch (error) {
    throw new AppError(422, 'VALIDATION_FAILED', error instanceof Error ? error.message : m.reasonRequired, {
      reason: [error instanceof Error ? error.message : m.reasonRequired],
    })
  }
  const flow = await queueFlow(storage, tx, {
    organizationId,
    flowType: 'SupplierInvoiceLC',
    syntax: 'CDAR',
    fileName: `cdar-${status.code}-${document.reference}`
      .replace(/[^\w.-]+/g, '-')
      .slice(0, 240)
      .concat('.xml'),
    content: Buffer.from(xml, 'utf8'),
    receiptId: document.receiptId,
    trackingId:
      input.trackingId ?? `carnet-rcpt-${organizationId}-${document.receiptId}-${status.code}-${history.length}`,
  })
  await repo.insertStatus({
    organizationId,
    receiptId: document.receiptId,
    flowId: flow.id,
    code: status.code,
    source: 'buyer',
    reasonCode: status.reason ?? null,
    message: status.message ?? null,
    actionCode: null,
    applied: true,
    occurredAt: input.now,
  })
  await recordActivity(
    tx,
    {
      organizationId,
      subjectType: 'receipt',
      subjectId: document.receiptId,
      code: ACTIVITY_CODES.receiptEInvoiceStatus,
      userId: input.userId,
      payload: { code: status.code, reason: status.reason ?? null, message: status.message ?? null },
    },
    input.now,
  )
}
