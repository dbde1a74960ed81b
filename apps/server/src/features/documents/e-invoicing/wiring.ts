import type { FastifyInstance } from 'fastify'
import type { TenantResolver } from '../../../lib/tenant'
import { registerEInvoicingConnectionRoutes } from './connection/routes'
import { createEInvoicingConnectionService } from './connection/service'
import type { EInvoicingDeps } from './deps'

// What the invoices and the receipts ask of the network, plugged in by app.ts (decision 0046).
export { receiptNetwork } from './intake/receipt-network'
export { invoiceNetwork } from './sending/invoice-network'

import { registerEInvoiceIntakeRoutes } from './intake/routes'
import { createEInvoiceIntake } from './intake/service'
import { createPlatformClients } from './platform/client'
import { createEReportingReminders } from './reporting/reminders'
import { registerEReportingRoutes } from './reporting/routes'
import { createEReporting } from './reporting/service'
import { createEInvoiceOutbox } from './sending/outbox'
import { registerEInvoiceSendingRoutes } from './sending/routes'

/**
 * The e-invoicing network (decision 0043): the PA connection and the directory, the outbox that sends invoices and
 * statuses, the intake of what the PA sends back (webhook and polling), and e-reporting (flux 10). Wired here so app.ts stays one line.
 */
export function wireEInvoicing(deps: EInvoicingDeps) {
  const platforms = createPlatformClients({ db: deps.db, secrets: deps.secrets })
  const connection = createEInvoicingConnectionService({ ...deps, platforms })
  const outbox = createEInvoiceOutbox({ ...deps, platforms })
  const intake = createEInvoiceIntake({ ...deps, platforms, outbox })
  const reporting = createEReporting({ ...deps, outbox })
  const reportingReminders = createEReportingReminders({ ...deps, reporting })
  return {
    connection,
    outbox,
    intake,
    reporting,
    reportingReminders,
    registerRoutes(api: FastifyInstance, tenant: TenantResolver) {
      registerEInvoicingConnectionRoutes(api, { connection, tenant })
      registerEInvoiceSendingRoutes(api, { outbox, tenant })
      registerEInvoiceIntakeRoutes(api, { intake, tenant })
      registerEReportingRoutes(api, { reporting, tenant })
    },
  }
}
export type EInvoicing = ReturnType<typeof wireEInvoicing>
