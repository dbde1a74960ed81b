// OWNED BY HELPER C (connection). Placeholder with the agreed names.
import type { FastifyInstance } from 'fastify'
import type { TenantResolver } from '../../account/tenant'
import type { EInvoicingConnectionService } from './service'

export function registerEInvoicingConnectionRoutes(
  _api: FastifyInstance,
  _deps: { connection: EInvoicingConnectionService; tenant: TenantResolver },
) {}
