import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppDeps } from './app-deps'
import { housekeepingSteps, runInBackground } from './background'
import { wireCardPayment } from './card-payment-wiring'
import { analyzeAfterBulkWrite, analyzeBeforeBulkWrite, vacuumAfterBulkWrite } from './db/maintenance'
import { registerAccountRoutes } from './features/account/account/routes'
import { createAccountService } from './features/account/account/service'
import { createTenantResolver } from './features/account/account/tenant'
import { createAuditCsvExport } from './features/account/audit/csv'
import { registerAuditRoutes } from './features/account/audit/routes'
import { createAuditTrail } from './features/account/audit/service'
import { registerAuthRoutes } from './features/account/auth/routes'
import { createBillingProvider } from './features/account/billing/provider'
import { registerBillingRoutes } from './features/account/billing/routes'
import { createBillingService } from './features/account/billing/service'
import { createBillingWebhooks } from './features/account/billing/webhooks'
import { registerMemberRoutes } from './features/account/members/routes'
import { createMemberService } from './features/account/members/service'
import { registerOrganizationRoutes } from './features/account/organizations/routes'
import { createOrganizationService } from './features/account/organizations/service'
import { registerSessionRoutes } from './features/account/sessions/routes'
import { registerSupportAccessRoutes } from './features/account/support-access/routes'
import { registerTwoFactorRoutes } from './features/account/two-factor/routes'
import { createUserService } from './features/account/users/service'
import { registerAlertRoutes } from './features/books/alerts/routes'
import { createAlertService } from './features/books/alerts/service'
import { registerDashboardRoutes } from './features/books/dashboard/routes'
import { createDashboardService } from './features/books/dashboard/service'
import { createAccountingCsvExport } from './features/books/exports/accounting-csv'
import { createFecExport } from './features/books/exports/fec'
import { registerExportRoutes } from './features/books/exports/routes'
import { createBooks } from './features/books/ledger/books'
import { createBookService } from './features/books/reports/books'
import { registerBookRoutes } from './features/books/reports/books-routes'
import { registerReportRoutes } from './features/books/reports/routes'
import { createReportService } from './features/books/reports/service'
import { registerAppearanceRoutes } from './features/documents/appearance/routes'
import { createAppearanceService } from './features/documents/appearance/service'
import { registerDocumentMailRoutes } from './features/documents/document-mail/routes'
import { createDocumentMailService } from './features/documents/document-mail/service'
import { invoiceNetwork, receiptNetwork, wireEInvoicing } from './features/documents/e-invoicing/wiring'
import { facturXml } from './features/documents/factur-x/cii'
import { registerFacturXRoutes } from './features/documents/factur-x/routes'
import { registerPdfRoutes } from './features/documents/pdf/routes'
import { createPdfService } from './features/documents/pdf/service'
import { createPrintModelLoader } from './features/documents/printing/load'
import { registerShareLinkRoutes } from './features/documents/share-links/routes'
import { createShareLinkService } from './features/documents/share-links/service'
import { registerAccountingEntryRoutes } from './features/money/accounting-entries/routes'
import { createAccountingEntryService } from './features/money/accounting-entries/service'
import { createBankProviders } from './features/money/bank-connections/providers/index'
import { registerBankConnectionRoutes } from './features/money/bank-connections/routes'
import { createBankConnectionService } from './features/money/bank-connections/service'
import { registerImportRoutes } from './features/money/bank-imports/routes'
import { createImportService } from './features/money/bank-imports/service'
import { registerCashRoutes } from './features/money/cash/routes'
import { createCashService } from './features/money/cash/service'
import { withCashJournal } from './features/money/cash-journal/guarded-transactions'
import { registerCashJournalRoutes } from './features/money/cash-journal/routes'
import { createCashJournalService } from './features/money/cash-journal/service'
import { registerCashSaleRoutes } from './features/money/cash-sales/routes'
import { createCashSaleService } from './features/money/cash-sales/service'
import { registerExpenseRoutes } from './features/money/expenses/routes'
import { createExpenseService } from './features/money/expenses/service'
import { registerJournalRoutes } from './features/money/journals/routes'
import { createJournalService } from './features/money/journals/service'
import { registerReceiptMatchRoutes } from './features/money/receipts/matching/routes'
import { createReceiptMatchService } from './features/money/receipts/matching/service'
import { contactReceiptUsage } from './features/money/receipts/queries'
import { registerReceiptRoutes } from './features/money/receipts/routes'
import { createReceiptService } from './features/money/receipts/service'
import { activeRulesOf } from './features/money/rules/engine'
import { registerRuleRoutes } from './features/money/rules/routes'
import { createRuleService } from './features/money/rules/service'
import { registerTransactionRoutes } from './features/money/transactions/routes'
import { createTransactionService } from './features/money/transactions/service'
import { registerActivityRoutes } from './features/platform/activities/routes'
import { createActivityService } from './features/platform/activities/service'
import { registerAddressRoutes } from './features/platform/addresses/routes'
import { createAddressService } from './features/platform/addresses/service'
import { registerCommentRoutes } from './features/platform/comments/routes'
import { createCommentService } from './features/platform/comments/service'
import { createRechercheEntreprisesLookup } from './features/platform/companies/lookup'
import { registerCompanyRoutes } from './features/platform/companies/routes'
import { createCompanyService } from './features/platform/companies/service'
import { registerMaintenance } from './features/platform/content/maintenance'
import { registerContentRoutes } from './features/platform/content/routes'
import { registerHealthRoutes } from './features/platform/health/routes'
import { registerMailboxRoutes } from './features/platform/mail/routes'
import { createMailService } from './features/platform/mail/service'
import { registerNoteRoutes } from './features/platform/notes/routes'
import { createNoteService } from './features/platform/notes/service'
import { createNotificationHub } from './features/platform/notifications/hub'
import { registerNotificationRoutes } from './features/platform/notifications/routes'
import { createNotificationService } from './features/platform/notifications/service'
import { registerReferenceRoutes } from './features/platform/reference/routes'
import { registerSearchRoutes } from './features/platform/search/routes'
import { createSearchService } from './features/platform/search/service'
import { registerTutorialRequestRoutes } from './features/platform/tutorial-requests/routes'
import { createTutorialRequestService } from './features/platform/tutorial-requests/service'
import { registerCardPaymentRoutes, registerPublicCardPaymentRoutes } from './features/sales/card-payment/routes'
import { createCardPaymentService } from './features/sales/card-payment/service'
import { registerContactRoutes } from './features/sales/contacts/routes'
import { createContactService } from './features/sales/contacts/service'
import { createContactDocumentUsage } from './features/sales/documents/repo'
import { createCreditNoteService } from './features/sales/invoices/credit-notes'
import { registerInvoiceRoutes } from './features/sales/invoices/routes'
import { createInvoiceService } from './features/sales/invoices/service'
import { registerItemRoutes } from './features/sales/items/routes'
import { createItemService } from './features/sales/items/service'
import { registerPaymentModesRoutes } from './features/sales/payment-modes/routes'
import { createPaymentModesService } from './features/sales/payment-modes/service'
import { createQuoteConversionService } from './features/sales/quotes/conversions'
import { registerQuoteRoutes } from './features/sales/quotes/routes'
import { createQuoteService } from './features/sales/quotes/service'
import { registerSalesSettingsRoutes } from './features/sales/sales-settings/routes'
import { createSalesSettingsService } from './features/sales/sales-settings/service'
import { registerSubscriptionRoutes } from './features/sales/subscriptions/routes'
import { createSubscriptionService } from './features/sales/subscriptions/service'
import { createJobs } from './jobs-wiring'
import { cookieSettings } from './lib/auth-context'
import { systemClock } from './lib/clock'
import { createHttpServer } from './lib/http-server'
import { createSecretBox, resolveSecretKey } from './lib/secrets'
import { createFolderStorage } from './lib/storage'
import { registerOperatorEndpoints } from './operator-wiring'
import { registerRequestContexts, wireSignIn } from './sign-in-wiring'
import { registerWebApp } from './web-app'

