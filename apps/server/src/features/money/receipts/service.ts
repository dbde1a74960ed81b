import { randomBytes } from 'node:crypto'
import {
  eInvoicingMessages,
  messages,
  pageOffset,
  RECEIPT_FORMATS,
  RECEIPT_MAX_FILES,
  RECEIPT_MAX_FILES_FOR_TRANSACTION,
  RECEIPT_STATE_IDS,
  type ReceiptDto,
  type ReceiptEInvoicingDto,
  type ReceiptListQuery,
  type ReceiptUpdateBody,
  receiptExtension,
  receiptMergedSchema,
  sniffReceiptType,
  subtract,
  type TransactionReceiptDto,
  toCents,
} from '@app/domain'
import type { Db, DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { AppError, conflict, fieldError, notFound } from '../../../lib/errors'
import { mergePatch } from '../../../lib/patch'
import type { Storage } from '../../../lib/storage'
import { actorId, type Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { recordReceiptLinks } from '../../platform/activities/money'
import { isContactOf } from '../../sales/contacts/suppliers'
import { type Intake, supplierIdOf, supplierNamedOrMade } from './intake'
import { closeOcr } from './ocr'
import { present } from './presenter'
import type { ReceiptTextReader } from './reading'
import { createReceiptReadings, type ReadingNow, type ReceiptUpload, searchTextOf } from './readings'
import { createReceiptRepo, type ReceiptRow } from './repo'

const m = messages.receipts

export { READING_WAIT_MS, type ReceiptFile, type ReceiptUpload, searchTextOf } from './readings'

/** The file name without its extension, for the download's name (the extension comes from the type). */
const baseName = (name: string) => name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'justificatif'

/**
 * Receipts (spec/money.md §2–§5, §7; API.md "Money side"): files checked by their bytes and kept in the storage per
 * organisation; what the editor types; the links to the transactions they justify.
 */
/**
 * What the receipts need of the plateforme agréée (made by the e-invoicing feature, wired in app.ts): whether a
 * receipt came through it (its flow refers to it, so it is kept), and « Paiement transmis » (211) queued for the
 * received invoices a bank line pays, in the attaching transaction.
 */
export type ReceiptNetwork = {
  receivedByNetwork(db: DbOrTx, organizationId: number, receiptId: number): Promise<boolean>
  /** The flow and statuses of the received e-invoices among these receipts (absent: not from the network). */
  receiptsEInvoicing(
    db: DbOrTx,
    organizationId: number,
    receiptIds: number[],
  ): Promise<Map<number, ReceiptEInvoicingDto>>
  queuePaymentSent(
    tx: DbOrTx,
    storage: Storage,
    input: { organizationId: number; transactionId: number; receiptIds: readonly number[]; now: string },
  ): Promise<void>
}

export function createReceiptService(deps: {
  db: Db
  books: Books
  storage: Storage
  reader?: ReceiptTextReader
  /** READING_WAIT_MS unless said otherwise (config RECEIPT_READING_WAIT_MS). */
  readingWaitMs?: number
  onError?: (error: unknown) => void
  /** The history's time; the system's when not given. */
  clock?: Clock
  /** Whether a receipt came through the plateforme agréée (its flow refers to it): such a receipt is kept. */
  network: ReceiptNetwork
}) {
  const now = () => (deps.clock ?? (() => new Date()))().toISOString()
  /** The history of receipts attached to a transaction or detached from it, on both sides. */
  const linksHistory = async (
    tx: DbOrTx,
    tenant: Tenant,
    transactionId: number,
    receiptIds: number[],
    attached: boolean,
  ) => {
    await recordReceiptLinks(tx, {
      organizationId: tenant.organizationId,
      userId: actorId(tenant),
      transactionId,
      receiptIds,
      attached,
      now: now(),
    })
    // A received e-invoice paid from a bank line tells its supplier « Paiement transmis » (211), once.
    if (attached)
      await deps.network.queuePaymentSent(tx, deps.storage, {
        organizationId: tenant.organizationId,
        transactionId,
        receiptIds,
        now: now(),
      })
  }
  const repo = createReceiptRepo(deps.db)
  const readings = createReceiptReadings(deps)
  const { fillInLater, readAll } = readings

  const load = async (tenant: Tenant, id: number) => {
    const row = await repo.find(tenant.organizationId, id)
    if (!row) throw notFound()
    return row
  }
  /**
   * Receipts as answered. `isReading` is readings.readingNow() asked before the rows were read: a reading that ended
   * between the two leaves its row shown as still being read, never as read with none of its fields.
   */
  const presentMany = async (tenant: Tenant, rows: ReceiptRow[], isReading: ReadingNow) => {
    const ids = rows.map((row) => row.receipt.id)
    const linked = await repo.transactionsOf(tenant.organizationId, ids)
    const network = await deps.network.receiptsEInvoicing(deps.db, tenant.organizationId, ids)
    return rows.map((row) =>
      present(row, linked, isReading(tenant.organizationId, row.receipt.id), network.get(row.receipt.id) ?? null),
    )
  }
  const detail = async (tenant: Tenant, id: number) => {
    const isReading = readings.readingNow()
    return (await presentMany(tenant, [await load(tenant, id)], isReading))[0] as ReceiptDto
  }

  async function transactionOf(tenant: Tenant, id: number, field: string) {
    if (!(await repo.hasTransaction(tenant.organizationId, id)))
      throw fieldError(field, messages.validation.choiceInvalid)
    return id
  }

  /** Every file checked before any is kept: a refused one refuses the upload (nothing half-done). */
  function checkFiles(upload: ReceiptUpload) {
    const max = upload.transactionId === undefined ? RECEIPT_MAX_FILES : RECEIPT_MAX_FILES_FOR_TRANSACTION
    if (upload.files.length === 0) throw fieldError('document', m.fileMissing)
    if (upload.files.length > max) throw fieldError('document', messages.files.tooMany(max))
    return upload.files.map((file, index) => {
      const type = file.bytes.length > 0 ? sniffReceiptType(file.bytes) : null
      if (!type)
        throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', messages.files.invalidFormat(index + 1, RECEIPT_FORMATS))
      return { ...file, type }
    })
  }

  return {
    async list(tenant: Tenant, query: ReceiptListQuery) {
      const isReading = readings.readingNow()
      const { rows, total } = await repo.list(tenant.organizationId, query, pageOffset(query))
      return {
        data: await presentMany(tenant, rows, isReading),
        meta: { total, page: query.page, pageSize: query.pageSize },
      }
    },

    get: detail,

    /** Several receipts as the list answers them (ids of another organisation are left out). */
    async getMany(tenant: Tenant, ids: number[]) {
      const isReading = readings.readingNow()
      return presentMany(tenant, await repo.findMany(tenant.organizationId, [...new Set(ids)]), isReading)
    },

    async upload(tenant: Tenant, upload: ReceiptUpload): Promise<ReceiptDto[]> {
      const files = checkFiles(upload)
      const transactionId =
        upload.transactionId === undefined
          ? undefined
          : await transactionOf(tenant, upload.transactionId, 'transactionId')
      const stored: string[] = []
      try {
        for (const file of files) {
          const extension = receiptExtension(file.type, null)
          const key = `org-${tenant.organizationId}/receipts/${randomBytes(16).toString('hex')}.${extension}`
          await deps.storage.put(key, file.bytes, file.type)
          stored.push(key)
        }
        // What each file says (an e-invoice's XML, a PDF's text, a photo's OCR), read before the writing transaction:
        // pdf.js takes ~80 ms a page, the OCR seconds, and on PGlite the one connection is the transaction's.
        const { intakes, pending } = await readAll(tenant, files)
        const ids = await deps.db.transaction(async (tx) => {
          const writer = createReceiptRepo(tx)
          const created: number[] = []
          const made = new Map<string, number>()
          for (const [index, file] of files.entries()) {
            const name = file.fileName.trim().slice(0, 200) || `justificatif-${index + 1}`
            const intake = intakes[index] ?? { values: {}, supplier: null }
            created.push(
              await writer.insert(tenant.organizationId, {
                ...intake.values,
                contactId: await supplierIdOf(tx, tenant.organizationId, intake.supplier, made),
                origin: transactionId === undefined ? 'upload' : 'transaction',
                name,
                extension: receiptExtension(file.type, null),
                mimeType: file.type,
                size: file.bytes.length,
                storageKey: stored[index] as string,
                searchText: searchTextOf({ ...intake.values, name }),
                userId: tenant.userId,
              }),
            )
          }
          if (transactionId !== undefined)
            await linksHistory(
              tx,
              tenant,
              transactionId,
              await writer.attach(tenant.organizationId, transactionId, created),
              true,
            )
          await deps.books.post(tx, {
            organizationId: tenant.organizationId,
            receipts: created,
            ...(transactionId === undefined ? {} : { transactions: [transactionId] }),
          })
          return created
        })
        for (const [index, id] of ids.entries())
          if (intakes[index] === null)
            fillInLater(
              tenant,
              id,
              files[index]?.fileName.trim().slice(0, 200) ?? '',
              pending[index] as Promise<Intake>,
            )
        const isReading = readings.readingNow()
        return presentMany(tenant, await repo.findMany(tenant.organizationId, ids), isReading)
      } catch (error) {
        // Nothing written in the database: the files stored for it go too.
        await Promise.all(stored.map((key) => deps.storage.delete(key).catch(() => undefined)))
        throw error
      }
    },

    async update(tenant: Tenant, id: number, patch: ReceiptUpdateBody) {
      const { receipt } = await load(tenant, id)
      const reopening =
        receipt.stateId === RECEIPT_STATE_IDS.VALIDATED &&
        Object.keys(patch).every((key) => key === 'stateId') &&
        patch.stateId !== undefined &&
        patch.stateId !== RECEIPT_STATE_IDS.VALIDATED
      if (receipt.stateId === RECEIPT_STATE_IDS.VALIDATED && !reopening)
        throw conflict(m.validatedLocked, 'RECEIPT_VALIDATED')
      const input = mergePatch(
        receiptMergedSchema,
        {
          reference: receipt.reference,
          description: receipt.description,
          contactId: receipt.contactId,
          supplierName: receipt.supplierName,
          datedAt: receipt.datedAt,
          currencyId: receipt.currencyId,
          taxExcluded: receipt.taxExcluded,
          taxIncluded: receipt.taxIncluded,
          stateId: receipt.stateId,
        },
        patch,
      )
      if (input.contactId != null && !(await isContactOf(deps.db, tenant.organizationId, input.contactId)))
        throw fieldError('contactId', messages.validation.choiceInvalid)
      const taxExcluded = input.taxExcluded == null ? null : toCents(input.taxExcluded)
      const taxIncluded = input.taxIncluded == null ? null : toCents(input.taxIncluded)
      const validating =
        input.stateId === RECEIPT_STATE_IDS.VALIDATED && receipt.stateId !== RECEIPT_STATE_IDS.VALIDATED
      await deps.db.transaction(async (tx) => {
        await createReceiptRepo(tx).update(tenant.organizationId, id, {
          reference: input.reference,
          description: input.description,
          // Validated with no supplier chosen: the one read on the receipt becomes a supplier, in the same transaction.
          contactId:
            input.contactId ??
            (validating && input.supplierName
              ? await supplierNamedOrMade(tx, tenant.organizationId, input.supplierName)
              : null),
          supplierName: input.supplierName,
          datedAt: input.datedAt,
          ...(input.currencyId == null ? {} : { currencyId: input.currencyId }),
          taxExcluded,
          taxIncluded,
          taxAmount: taxExcluded !== null && taxIncluded !== null ? toCents(subtract(taxIncluded, taxExcluded)) : null,
          stateId: input.stateId ?? receipt.stateId,
          searchText: searchTextOf({ ...input, name: receipt.name }),
          ...(input.stateId === RECEIPT_STATE_IDS.VALIDATED ? { failure: null } : {}),
        })
        await deps.books.post(tx, { organizationId: tenant.organizationId, receipts: [id] })
      })
      return detail(tenant, id)
    },

    async remove(tenant: Tenant, id: number) {
      const { receipt } = await load(tenant, id)
      // The invoice a supplier sent through the network is kept: its flow and the statuses sent refer to it.
      if (await deps.network.receivedByNetwork(deps.db, tenant.organizationId, id))
        throw conflict(eInvoicingMessages.receivedReceiptKept, 'RECEIPT_RECEIVED_E_INVOICE')
      await deps.db.transaction(async (tx) => {
        // Read before the delete: the lines it was attached to lose the link with it.
        const reached = await deps.books.reach(tx, { organizationId: tenant.organizationId, receipts: [id] })
        await createReceiptRepo(tx).remove(tenant.organizationId, id)
        await deps.books.post(tx, reached)
      })
      await deps.storage.delete(receipt.storageKey).catch(() => undefined)
    },

    async download(tenant: Tenant, id: number) {
      const { receipt } = await load(tenant, id)
      const file = await deps.storage.get(receipt.storageKey)
      if (!file) throw notFound()
      return {
        body: file.body,
        contentType: receipt.mimeType,
        fileName: `${baseName(receipt.name)}.${receiptExtension(receipt.mimeType, receipt.extension)}`,
      }
    },

    /** POST /transactions/{id}/receipts: the receipts attached; a receipt justifies, so "no receipt" goes. */
    async attach(tenant: Tenant, transactionId: number, receiptIds: number[]) {
      await transactionOrNotFound(tenant, transactionId)
      const unique = [...new Set(receiptIds)]
      const found = await repo.findMany(tenant.organizationId, unique)
      if (found.length !== unique.length) throw fieldError('receipts', messages.validation.choiceInvalid)
      await deps.db.transaction(async (tx) => {
        const added = await createReceiptRepo(tx).attach(tenant.organizationId, transactionId, unique)
        await linksHistory(tx, tenant, transactionId, added, true)
        await deps.books.post(tx, {
          organizationId: tenant.organizationId,
          transactions: [transactionId],
          receipts: added,
        })
      })
      return receiptsOfTransaction(tenant, transactionId)
    },

    /** DELETE /transactions/{id}/receipts/{receiptId}: the link goes; the no-receipt flag stays as it was. */
    async detach(tenant: Tenant, transactionId: number, receiptId: number) {
      await transactionOrNotFound(tenant, transactionId)
      const detached = await deps.db.transaction(async (tx) => {
        // The names are read while the link still holds; nothing is written when there was none.
        const removed = await createReceiptRepo(tx).detach(tenant.organizationId, transactionId, receiptId)
        if (removed) await linksHistory(tx, tenant, transactionId, [receiptId], false)
        await deps.books.post(tx, {
          organizationId: tenant.organizationId,
          transactions: [transactionId],
          receipts: [receiptId],
        })
        return removed
      })
      if (!detached) throw notFound()
    },

    receiptsOfTransaction,

    /** The readings still running, ended (the app's close): their receipts are filled in before the database goes. */
    async close() {
      await readings.settled()
      await closeOcr()
    },
  }

  async function transactionOrNotFound(tenant: Tenant, id: number) {
    if (!(await repo.hasTransaction(tenant.organizationId, id))) throw notFound()
  }

  async function receiptsOfTransaction(tenant: Tenant, transactionId: number): Promise<TransactionReceiptDto[]> {
    return (await repo.receiptsOfTransactions(tenant.organizationId, [transactionId])).map(
      ({ transactionId: _transactionId, ...row }) => row,
    )
  }
}

export type ReceiptService = ReturnType<typeof createReceiptService>
