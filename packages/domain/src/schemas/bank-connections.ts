import { z } from 'zod'
import { messages } from '../messages/index'
import { idField } from './common'
import { pagingFields, searchFields } from './lists'

const m = messages.bankConnections

/** The connectors behind the one provider interface: an aggregator (Bridge) and a neobank's own API (Qonto). */
export const BANK_PROVIDERS = ['bridge', 'qonto'] as const
export type BankProviderCode = (typeof BANK_PROVIDERS)[number]

export const bankProviderField = () => z.enum(BANK_PROVIDERS, { error: m.providerInvalid })

/**
 * POST /bank-connections: the provider whose connection page the user goes to. With `bankConnectionId`, the page
 * renews or repairs that connection (the 90-day renewal, the error modal's action link) instead of adding one.
 */
export const bankConnectSchema = z.strictObject({
  provider: bankProviderField(),
  bankConnectionId: idField().optional(),
})
export type BankConnectBody = z.output<typeof bankConnectSchema>

export const bankConnectionListQuerySchema = z.strictObject({ ...pagingFields(), ...searchFields() })
export type BankConnectionListQuery = z.output<typeof bankConnectionListQuerySchema>

const param = () => z.string().max(2000).optional()

/**
 * GET /bank-connections/callback: what the provider's page adds to our return address. Bridge: `context` (our state),
 * `item_id`, `user_uuid`, `success`, `step`, `source`; Qonto (OAuth 2): `state`, `code`, or `error` and
 * `error_description`. Not strict: providers add parameters of their own over time.
 */
export const bankCallbackQuerySchema = z.object({
  state: param(),
  context: param(),
  code: param(),
  item_id: param(),
  user_uuid: param(),
  success: param(),
  step: param(),
  error: param(),
  error_description: param(),
})
export type BankCallbackQuery = z.output<typeof bankCallbackQuerySchema>