z.config(z.locales.fr())

export type { AppDeps } from './app-deps'

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
    receipts: contactReceiptUsage,
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
  const rules = createRuleService({ db, books, clock, afterBulkWrite: () => analyzeAfterBulkWrite(deps.database) })
  const receipts = createReceiptService({
    db,
    books,
    clock,
    storage,
    readingWaitMs: config.receiptReadingWaitMs,
    onError: (error) => app.log.warn({ err: error }, 'receipt reading failed'),
    network: receiptNetwork,
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
    beforeBulkWrite: () => analyzeBeforeBulkWrite(deps.database),
    afterBulkWrite: () => vacuumAfterBulkWrite(deps.database),
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
  // Validating an invoice queues its flow to the plateforme agréée in the same transaction (the outbox pattern).
  const network = invoiceNetwork
  const invoices = createInvoiceService({ db, books, clock, organizations, salesSettings, network })
  const activeRules = activeRulesOf(db)
  const transactions = createTransactionService({
    db,
    books,
    clock,
    organizations,
    invoices,
    notifications,
    activeRules,
  })
  const expenses = createExpenseService({ transactions, journals, organizations, accountingEntries })
  const cash = createCashService({ db, books, transactions, clock })
  const cashSales = createCashSaleService({ db, books, transactions, clock })
  const cashJournal = createCashJournalService({ db, clock })
  const creditNotes = createCreditNoteService({ db, books, clock, invoices, salesSettings, organizations, network })
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
  const cardDeps = { db, clock, secrets, shareLinks, organizations, invoices, notifications }
  const publicCardPayment = wireCardPayment(app, config, cardDeps)
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
