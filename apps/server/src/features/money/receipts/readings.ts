import { type ReceiptFileType, searchKey } from '@app/domain'
import type { Db } from '../../../db/client'
import type { Tenant } from '../../../lib/tenant'
import type { Books } from '../../books/ledger/books'
import { type Intake, intakeOf, supplierIdOf } from './intake'
import { type ReceiptTextReader, receiptTextReader } from './reading'
import { createReceiptRepo } from './repo'

/** Whether a receipt was being read when readingNow() was asked. */
export type ReadingNow = (organizationId: number, id: number) => boolean

export type ReceiptFile = { bytes: Buffer; fileName: string }
export type ReceiptUpload = { files: ReceiptFile[]; origin?: string; transactionId?: number }

/** How long an upload waits for its files to be read (OCR) before it answers; what comes later fills in then. */
export const READING_WAIT_MS = 8000

export const searchTextOf = (receipt: {
  name: string
  reference?: string | null
  description?: string | null
  supplierName?: string | null
}) =>
  searchKey([receipt.name, receipt.reference ?? '', receipt.description ?? '', receipt.supplierName ?? ''].join(' '))

/**
 * The readings of uploaded files (an e-invoice's XML, a PDF's text, a photo's OCR): waited for a while by the upload,
 * and applied later to the receipt when they outlast it. Kept in this process only, as the readings run here.
 */
export function createReceiptReadings(deps: {
  db: Db
  books: Books
  reader?: ReceiptTextReader
  /** READING_WAIT_MS unless said otherwise (config RECEIPT_READING_WAIT_MS). */
  readingWaitMs?: number
  onError?: (error: unknown) => void
}) {
  const reader = deps.reader ?? receiptTextReader
  const readingWaitMs = deps.readingWaitMs ?? READING_WAIT_MS
  /** Receipts whose file is still being read, by `organisation:id`: in this process only, as the readings are. */
  const reading = new Set<string>()
  const readings = new Set<Promise<void>>()
  const readingKey = (organizationId: number, id: number) => `${organizationId}:${id}`

  /**
   * A reading that outlasted the upload's wait, applied when it ends, as it would have been at the upload: only to a
   * receipt nobody saved since (the editor's save wins), in a transaction (a validated e-invoice posts with it).
   */
  function fillInLater(tenant: Tenant, id: number, name: string, pending: Promise<Intake>) {
    const key = readingKey(tenant.organizationId, id)
    reading.add(key)
    const done: Promise<void> = pending
      .then((intake) =>
        deps.db.transaction(async (tx) => {
          const writer = createReceiptRepo(tx)
          const values = { ...intake.values, searchText: searchTextOf({ ...intake.values, name }) }
          // The supplier only for a receipt filled: a contact is never made for a reading thrown away.
          const filled = await writer.fillUntouched(tenant.organizationId, id, values)
          if (filled && intake.supplier) {
            const contactId = await supplierIdOf(tx, tenant.organizationId, intake.supplier, new Map())
            await writer.update(tenant.organizationId, id, { contactId })
          }
          await deps.books.post(tx, { organizationId: tenant.organizationId, receipts: [id] })
        }),
      )
      .catch((error) => deps.onError?.(error))
      .finally(() => {
        reading.delete(key)
        readings.delete(done)
      })
    readings.add(done)
  }

  /**
   * What each file says, waited for at most `readingWaitMs` together: the readings run at once (the OCR takes one
   * image at a time, about 2 s for a phone photo), and a late one is null here, its receipt filled in later. An XML
   * file is always waited for: it may refuse the upload (415).
   */
  async function readAll(tenant: Tenant, files: (ReceiptFile & { type: ReceiptFileType })[]) {
    const pending = files.map((file, index) =>
      intakeOf({ db: deps.db, reader }, tenant.organizationId, { ...file, position: index + 1 }),
    )
    // Handled here too: a late reading's failure is not an unhandled rejection (fillInLater reports it).
    for (const read of pending) read.catch(() => undefined)
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), readingWaitMs)
    })
    try {
      const intakes: (Intake | null)[] = []
      for (const [index, read] of pending.entries())
        intakes.push(files[index]?.type === 'application/xml' ? await read : await Promise.race([read, late]))
      return { intakes, pending }
    } finally {
      clearTimeout(timer)
    }
  }

  return {
    fillInLater,
    readAll,
    /**
     * Which receipts are being read now, to be asked before their rows are read: a reading that ends between the two
     * then shows the row read before it as still being read (asked again, it has its fields), never as read and empty.
     */
    readingNow(): ReadingNow {
      const now = new Set(reading)
      return (organizationId, id) => now.has(readingKey(organizationId, id))
    },
    /** Every reading still running, ended. */
    async settled() {
      await Promise.allSettled([...readings])
    },
  }
}
