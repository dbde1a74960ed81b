import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { housekeepingSteps, runInBackground } from './background'
import type { Config } from './config'
import type { Database } from './db/client'
import { vacuumAfterBulkWrite } from './db/maintenance'
import { registerAccountRoutes } from './features/account/routes'
import { createAccountService } from './features/account/service'
import { createTenantResolver } from './features/account/tenant'
import { registerAccountingEntryRoutes } from './features/accounting-entries/routes'
import { createAccountingEntryService } from './features/accounting-entries/service'
import { registerActivityRoutes } from './features/activities/routes'
import { createActivityService } from './features/activities/service'
import { registerAddressRoutes } from './features/addresses/routes'
import { createAddressService } from './features/addresses/service'
import { registerAlertRoutes } from './features/alerts/routes'
import { createAlertService } from './features/alerts/service'
import { registerAppearanceRoutes } from './features/appearance/routes'
import { createAppearanceService } from './features/appearance/service'
import { createAuditCsvExport } from './features/audit/csv'
import { registerAuditRoutes } from './features/audit/routes'
import { createAuditTrail } from './features/audit/service'
import { registerAuthRoutes } from './features/auth/routes'
import { createBankProviders } from './features/bank-connections/providers/index'
import { registerBankConnectionRoutes } from './features/bank-connections/routes'
import { createBankConnectionService } from './features/bank-connections/service'
import { registerImportRoutes } from './features/bank-imports/routes'
import { createImportService } from './features/bank-imports/service'
import { createBillingProvider } from './features/billing/provider'
import { registerBillingRoutes } from './features/billing/routes'
import { createBillingService } from './features/billing/service'
import { createBillingWebhooks } from './features/billing/webhooks'
import { createCardCheckout } from './features/card-payment/checkout'
import { createPublicCardPayment } from './features/card-payment/public'
import { registerCardPaymentRoutes, registerPublicCardPaymentRoutes } from './features/card-payment/routes'
import { createCardPaymentService } from './features/card-payment/service'
import { registerCashRoutes } from './features/cash/routes'
import { createCashService } from './features/cash/service'
import { withCashJournal } from './features/cash-journal/guarded-transactions'
import { registerCashJournalRoutes } from './features/cash-journal/routes'
import { createCashJournalService } from './features/cash-journal/service'
import { registerCashSaleRoutes } from './features/cash-sales/routes'
import { createCashSaleService } from './features/cash-sales/service'
import { registerCommentRoutes } from './features/comments/routes'
import { createCommentService } from './features/comments/service'
import { createRechercheEntreprisesLookup } from './features/companies/lookup'
import { registerCompanyRoutes } from './features/companies/routes'
import { createCompanyService } from './features/companies/service'
import { registerContactRoutes } from './features/contacts/routes'
import { createContactService } from './features/contacts/service'
import { registerMaintenance } from './features/content/maintenance'
import { registerContentRoutes } from './features/content/routes'
import { registerDashboardRoutes } from './features/dashboard/routes'
import { createDashboardService } from './features/dashboard/service'
import { registerDocumentMailRoutes } from './features/document-mail/routes'
import { createDocumentMailService } from './features/document-mail/service'
import { createContactDocumentUsage } from './features/documents/repo'
import { wireEInvoicing } from './features/e-invoicing/wiring'
import { registerExpenseRoutes } from './features/expenses/routes'
import { createExpenseService } from './features/expenses/service'
import { createAccountingCsvExport } from './features/exports/accounting-csv'
import { createFecExport } from './features/exports/fec'
import { registerExportRoutes } from './features/exports/routes'
import { facturXml } from './features/factur-x/cii'
import { registerFacturXRoutes } from './features/factur-x/routes'
import { registerHealthRoutes } from './features/health/routes'
import { createCreditNoteService } from './features/invoices/credit-notes'
import { registerInvoiceRoutes } from './features/invoices/routes'
import { createInvoiceService } from './features/invoices/service'
import { registerItemRoutes } from './features/items/routes'
import { createItemService } from './features/items/service'
import { createJobs } from './features/jobs/wiring'
import { registerJournalRoutes } from './features/journals/routes'
import { createJournalService } from './features/journals/service'
import { createBooks } from './features/ledger/books'
import { registerMailboxRoutes } from './features/mail/routes'
import { createMailService } from './features/mail/service'
import { registerMemberRoutes } from './features/members/routes'
import { createMemberService } from './features/members/service'
import { registerNoteRoutes } from './features/notes/routes'
import { createNoteService } from './features/notes/service'
import { createNotificationHub } from './features/notifications/hub'
import { registerNotificationRoutes } from './features/notifications/routes'
import { createNotificationService } from './features/notifications/service'
import { registerOrganizationRoutes } from './features/organizations/routes'
import { createOrganizationService } from './features/organizations/service'
import { registerPaymentModesRoutes } from './features/payment-modes/routes'
import { createPaymentModesService } from './features/payment-modes/service'
import { registerPdfRoutes } from './features/pdf/routes'
import { createPdfService } from './features/pdf/service'
import { createPrintModelLoader } from './features/printing/load'
import { createQuoteConversionService } from './features/quotes/conversions'
import { registerQuoteRoutes } from './features/quotes/routes'
import { createQuoteService } from './features/quotes/service'
import { registerReceiptMatchRoutes } from './features/receipts/matching/routes'
import { createReceiptMatchService } from './features/receipts/matching/service'
import { registerReceiptRoutes } from './features/receipts/routes'
import { createReceiptService } from './features/receipts/service'
import { registerReferenceRoutes } from './features/reference/routes'
import { createBookService } from './features/reports/books'
import { registerBookRoutes } from './features/reports/books-routes'
import { registerReportRoutes } from './features/reports/routes'
import { createReportService } from './features/reports/service'
import { registerRuleRoutes } from './features/rules/routes'
import { createRuleService } from './features/rules/service'
import { registerSalesSettingsRoutes } from './features/sales-settings/routes'
import { createSalesSettingsService } from './features/sales-settings/service'
import { registerSearchRoutes } from './features/search/routes'
import { createSearchService } from './features/search/service'
import { registerSessionRoutes } from './features/sessions/routes'
import { registerShareLinkRoutes } from './features/share-links/routes'
import { createShareLinkService } from './features/share-links/service'
import { registerSubscriptionRoutes } from './features/subscriptions/routes'
import { createSubscriptionService } from './features/subscriptions/service'
import { registerSupportAccessRoutes } from './features/support-access/routes'
import { registerTransactionRoutes } from './features/transactions/routes'
import { createTransactionService } from './features/transactions/service'
import { registerTutorialRequestRoutes } from './features/tutorial-requests/routes'
import { createTutorialRequestService } from './features/tutorial-requests/service'
import { registerTwoFactorRoutes } from './features/two-factor/routes'
import { createUserService } from './features/users/service'
import { cookieSettings } from './lib/auth-context'
import { type Clock, systemClock } from './lib/clock'
import { createHttpServer } from './lib/http-server'
import { createSecretBox, resolveSecretKey } from './lib/secrets'
import { createFolderStorage, type Storage } from './lib/storage'
import { registerOperatorEndpoints } from './operator-wiring'
import { registerRequestContexts, wireSignIn } from './sign-in-wiring'
import { registerWebApp } from './web-app'

