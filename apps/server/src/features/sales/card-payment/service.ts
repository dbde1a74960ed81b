import { type CardPaymentBody, type CardPaymentDto, canManageOrganization, hasFeature, messages } from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import type { Clock } from '../../../lib/clock'
import { fieldError, forbidden } from '../../../lib/errors'
import type { SecretBox } from '../../../lib/secrets'
import type { Tenant } from '../../../lib/tenant'
import type { OrganizationService } from '../../account/organizations/service'
import { type CardPaymentRow, createCardPaymentRepo } from './repo'

const c = messages.cardPayment

/** "sk_live_…1234": enough to recognise one's key, never enough to use it. */
export function secretKeyHint(key: string): string {
  const mode = /^(sk_(?:live|test)_)/.exec(key)?.[1] ?? ''
  return `${mode}…${key.slice(-4)}`
}

function present(row: CardPaymentRow): CardPaymentDto {
  return {
    hasSecretKey: row.secretKey !== null,
    secretKeyHint: row.secretKey ? secretKeyHint(row.secretKey) : null,
    paymentMinimum: row.paymentMinimum,
    paymentLimit: row.paymentLimit,
  }
}

/**
 * Card payments of invoices (spec/account.md §3 "The card-payment fields", §5 "Payment provider"): the organisation's
 * own Stripe secret key, kept on the server and only ever shown as a hint, and the amounts TTC between which its
 * customers may pay by card. A feature of the paid plans and the trial (§4: the free formula disables the card-payment
 * mode); the owner sets it up, as the other sales settings.
 */
export function createCardPaymentService(deps: {
  db: DbOrTx
  clock: Clock
  /** The organisations' Stripe keys are kept encrypted (lib/secrets.ts). */
  secrets: SecretBox
  organizations: Pick<OrganizationService, 'access'>
}) {
  const repo = createCardPaymentRepo(deps.db, deps.secrets)

  async function assertPremium(tenant: Tenant) {
    if (!hasFeature(await deps.organizations.access(tenant.organizationId), 'card_payment'))
      throw forbidden(c.premiumRequired, 'PREMIUM_REQUIRED')
  }

  return {
    async get(tenant: Tenant): Promise<CardPaymentDto> {
      await assertPremium(tenant)
      return present(await repo.find(tenant.organizationId))
    },

    /**
     * PATCH: absent fields keep their value, null clears one. Without a key, card payments cannot be taken: removing
     * the key switches the STRIPE mode off with it.
     */
    async update(tenant: Tenant, body: CardPaymentBody): Promise<CardPaymentDto> {
      if (!canManageOrganization(tenant.membership.roleCode))
        throw forbidden(messages.organization.ownerOnly, 'OWNER_ONLY')
      await assertPremium(tenant)
      const current = await repo.find(tenant.organizationId)
      const next: CardPaymentRow = {
        secretKey: body.secretKey === undefined ? current.secretKey : (body.secretKey?.trim() ?? null),
        paymentMinimum: body.paymentMinimum === undefined ? current.paymentMinimum : body.paymentMinimum,
        paymentLimit: body.paymentLimit === undefined ? current.paymentLimit : body.paymentLimit,
        isActive: current.isActive,
      }
      if (next.paymentMinimum !== null && next.paymentLimit !== null && next.paymentMinimum > next.paymentLimit)
        throw fieldError('paymentMinimum', c.limitOrder)
      if (next.secretKey === null) next.isActive = false
      await repo.save(tenant.organizationId, { ...next, updatedAt: deps.clock().toISOString() })
      return present(next)
    },

    /** What the STRIPE payment mode needs to be switched on (features/sales/payment-modes). */
    async canSwitchOn(tenant: Tenant): Promise<void> {
      await assertPremium(tenant)
      const row = await repo.find(tenant.organizationId)
      if (row.secretKey === null) throw new CardPaymentKeyMissing()
    },
  }
}
export type CardPaymentService = ReturnType<typeof createCardPaymentService>

export class CardPaymentKeyMissing extends Error {}
