import type { BankProviderCode } from '@app/domain'
import type { Config } from '../../../../config'
import type { Clock } from '../../../../lib/clock'
import { createBridgeProvider } from './bridge'
import { createQontoProvider } from './qonto'
import type { BankProvider } from './types'

export type BankProviders = Partial<Record<BankProviderCode, BankProvider>>

/** The connectors this server is configured for (config.ts: a provider needs its client id and secret). */
export function createBankProviders(
  config: Pick<Config, 'bridge' | 'qonto' | 'bankProviderTimeoutMs'>,
  clock: Clock,
): BankProviders {
  const timeoutMs = config.bankProviderTimeoutMs
  return {
    ...(config.bridge ? { bridge: createBridgeProvider({ ...config.bridge, timeoutMs }) } : {}),
    ...(config.qonto ? { qonto: createQontoProvider({ ...config.qonto, timeoutMs, clock }) } : {}),
  }
}
