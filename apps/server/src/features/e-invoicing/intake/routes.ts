// OWNED BY HELPER D2 (intake). Placeholder with the agreed names.
import type { FastifyInstance } from 'fastify'
import type { TenantResolver } from '../../account/tenant'
import type { EInvoiceIntake } from './service'

export function registerEInvoiceIntakeRoutes(
  _api: FastifyInstance,
  _deps: { intake: EInvoiceIntake; tenant: TenantResolver },
) {}
