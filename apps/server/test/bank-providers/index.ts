import { afterAll, beforeAll } from 'vitest'
import type { Config } from '../../src/config'
import { createFakeBridge, type FakeBridge } from './fake-bridge'
import { createFakeQonto, type FakeQonto } from './fake-qonto'
import { startJsonServer } from './http'

export { createFakeBridge, type FakeBridge } from './fake-bridge'
export { createFakeQonto, type FakeQonto } from './fake-qonto'

export const BRIDGE_CREDENTIALS = { clientId: 'carnet-test-bridge', clientSecret: 'bridge-secret-ù' }
export const QONTO_CREDENTIALS = { clientId: 'carnet-test-qonto', clientSecret: 'qonto-secret' }

/**
 * Local Bridge and Qonto for a test file: started before its tests and stopped after. `config` (pass it to
 * useTestContext) points the app's connectors at them once they listen; `bridge` and `qonto` are their states and
 * controls; `received` lists what each was asked.
 */
export function useFakeBankProviders(options: { timeoutMs?: number } = {}) {
  const config: Partial<Config> = { bankProviderTimeoutMs: options.timeoutMs ?? 2000 }
  const fakes = {
    bridge: createFakeBridge(BRIDGE_CREDENTIALS) as FakeBridge,
    qonto: createFakeQonto(QONTO_CREDENTIALS) as FakeQonto,
    received: {
      bridge: [] as Awaited<ReturnType<typeof startJsonServer>>['received'],
      qonto: [] as Awaited<ReturnType<typeof startJsonServer>>['received'],
    },
    config,
  }
  const servers: Awaited<ReturnType<typeof startJsonServer>>[] = []
  beforeAll(async () => {
    const bridge = await startJsonServer(fakes.bridge.handle)
    const qonto = await startJsonServer(fakes.qonto.handle)
    servers.push(bridge, qonto)
    fakes.bridge.controls.origin = bridge.url
    fakes.received.bridge = bridge.received
    fakes.received.qonto = qonto.received
    config.bridge = { ...BRIDGE_CREDENTIALS, apiUrl: bridge.url }
    config.qonto = { ...QONTO_CREDENTIALS, apiUrl: qonto.url, oauthUrl: qonto.url }
  })
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.close()))
  })
  return fakes
}
