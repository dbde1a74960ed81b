import { type ComponentType, type ReactNode, useEffect } from 'react'
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject, RouterProvider } from 'react-router'
import { NotFoundPage } from '../components/NotFoundPage'
import { CrashPage } from '../pages/errors/CrashPage'
import type { OupsSlug } from '../pages/oups/NotOwnerPage'
import { SubscriptionGate } from '../pages/oups/SubscriptionGate'
import { BooksGate } from '../pages/reports/books/BooksGate'
import { AppLayout } from './AppLayout'
import { GuestOnly, RequireAuth, RequireOwner } from './guards'
import { lazyPage, preloadPagesOf } from './lazyPage'
import {
  AcceptInvitationPage,
  AccountingExportPage,
  AssociateAccountsPage,
  AuditTrailPage,
  BankAccountsPage,
  BookPage,
  BooksPage,
  BrandingPage,
  CancelSubscriptionPage,
  CardPaymentPage,
  CashJournalPage,
  CashOperationPage,
  CashPage,
  CashSalePage,
  CashSalesPage,
  CatalogPage,
  CategoriesPage,
  ContentPage,
  CustomersPage,
  DashboardPage,
  DisconnectedBankPage,
  EInvoicingPage,
  ExpenseEditorPage,
  ExpensesPage,
  FirstConnectionPage,
  FirstDocumentPage,
  ForgotPasswordPage,
  InvoiceEditorPage,
  InvoicesPage,
  LegalInfosPage,
  LoginPage,
  MailboxPage,
  MaintenancePage,
  MembersPage,
  MustUpgradePlanPage,
  NewsPage,
  OperatingAccountPage,
  OrganizationSettingsPage,
  OupsPage,
  OwnerScreen,
  PaymentErrorPage,
  ProfilePage,
  ProrataHelpPage,
  PublicDocumentPage,
  QuoteEditorPage,
  QuotesPage,
  ReceiptEditorPage,
  ReceiptsPage,
  RegeneratePasswordPage,
  RegisterOrganizationPage,
  RegisterPage,
  RulesPage,
  SalesCustomizationPage,
  SalesReportPage,
  SalesSettingsPage,
  SettingsLayout,
  SignupDonePage,
  StartPage,
  StatementImportPage,
  SubscriptionEditorPage,
  SubscriptionOutPage,
  SubscriptionPage,
  SubscriptionsPage,
  SuppliersPage,
  SupportPage,
  TransactionsPage,
  TrialEndPage,
  TwoFactorLoginPage,
  UnlockPage,
  VatDeclarationPage,
  VatMonthPage,
  VatReportPage,
  VerifyTokenPage,
} from './pages'

// Each page its own script, loaded when first shown (lazyPage.tsx).
const EReportingPage = lazyPage(
  () => import('../pages/reports/e-reporting/EReportingPage'),
  (module) => module.EReportingPage,
)

/** An auth page for signed-out visitors only. */
const guest = (page: ReactNode) => <GuestOnly>{page}</GuestOnly>

/**
 * Paths mirror the spec's routes (spec/account.md §2). A data router, so that LeaveGuard's useBlocker holds every
 * in-app navigation (links, Back/Forward, navigate()).
 */
/** /app/oups/{slug}: what the owner sees of a problem only the owner can settle (spec/account.md "Blocking screens"). */
const ownerScreens = (screens: [OupsSlug, ComponentType][]): RouteObject[] =>
  screens.map(([slug, Screen]) => ({
    path: `oups/${slug}`,
    element: (
      <OwnerScreen slug={slug}>
        <Screen />
      </OwnerScreen>
    ),
  }))

