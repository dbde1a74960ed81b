// OWNED BY HELPER D1 (sending). Placeholder with the agreed names.
import type { FastifyInstance } from 'fastify'
import type { TenantResolver } from '../../account/tenant'
import type { EInvoiceOutbox } from './outbox'

export function registerEInvoiceSendingRoutes(
  _api: FastifyInstance,
  _deps: { outbox: EInvoiceOutbox; tenant: TenantResolver },
) {}
