import type { Config } from '../../../config'
import type { Db } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import type { SecretBox } from '../../../lib/secrets'
import type { Storage } from '../../../lib/storage'
import type { TwoFactorService } from '../../account/two-factor/service'
import type { Books } from '../../books/ledger/books'
import type { ReceiptService } from '../../money/receipts/service'
import type { ActivityService } from '../../platform/activities/service'
import type { NotificationService } from '../../platform/notifications/service'
import type { PdfService } from '../pdf/service'
import type { PrintModelLoader } from '../printing/load'

/** What the e-invoicing network is made with (app.ts wires it through wiring.ts). */
export type EInvoicingDeps = {
  db: Db
  books: Books
  clock: Clock
  config: Config
  secrets: SecretBox
  storage: Storage
  twoFactor: TwoFactorService
  pdfs: PdfService
  printModels: PrintModelLoader
  receipts: ReceiptService
  activities: ActivityService
  notifications: NotificationService
  log: (error: unknown, message: string) => void
}