z.config(z.locales.fr())

export type AppDeps = {
  config: Config
  database: Database
  clock?: Clock
  logger?: boolean
  /** Where uploaded files go; a folder at `config.filesDir` by default. */
  storage?: Storage
  /** Hourly clean-up of expired sessions and old rate-limit windows (off in tests). */
  housekeeping?: boolean
  /** The e-mail outbox worker, every 15 s (features/mail); on with housekeeping unless said otherwise. */
  mailWorker?: boolean
  /** The jobs loop, every minute (features/jobs: recurring invoices, trials); on with housekeeping unless said otherwise. */
  jobsWorker?: boolean
  /** Enables POST /operator/jobs for `npm run jobs` with this token (main.ts, embedded database only). */
  operatorToken?: string
}

/** Builds the HTTP app: every feature's services and routes are wired here by hand, in one place. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps
  const { db } = deps.database
  const clock = deps.clock ?? systemClock
  const app = await createHttpServer({ config, logger: deps.logger })

  const cookie = cookieSettings(config.secureCookies)
  // Refuses to start in production without SECRET_KEY (lib/secrets.ts).
  const secrets = createSecretBox(resolveSecretKey(config))
  const storage = deps.storage ?? createFolderStorage(config.filesDir)
  const mail = createMailService({ db, clock, smtpUrl: config.smtpUrl, from: config.mailFrom, storage })
  app.decorate('mailOutbox', { deliverDue: (now?: Date) => mail.deliverDue(now) })
  const users = createUserService({ db, clock })
  const { sessions, throttle, signedIn, support, twoFactor, auth } = wireSignIn({
    db,
    clock,
    config,
    secrets,
    mail,
    cookie,
    users,
  })
  const audit = createAuditTrail({ db, clock })
  const organizations = createOrganizationService({ db, clock })
  const account = createAccountService({ users, organizations, sessions, mail })
  const members = createMemberService({ db, clock, organizations, users, mail, appUrl: config.appUrl })
  const tenant = createTenantResolver({ account, organizations, twoFactor })
  const billingProvider = config.stripe
    ? createBillingProvider(config.stripe, (error) => app.log.warn({ err: error }, 'payment provider failed'))
    : null
  const billing = createBillingService({ db, clock, organizations, provider: billingProvider, appUrl: config.appUrl })
  const billingWebhooks = createBillingWebhooks({
    db,
    clock,
    provider: billingProvider,
    log: (message, detail) => app.log.info(detail ?? {}, message),
  })
  // The one door to the books: every service that changes what they are made of posts through it (decision 0045).
  const books = createBooks({ onError: (error, what) => app.log.error({ err: error }, `ledger: ${what}`) })
  const addresses = createAddressService({ db, clock })
  const contacts = createContactService({
    db,
    books,
    clock,
    addresses,
    documents: createContactDocumentUsage(),
    // A company customer saved is looked up in the directory through the PA (read at call time: wired below).
    directory: { refreshContact: (organizationId, id) => eInvoicing.connection.refreshContact(organizationId, id) },
  })
  const items = createItemService({ db, clock, organizations, storage })
  const tutorialRequests = createTutorialRequestService({ db, clock, users })
  const companies = createCompanyService({
    db,
    lookup: createRechercheEntreprisesLookup({
      baseUrl: config.companyLookupUrl,
      timeoutMs: config.companyLookupTimeoutMs,
    }),
  })
  const salesSettings = createSalesSettingsService({ db, clock, organizations })
  const appearance = createAppearanceService({ db, clock, storage, salesSettings })
  const cardPayment = createCardPaymentService({ db, clock, secrets, organizations })
  const paymentModes = createPaymentModesService({ db, clock, cardPayment })
  const journals = createJournalService({ db, books })
  const accountingEntries = createAccountingEntryService({ db })
  const rules = createRuleService({ db, books, clock })
  const receipts = createReceiptService({
    db,
    books,
    clock,
    storage,
    readingWaitMs: config.receiptReadingWaitMs,
    onError: (error) => app.log.warn({ err: error }, 'receipt reading failed'),
  })
  // The readings still running finish before the database closes; then the OCR thread ends.
  app.addHook('onClose', async () => receipts.close())
  const receiptMatches = createReceiptMatchService({ db, clock, receipts })
  const notifications = createNotificationService({
    db,
    clock,
    organizations,
    onError: (error) => app.log.warn({ err: error }, 'notification failed'),
  })
  const imports = createImportService({
    db,
    books,
    journals,
    notifications,
    afterBulkWrite: () => vacuumAfterBulkWrite(deps.database, 'transactions'),
  })
  const bankConnections = createBankConnectionService({
    db,
    books,
    clock,
    secrets,
    providers: createBankProviders(config, clock),
    journals,
    users,
    appUrl: config.appUrl,
    notifications,
  })
  const invoices = createInvoiceService({ db, books, clock, organizations, salesSettings })
  const transactions = createTransactionService({ db, books, clock, organizations, invoices, notifications })
  const expenses = createExpenseService({ transactions, journals, organizations, accountingEntries })
  const cash = createCashService({ db, books, transactions, clock })
  const cashSales = createCashSaleService({ db, books, transactions, clock })
  const cashJournal = createCashJournalService({ db, clock })
  const creditNotes = createCreditNoteService({ db, books, clock, invoices, salesSettings, organizations })
  const quotes = createQuoteService({ db, clock, organizations, salesSettings, invoices })
  const quoteConversions = createQuoteConversionService({ db, clock, quotes, invoices, salesSettings })
  const activities = createActivityService({ db })
  const notificationHub = createNotificationHub({ listen: deps.database.listen })
  // Before the server closes: open event streams would keep it waiting.
  app.addHook('preClose', async () => notificationHub.stop())
  const comments = createCommentService({ db, clock, activities, notifications })
  const notes = createNoteService({ db, clock, activities })
  const printModels = createPrintModelLoader({ db, invoices, quotes, journals })
  const pdfs = createPdfService({ storage, printModels, facturXml })
  const documentMail = createDocumentMailService({
    db,
    clock,
    mail,
    invoices,
    quotes,
    pdfs,
    printModels,
    users,
    salesSettings,
  })
  const shareLinks = createShareLinkService({ db, clock, appUrl: config.appUrl, invoices, quotes, printModels, pdfs })
  const subscriptions = createSubscriptionService({ db, clock, organizations, invoices, salesSettings })
  const publicCardPayment = createPublicCardPayment({
    db,
    clock,
    secrets,
    appUrl: config.appUrl,
    shareLinks,
    organizations,
    invoices,
    notifications,
    checkout: createCardCheckout({
      apiUrl: config.stripeApiUrl,
      log: (error) => app.log.warn({ err: error }, 'card payment provider failed'),
    }),
  })
  const eInvoicing = wireEInvoicing({
    db,
    books,
    clock,
    config,
    secrets,
    storage,
    twoFactor,
    pdfs,
    printModels,
    receipts,
    activities,
    notifications,
    log: (error, message) => app.log.warn({ err: error }, message),
  })
  const scheduler = createJobs({
    db,
    clock,
    appUrl: config.appUrl,
    mail,
    organizations,
    invoices,
    documentMail,
    pdfs,
    transactions,
    notifications,
    cardPayments: publicCardPayment,
    eReportingDeadlines: eInvoicing.reportingReminders,
    audit,
    onAuditError: (error: unknown) => app.log.warn({ err: error }, 'audit trail: job event not recorded'),
  })
  runInBackground(app, {
    scheduler,
    mail,
    eInvoicing,
    housekeeping: deps.housekeeping,
    jobsWorker: deps.jobsWorker,
    mailWorker: deps.mailWorker,
    purgeSteps: housekeepingSteps({ sessions, twoFactor, throttle, storage, clock, invoices, database: deps.database }),
  })

  registerRequestContexts(app, { sessions, support, cookie, audit })

  await app.register(
    async (api) => {
      registerMaintenance(api, { enabled: config.maintenance })
      registerHealthRoutes(api, { db })
      registerAuthRoutes(api, { auth, account, cookie, signedIn })
      registerSessionRoutes(api, { sessions, cookie })
      registerAccountRoutes(api, { account, cookie, twoFactor })
      registerSupportAccessRoutes(api, { support, account, sessions, cookie })
      registerTwoFactorRoutes(api, { twoFactor, tenant })
      registerOrganizationRoutes(api, { organizations, tenant })
      registerMemberRoutes(api, { members, account, tenant })
      registerAuditRoutes(api, { audit, csv: createAuditCsvExport({ audit, clock }), organizations, tenant })
      registerBillingRoutes(api, { billing, webhooks: billingWebhooks, tenant })
      registerReferenceRoutes(api, { db })
      registerContactRoutes(api, { contacts, tenant })
      registerAddressRoutes(api, { addresses, tenant })
      registerItemRoutes(api, { items, tenant })
      registerCompanyRoutes(api, { companies, tenant })
      registerSalesSettingsRoutes(api, { salesSettings, tenant })
      registerAppearanceRoutes(api, { appearance, tenant })
      registerPaymentModesRoutes(api, { paymentModes, tenant })
      registerCardPaymentRoutes(api, { cardPayment, tenant })
      registerJournalRoutes(api, { journals, tenant })
      registerTransactionRoutes(api, { transactions: withCashJournal(transactions, { db, books, clock }), tenant })
      registerExpenseRoutes(api, { expenses, tenant })
      registerCashRoutes(api, { cash, tenant })
      registerCashSaleRoutes(api, { cashSales, tenant })
      registerCashJournalRoutes(api, { cashJournal, tenant })
      registerImportRoutes(api, { imports, tenant })
      registerBankConnectionRoutes(api, { bankConnections, tenant })
      registerInvoiceRoutes(api, { invoices, creditNotes, subscriptions, notifications, tenant })
      registerSubscriptionRoutes(api, { subscriptions, tenant })
      registerOperatorEndpoints(api, { token: deps.operatorToken, scheduler, database: deps.database, config })
      registerQuoteRoutes(api, { quotes, conversions: quoteConversions, tenant })
      registerCommentRoutes(api, { comments, tenant })
      registerNoteRoutes(api, { notes, tenant })
      registerActivityRoutes(api, { activities, tenant })
      registerPdfRoutes(api, { pdfs, tenant })
      registerFacturXRoutes(api, { printModels, tenant })
      registerDocumentMailRoutes(api, { documentMail, tenant })
      registerShareLinkRoutes(api, { shareLinks, tenant, sessions })
      registerPublicCardPaymentRoutes(api, { publicCardPayment, sessions })
      registerAccountingEntryRoutes(api, { accountingEntries, tenant })
      registerRuleRoutes(api, { rules, tenant })
      registerReceiptRoutes(api, { receipts, tenant })
      eInvoicing.registerRoutes(api, tenant)
      registerReceiptMatchRoutes(api, { matches: receiptMatches, tenant })
      registerExportRoutes(api, {
        accountingCsv: createAccountingCsvExport({ db, clock }),
        fec: createFecExport({ database: deps.database }),
        tenant,
      })
      registerReportRoutes(api, { reports: createReportService({ db }), tenant })
      registerBookRoutes(api, { books: createBookService({ db, organizations }), tenant })
      registerAlertRoutes(api, { alerts: createAlertService({ db, clock, organizations }), tenant })
      registerDashboardRoutes(api, { dashboard: createDashboardService({ db, clock, organizations }), tenant })
      registerSearchRoutes(api, { search: createSearchService({ db }), tenant })
      registerNotificationRoutes(api, { notifications, hub: notificationHub, tenant })
      registerMailboxRoutes(api, { mail, enabled: config.devMailbox })
      registerContentRoutes(api, { legal: config.legal })
      registerTutorialRequestRoutes(api, { tutorialRequests, tenant })
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger())
    },
    { prefix: '/api/v1' },
  )

  await registerWebApp(app, config)

  return app
}
