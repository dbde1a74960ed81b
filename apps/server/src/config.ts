import { join } from 'node:path'
import { z } from 'zod'

/** The only reader of process.env: every setting is validated once at start-up. */
const configSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Uploaded files (catalogue images…); defaults to `<DATA_DIR>/files`. */
  FILES_DIR: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Carnet <no-reply@carnet.local>'),
  APP_URL: z.string().optional(),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** France's public company directory ("API Recherche d'entreprises"), for the SIREN/SIRET lookup. */
  COMPANY_LOOKUP_URL: z.string().url().default('https://recherche-entreprises.api.gouv.fr'),
  COMPANY_LOOKUP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** Bank connections (features/money/bank-connections): each provider is offered only when its client id and secret are set. */
  BRIDGE_CLIENT_ID: z.string().optional(),
  BRIDGE_CLIENT_SECRET: z.string().optional(),
  BRIDGE_API_URL: z.string().url().default('https://api.bridgeapi.io'),
  QONTO_CLIENT_ID: z.string().optional(),
  QONTO_CLIENT_SECRET: z.string().optional(),
  QONTO_API_URL: z.string().url().default('https://thirdparty.qonto.com'),
  QONTO_OAUTH_URL: z.string().url().default('https://oauth.qonto.com'),
  BANK_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
  /** How long a receipt upload waits for its photos' OCR before it answers (features/money/receipts: the rest fills in after). */
  RECEIPT_READING_WAIT_MS: z.coerce.number().int().min(0).max(120_000).default(8000),
  /** The organisation's subscription to Carnet, by card through Stripe's API (features/account/billing): off without both. */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.string().url().default('https://api.stripe.com'),
  /** The legal notice (GET /content/legal-notice): who publishes this instance, who hosts it (";" between several), whom to write about personal data. */
  LEGAL_PUBLISHER: z.string().default("L'exploitant de cette instance de Carnet"),
  LEGAL_HOSTING: z.string().default("L'exploitant de cette instance de Carnet, sur ses propres serveurs"),
  DPO_EMAIL: z.string().email().default('dpo@carnet.local'),
  /** On: every route but the public ones answers 503 and the web app shows its maintenance page. */
  MAINTENANCE: z.enum(['on', 'off']).default('off'),
  /**
   * The key that encrypts the secrets kept in the database (two-factor seeds, payment and bank credentials):
   * 32 bytes in base64 or hex. Required in production; elsewhere one is made once in `<DATA_DIR>/secret.key`.
   */
  SECRET_KEY: z.string().optional(),
  NODE_ENV: z.string().optional(),
  /**
   * Addresses (or CIDR ranges, comma-separated) of the reverse proxies whose `X-Forwarded-For` is believed.
   * Empty: the connection's own address is the client's, whatever a request claims.
   */
  TRUST_PROXY: z.string().default(''),
  /** A session ends after this many days without use, and in any case this many days after sign-in. */
  SESSION_IDLE_DAYS: z.coerce.number().min(0.01).max(365).default(14),
  SESSION_MAX_DAYS: z.coerce.number().min(0.01).max(3650).default(90),
  /** The instance's support operators (e-mails, comma-separated): they may act as a user who granted them access. */
  SUPPORT_OPERATORS: z.string().default(''),
  /** Where `npm run backup` writes its archives; defaults to `<DATA_DIR>/backups`. */
  BACKUP_DIR: z.string().optional(),
  /** The development mailbox is readable without sign-in, so it is only on when no SMTP server is configured. */
  DEV_MAILBOX: z
    .enum(['on', 'off'])
    .optional()
    .transform((value) => value),
})