const pages: RouteObject[] = [
  { path: '/', element: <Navigate to="/app" replace /> },
  { path: '/cgu', element: <ContentPage slug="cgu-cgv" /> },
  { path: '/confidentiality-policy', element: <ContentPage slug="confidentiality-policy" /> },
  { path: '/legal-notice', element: <ContentPage slug="legal-notice" /> },
  { path: '/maintenance', element: <MaintenancePage /> },
  { path: '/auth/login', element: guest(<LoginPage />) },
  { path: '/auth/register', element: guest(<RegisterPage />) },
  {
    path: '/auth/register/done',
    element: (
      <RequireAuth>
        <SignupDonePage />
      </RequireAuth>
    ),
  },
  {
    path: '/auth/register/:id',
    element: (
      <RequireAuth needsOrganization={false}>
        <RegisterOrganizationPage />
      </RequireAuth>
    ),
  },
  // The support operators' page needs no organisation of its own (an instance's support desk may have none).
  {
    path: '/support',
    element: (
      <RequireAuth needsOrganization={false}>
        <SupportPage />
      </RequireAuth>
    ),
  },
  { path: '/auth/forgot-password', element: guest(<ForgotPasswordPage />) },
  { path: '/auth/verify-token', element: guest(<VerifyTokenPage />) },
  { path: '/auth/two-factor', element: guest(<TwoFactorLoginPage />) },
  { path: '/auth/unlock', element: guest(<UnlockPage />) },
  { path: '/auth/regenerate-password', element: guest(<RegeneratePasswordPage />) },
  { path: '/auth/invitation', element: <AcceptInvitationPage /> },
  { path: '/dev/mailbox', element: <MailboxPage /> },
  /** A shared document, public: no sign-in (share links, POST /invoices/{id}/public-url). */
  { path: '/p/:token', element: <PublicDocumentPage /> },
  {
    path: '/app',
    element: (
      <RequireAuth>
        <SubscriptionGate>
          <AppLayout />
        </SubscriptionGate>
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'news', element: <NewsPage /> },
      { path: 'sales/customers', element: <CustomersPage /> },
      { path: 'sales/catalog', element: <CatalogPage /> },
      { path: 'sales/invoices', element: <InvoicesPage /> },
      { path: 'sales/quotes', element: <QuotesPage /> },
      { path: 'sales/invoices/new', element: <InvoiceEditorPage /> },
      { path: 'sales/invoices/:id', element: <InvoiceEditorPage /> },
      { path: 'sales/invoices/:id/show', element: <InvoiceEditorPage /> },
      { path: 'sales/quotes/new', element: <QuoteEditorPage /> },
      { path: 'sales/quotes/:id', element: <QuoteEditorPage /> },
      { path: 'sales/quotes/:id/show', element: <QuoteEditorPage /> },
      { path: 'sales/subscriptions', element: <SubscriptionsPage /> },
      { path: 'sales/subscriptions/new', element: <SubscriptionEditorPage /> },
      { path: 'sales/subscriptions/:id', element: <SubscriptionEditorPage /> },
      { path: 'sales/money', element: <CashSalesPage /> },
      { path: 'sales/money/new', element: <CashSalePage /> },
      { path: 'sales/money/:id', element: <CashSalePage /> },
      { path: 'purchase/suppliers', element: <SuppliersPage /> },
      { path: 'purchase/receipts', element: <ReceiptsPage /> },
      { path: 'purchase/receipts/:id', element: <ReceiptEditorPage /> },
      { path: 'purchase/expenses', element: <ExpensesPage /> },
      { path: 'purchase/expenses/new', element: <ExpenseEditorPage /> },
      { path: 'purchase/expenses/:id', element: <ExpenseEditorPage /> },
      { path: 'financial/bank', element: <TransactionsPage /> },
      { path: 'financial/bank/import', element: <StatementImportPage /> },
      { path: 'financial/bank/:id/show', element: <TransactionsPage /> },
      { path: 'financial/cash', element: <CashPage /> },
      { path: 'financial/cash/new', element: <CashOperationPage /> },
      { path: 'financial/cash/:id', element: <CashOperationPage /> },
      { path: 'financial/cash-journal', element: <CashJournalPage /> },
      { path: 'reports/e-reporting', element: <EReportingPage /> },
      { path: 'reports/export', element: <AccountingExportPage /> },
      {
        path: 'reports/in-out-book',
        element: (
          <BooksGate>
            <BooksPage />
          </BooksGate>
        ),
      },
      {
        path: 'reports/in-out-book/recipes',
        element: (
          <BooksGate>
            <BookPage kind="income" />
          </BooksGate>
        ),
      },
      {
        path: 'reports/in-out-book/expenses',
        element: (
          <BooksGate>
            <BookPage kind="expenses" />
          </BooksGate>
        ),
      },
      { path: 'reports/operating-account', element: <OperatingAccountPage /> },
      { path: 'reports/sales', element: <SalesReportPage /> },
      { path: 'reports/taxes', element: <VatReportPage /> },
      { path: 'reports/taxes/declaration', element: <VatDeclarationPage /> },
      { path: 'reports/taxes/:month', element: <VatMonthPage /> },
      // The owner's screen of each problem; anyone else meets the one that names the owner.
      ...ownerScreens([
        ['bank-first-connexion', FirstConnectionPage],
        ['disconnected-bank', DisconnectedBankPage],
        ['must-upgrade-plan', MustUpgradePlanPage],
        ['subscription-out', SubscriptionOutPage],
        ['subscription-payment-error', PaymentErrorPage],
        ['trial-period-end', TrialEndPage],
      ]),
      { path: 'oups/:slug', element: <OupsPage /> },
      { path: 'help/prorata-changement-de-formule', element: <ProrataHelpPage /> },
      { path: 'start', element: <StartPage /> },
      { path: 'start/legal-infos', element: <LegalInfosPage /> },
      { path: 'start/sales/customization', element: <SalesCustomizationPage /> },
      { path: 'start/sales', element: <FirstDocumentPage /> },
      {
        path: 'setting',
        element: (
          <RequireOwner>
            <SettingsLayout />
          </RequireOwner>
        ),
        children: [
          { index: true, element: <Navigate to="/app/setting/account" replace /> },
          { path: 'account', element: <OrganizationSettingsPage /> },
          { path: 'collaborators', element: <MembersPage /> },
          { path: 'subscription', element: <SubscriptionPage /> },
          { path: 'subscription/cancel', element: <CancelSubscriptionPage /> },
          { path: 'sales', element: <SalesSettingsPage /> },
          { path: 'sales/branding', element: <BrandingPage /> },
          { path: 'financial', element: <BankAccountsPage /> },
          { path: 'financial/associates', element: <AssociateAccountsPage /> },
          { path: 'categories', element: <CategoriesPage /> },
          { path: 'rules', element: <RulesPage /> },
          { path: 'card-payment', element: <CardPaymentPage /> },
          { path: 'e-invoicing', element: <EInvoicingPage /> },
          { path: 'audit', element: <AuditTrailPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage fullPage /> },
]

/** One pathless root route so that a page that fails while rendering shows CrashPage, in French. */
export const routes: RouteObject[] = [{ errorElement: <CrashPage />, children: pages }]

const router = createBrowserRouter(routes)

export function AppRouter() {
  // After the first render, whose session check is then already asked for: the page's scripts must not queue it.
  useEffect(() => {
    for (const match of matchRoutes(routes, window.location) ?? []) preloadPagesOf(match.route.element)
  }, [])
  return <RouterProvider router={router} />
}
