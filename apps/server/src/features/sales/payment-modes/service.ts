import {
  canManageOrganization,
  messages,
  type Paging,
  type PaymentModeBody,
  type PaymentModeCode,
  type PaymentModeDto,
  paymentModeFields,
  searchedPageOfList,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { conflict, fieldError, forbidden, notFound } from '../../../lib/errors'
import { mergePatch } from '../../../lib/patch'
import type { Tenant } from '../../../lib/tenant'
import { CardPaymentKeyMissing, type CardPaymentService } from '../card-payment/service'
import { createPaymentModesRepo, type OrganizationPaymentModeRow, type PaymentModeRow } from './repo'

const m = messages.settingsAppearance

function present(mode: PaymentModeRow, chosen: OrganizationPaymentModeRow | null): PaymentModeDto {
  return {
    id: mode.id,
    code: mode.code as PaymentModeCode,
    name: mode.name,
    isActive: chosen?.isActive ?? mode.isActiveByDefault,
    iban: chosen?.iban ?? null,
    bic: chosen?.bic ?? null,
    accountName: chosen?.accountName ?? null,
  }
}

/**
 * The payment modes an organisation offers on its documents (spec/account.md §3): the reference list with the
 * reference's defaults until the organisation changes a mode (its row is then made). The bank transfer carries the
 * IBAN, BIC and account holder printed on invoices (read by features/documents/printing/load.ts). Every member reads them; who
 * may change them follows PATCH /settings (the owner).
 */
export function createPaymentModesService(deps: {
  db: DbOrTx
  clock: Clock
  cardPayment: Pick<CardPaymentService, 'canSwitchOn'>
}) {
  const repo = createPaymentModesRepo(deps.db)

  return {
    /** Every mode is read (the reference list has a handful), then the page asked for is cut out. */
    async list(tenant: Tenant, query: Paging & { search?: string }) {
      const rows = (await repo.list(tenant.organizationId)).map((row) => present(row.mode, row.chosen))
      return searchedPageOfList(rows, query, (mode) => [mode.code, mode.name])
    },

    /**
     * PATCH: the fields sent are merged into the stored mode (absent keeps, null clears) and the whole checked. The
     * IBAN, BIC and holder belong to the bank transfer only: sent for another mode, they are ignored.
     */
    async update(tenant: Tenant, id: number, body: PaymentModeBody): Promise<PaymentModeDto> {
      if (!canManageOrganization(tenant.membership.roleCode))
        throw forbidden(messages.organization.ownerOnly, 'OWNER_ONLY')
      const rows = await repo.list(tenant.organizationId)
      const row = rows.find((candidate) => candidate.mode.id === id)
      if (!row) throw notFound()
      const current = present(row.mode, row.chosen)
      const isTransfer = current.code === 'TRANSFERT'
      const { id: _id, code: _code, name: _name, ...stored } = current
      const merged = mergePatch(paymentModeFields, stored, body)
      const next = isTransfer ? merged : { ...stored, isActive: merged.isActive }
      // Card payments go through the organisation's own Stripe account: on a paid plan, once its secret key is set.
      if (current.code === 'STRIPE' && next.isActive && !current.isActive)
        await deps.cardPayment.canSwitchOn(tenant).catch((error) => {
          throw error instanceof CardPaymentKeyMissing
            ? conflict(messages.cardPayment.needsKey, 'PAYMENT_MODE_UNAVAILABLE')
            : error
        })
      // The transfer is printed with its IBAN: switching it on, or changing its IBAN while on, needs a valid one.
      if (isTransfer && next.isActive && !next.iban && (body.isActive === true || body.iban !== undefined))
        throw fieldError('iban', m.transferNeedsIban)
      await repo.upsert(tenant.organizationId, id, { ...next, updatedAt: deps.clock().toISOString() })
      return { ...current, ...next }
    },
  }
}
export type PaymentModesService = ReturnType<typeof createPaymentModesService>
