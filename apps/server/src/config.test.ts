import { describe, expect, it } from 'vitest'
import { loadConfig } from './config'

describe('configuration from the environment', () => {
  it('defaults to port 3000, ./data and e-mailed links on that port', () => {
    const config = loadConfig({})
    expect(config).toMatchObject({
      port: 3000,
      dataDir: './data',
      appUrl: 'http://localhost:3000',
      secureCookies: false,
    })
    expect(loadConfig({ PORT: '4100' }).appUrl).toBe('http://localhost:4100')
  })

  it('opens the development mailbox only without an SMTP server, unless told otherwise', () => {
    expect(loadConfig({}).devMailbox).toBe(true)
    expect(loadConfig({ SMTP_URL: 'smtp://mail:587' }).devMailbox).toBe(false)
    expect(loadConfig({ SMTP_URL: 'smtp://mail:587', DEV_MAILBOX: 'on' }).devMailbox).toBe(true)
  })

  it('makes the session cookie Secure behind an https address', () => {
    expect(loadConfig({ APP_URL: 'https://compta.exemple.fr/' })).toMatchObject({
      appUrl: 'https://compta.exemple.fr',
      secureCookies: true,
    })
  })

  it('treats an empty DATABASE_URL as none (PGlite)', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined()
  })

  it('looks companies up in the public directory by default, within 5 s', () => {
    expect(loadConfig({})).toMatchObject({
      companyLookupUrl: 'https://recherche-entreprises.api.gouv.fr',
      companyLookupTimeoutMs: 5000,
    })
    expect(loadConfig({ COMPANY_LOOKUP_URL: 'http://127.0.0.1:9999/' }).companyLookupUrl).toBe('http://127.0.0.1:9999')
  })

  it('offers a bank connection provider only when its client id and secret are both set', () => {
    expect(loadConfig({})).toMatchObject({ bridge: null, qonto: null })
    expect(loadConfig({ BRIDGE_CLIENT_ID: 'id', BRIDGE_CLIENT_SECRET: '' }).bridge).toBeNull()
    expect(loadConfig({ BRIDGE_CLIENT_ID: 'id', BRIDGE_CLIENT_SECRET: 'secret' }).bridge).toEqual({
      clientId: 'id',
      clientSecret: 'secret',
      apiUrl: 'https://api.bridgeapi.io',
    })
    expect(
      loadConfig({ QONTO_CLIENT_ID: 'id', QONTO_CLIENT_SECRET: 's', QONTO_API_URL: 'http://127.0.0.1:9998/' }).qonto,
    ).toEqual({
      clientId: 'id',
      clientSecret: 's',
      apiUrl: 'http://127.0.0.1:9998',
      oauthUrl: 'https://oauth.qonto.com',
    })
  })
  it('takes card payments for the plans only with both the Stripe key and the webhook secret', () => {
    expect(loadConfig({}).stripe).toBeNull()
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' }).stripe).toBeNull()
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'sk_test_1',
        STRIPE_WEBHOOK_SECRET: 'whsec_1',
        STRIPE_API_URL: 'http://127.0.0.1:9997/',
      }).stripe,
    ).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1', apiUrl: 'http://127.0.0.1:9997' })
    expect(loadConfig({ STRIPE_SECRET_KEY: 'k', STRIPE_WEBHOOK_SECRET: 's' }).stripe?.apiUrl).toBe(
      'https://api.stripe.com',
    )
  })
})