export type Config = {
  port: number
  host: string
  dataDir: string
  filesDir: string
  databaseUrl: string | undefined
  smtpUrl: string | undefined
  mailFrom: string
  appUrl: string
  webDist: string | undefined
  logLevel: string
  devMailbox: boolean
  secureCookies: boolean
  companyLookupUrl: string
  companyLookupTimeoutMs: number
  /** The aggregator (Bridge API v3), or null when not configured. */
  bridge: { clientId: string; clientSecret: string; apiUrl: string } | null
  /** The neobank (Qonto's public API, OAuth 2), or null when not configured. */
  qonto: { clientId: string; clientSecret: string; apiUrl: string; oauthUrl: string } | null
  bankProviderTimeoutMs: number
  receiptReadingWaitMs: number
  /** The card payment provider of Carnet's own plans (Stripe's API), or null when not configured. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string } | null
  /** The legal notice's publisher, hosting providers and data-protection contact. */
  legal: { publisher: string; hosting: string[]; dpoEmail: string }
  maintenance: boolean
  /** Stripe's API for the organisations' own card payments of invoices (features/sales/card-payment), each with its key. */
  stripeApiUrl: string
  /** SECRET_KEY as given (null: the embedded key file is used, or start-up refuses in production). */
  secretKey: string | null
  production: boolean
  /** Fastify's `trustProxy`: the proxies' addresses, or false to believe no forwarded header. */
  trustProxy: string[] | false
  session: { idleDays: number; maxDays: number }
  /** Lower-cased e-mails of the instance's support operators. */
  supportOperators: string[]
  backupDir: string
}

const trimUrl = (url: string) => url.replace(/\/$/, '')

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.parse(env)
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir: parsed.DATA_DIR,
    filesDir: parsed.FILES_DIR || join(parsed.DATA_DIR, 'files'),
    databaseUrl: parsed.DATABASE_URL || undefined,
    smtpUrl: parsed.SMTP_URL || undefined,
    mailFrom: parsed.MAIL_FROM,
    appUrl: (parsed.APP_URL || `http://localhost:${parsed.PORT}`).replace(/\/$/, ''),
    webDist: parsed.WEB_DIST,
    logLevel: parsed.LOG_LEVEL,
    devMailbox: parsed.DEV_MAILBOX ? parsed.DEV_MAILBOX === 'on' : !parsed.SMTP_URL,
    secureCookies: (parsed.APP_URL ?? '').startsWith('https://'),
    companyLookupUrl: parsed.COMPANY_LOOKUP_URL.replace(/\/$/, ''),
    companyLookupTimeoutMs: parsed.COMPANY_LOOKUP_TIMEOUT_MS,
    bridge:
      parsed.BRIDGE_CLIENT_ID && parsed.BRIDGE_CLIENT_SECRET
        ? {
            clientId: parsed.BRIDGE_CLIENT_ID,
            clientSecret: parsed.BRIDGE_CLIENT_SECRET,
            apiUrl: trimUrl(parsed.BRIDGE_API_URL),
          }
        : null,
    qonto:
      parsed.QONTO_CLIENT_ID && parsed.QONTO_CLIENT_SECRET
        ? {
            clientId: parsed.QONTO_CLIENT_ID,
            clientSecret: parsed.QONTO_CLIENT_SECRET,
            apiUrl: trimUrl(parsed.QONTO_API_URL),
            oauthUrl: trimUrl(parsed.QONTO_OAUTH_URL),
          }
        : null,
    bankProviderTimeoutMs: parsed.BANK_PROVIDER_TIMEOUT_MS,
    receiptReadingWaitMs: parsed.RECEIPT_READING_WAIT_MS,
    // Both or nothing: a key without the webhook secret would take payments that never reach the organisation.
    stripe:
      parsed.STRIPE_SECRET_KEY && parsed.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: parsed.STRIPE_SECRET_KEY,
            webhookSecret: parsed.STRIPE_WEBHOOK_SECRET,
            apiUrl: trimUrl(parsed.STRIPE_API_URL),
          }
        : null,
    legal: {
      publisher: parsed.LEGAL_PUBLISHER.trim(),
      hosting: parsed.LEGAL_HOSTING.split(';')
        .map((provider) => provider.trim())
        .filter(Boolean),
      dpoEmail: parsed.DPO_EMAIL,
    },
    maintenance: parsed.MAINTENANCE === 'on',
    stripeApiUrl: trimUrl(parsed.STRIPE_API_URL),
    secretKey: parsed.SECRET_KEY?.trim() || null,
    production: parsed.NODE_ENV === 'production',
    trustProxy: listOf(parsed.TRUST_PROXY).length > 0 ? listOf(parsed.TRUST_PROXY) : false,
    session: {
      idleDays: parsed.SESSION_IDLE_DAYS,
      maxDays: Math.max(parsed.SESSION_MAX_DAYS, parsed.SESSION_IDLE_DAYS),
    },
    supportOperators: listOf(parsed.SUPPORT_OPERATORS).map((email) => email.toLowerCase()),
    backupDir: parsed.BACKUP_DIR || join(parsed.DATA_DIR, 'backups'),
  }
}

const listOf = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
