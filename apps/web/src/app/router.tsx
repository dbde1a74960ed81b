import type { ComponentType, ReactNode } from 'react'
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router'
import { CrashPage } from '../pages/errors/CrashPage'
import { NotFoundPage } from '../pages/errors/NotFoundPage'
import type { OupsSlug } from '../pages/oups/NotOwnerPage'
import { SubscriptionGate } from '../pages/oups/SubscriptionGate'
import { BooksGate } from '../pages/reports/books/BooksGate'
import { AppLayout } from './AppLayout'
import { GuestOnly, RequireAuth, RequireOwner } from './guards'
import { lazyPage } from './lazyPage'

// Each page its own script, loaded when first shown (lazyPage.tsx).
const AcceptInvitationPage = lazyPage(
  () => import('../pages/auth/AcceptInvitationPage'),
  (module) => module.AcceptInvitationPage,
)
const ForgotPasswordPage = lazyPage(
  () => import('../pages/auth/ForgotPasswordPage'),
  (module) => module.ForgotPasswordPage,
)
const LoginPage = lazyPage(
  () => import('../pages/auth/LoginPage'),
  (module) => module.LoginPage,
)
const RegeneratePasswordPage = lazyPage(
  () => import('../pages/auth/RegeneratePasswordPage'),
  (module) => module.RegeneratePasswordPage,
)
const RegisterOrganizationPage = lazyPage(
  () => import('../pages/auth/RegisterOrganizationPage'),
  (module) => module.RegisterOrganizationPage,
)
const RegisterPage = lazyPage(
  () => import('../pages/auth/RegisterPage'),
  (module) => module.RegisterPage,
)
const SignupDonePage = lazyPage(
  () => import('../pages/auth/SignupDonePage'),
  (module) => module.SignupDonePage,
)
const VerifyTokenPage = lazyPage(
  () => import('../pages/auth/VerifyTokenPage'),
  (module) => module.VerifyTokenPage,
)
const CatalogPage = lazyPage(
  () => import('../pages/catalog/CatalogPage'),
  (module) => module.CatalogPage,
)
const CustomersPage = lazyPage(
  () => import('../pages/contacts/ContactsPage'),
  (module) => module.CustomersPage,
)
const SuppliersPage = lazyPage(
  () => import('../pages/contacts/ContactsPage'),
  (module) => module.SuppliersPage,
)
const DashboardPage = lazyPage(
  () => import('../pages/dashboard/DashboardPage'),
  (module) => module.DashboardPage,
)
const MailboxPage = lazyPage(
  () => import('../pages/dev/MailboxPage'),
  (module) => module.MailboxPage,
)
const InvoiceEditorPage = lazyPage(
  () => import('../pages/documents/editor/DocumentEditorPage'),
  (module) => module.InvoiceEditorPage,
)
const QuoteEditorPage = lazyPage(
  () => import('../pages/documents/editor/DocumentEditorPage'),
  (module) => module.QuoteEditorPage,
)
const StatementImportPage = lazyPage(
  () => import('../pages/financial/bank/import/StatementImportPage'),
  (module) => module.StatementImportPage,
)
const TransactionsPage = lazyPage(
  () => import('../pages/financial/bank/TransactionsPage'),
  (module) => module.TransactionsPage,
)
const CashOperationPage = lazyPage(
  () => import('../pages/financial/cash/CashOperationPage'),
  (module) => module.CashOperationPage,
)
const CashPage = lazyPage(
  () => import('../pages/financial/cash/CashPage'),
  (module) => module.CashPage,
)
const DisconnectedBankPage = lazyPage(
  () => import('../pages/financial/connections/BankScreens'),
  (module) => module.DisconnectedBankPage,
)
const FirstConnectionPage = lazyPage(
  () => import('../pages/financial/connections/BankScreens'),
  (module) => module.FirstConnectionPage,
)
const InvoicesPage = lazyPage(
  () => import('../pages/invoices/InvoicesPage'),
  (module) => module.InvoicesPage,
)
const ContentPage = lazyPage(
  () => import('../pages/legal/ContentPage'),
  (module) => module.ContentPage,
)
const MaintenancePage = lazyPage(
  () => import('../pages/legal/MaintenancePage'),
  (module) => module.MaintenancePage,
)
const NewsPage = lazyPage(
  () => import('../pages/news/NewsPage'),
  (module) => module.NewsPage,
)
const OupsPage = lazyPage(
  () => import('../pages/oups/NotOwnerPage'),
  (module) => module.OupsPage,
)
const OwnerScreen = lazyPage(
  () => import('../pages/oups/NotOwnerPage'),
  (module) => module.OwnerScreen,
)
const MustUpgradePlanPage = lazyPage(
  () => import('../pages/oups/SubscriptionScreens'),
  (module) => module.MustUpgradePlanPage,
)
const PaymentErrorPage = lazyPage(
  () => import('../pages/oups/SubscriptionScreens'),
  (module) => module.PaymentErrorPage,
)
const SubscriptionOutPage = lazyPage(
  () => import('../pages/oups/SubscriptionScreens'),
  (module) => module.SubscriptionOutPage,
)
const TrialEndPage = lazyPage(
  () => import('../pages/oups/SubscriptionScreens'),
  (module) => module.TrialEndPage,
)
const ProfilePage = lazyPage(
  () => import('../pages/profile/ProfilePage'),
  (module) => module.ProfilePage,
)
const PublicDocumentPage = lazyPage(
  () => import('../pages/public/PublicDocumentPage'),
  (module) => module.PublicDocumentPage,
)
const ExpenseEditorPage = lazyPage(
  () => import('../pages/purchase/expenses/ExpenseEditorPage'),
  (module) => module.ExpenseEditorPage,
)
const ExpensesPage = lazyPage(
  () => import('../pages/purchase/expenses/ExpensesPage'),
  (module) => module.ExpensesPage,
)
const ReceiptEditorPage = lazyPage(
  () => import('../pages/purchase/receipts/editor/ReceiptEditorPage'),
  (module) => module.ReceiptEditorPage,
)
const ReceiptsPage = lazyPage(
  () => import('../pages/purchase/receipts/ReceiptsPage'),
  (module) => module.ReceiptsPage,
)
const QuotesPage = lazyPage(
  () => import('../pages/quotes/QuotesPage'),
  (module) => module.QuotesPage,
)
const BookPage = lazyPage(
  () => import('../pages/reports/books/BookPage'),
  (module) => module.BookPage,
)
const BooksPage = lazyPage(
  () => import('../pages/reports/books/BooksPage'),
  (module) => module.BooksPage,
)
const AccountingExportPage = lazyPage(
  () => import('../pages/reports/export/AccountingExportPage'),
  (module) => module.AccountingExportPage,
)
const OperatingAccountPage = lazyPage(
  () => import('../pages/reports/OperatingAccountPage'),
  (module) => module.OperatingAccountPage,
)
const SalesReportPage = lazyPage(
  () => import('../pages/reports/SalesReportPage'),
  (module) => module.SalesReportPage,
)
const VatDeclarationPage = lazyPage(
  () => import('../pages/reports/VatDeclarationPage'),
  (module) => module.VatDeclarationPage,
)
const VatMonthPage = lazyPage(
  () => import('../pages/reports/VatMonthPage'),
  (module) => module.VatMonthPage,
)
const VatReportPage = lazyPage(
  () => import('../pages/reports/VatReportPage'),
  (module) => module.VatReportPage,
)
const CashSalePage = lazyPage(
  () => import('../pages/sales/money/CashSalePage'),
  (module) => module.CashSalePage,
)
const CashSalesPage = lazyPage(
  () => import('../pages/sales/money/CashSalesPage'),
  (module) => module.CashSalesPage,
)
const BrandingPage = lazyPage(
  () => import('../pages/settings/BrandingPage'),
  (module) => module.BrandingPage,
)
const CardPaymentPage = lazyPage(
  () => import('../pages/settings/CardPaymentPage'),
  (module) => module.CardPaymentPage,
)
const CategoriesPage = lazyPage(
  () => import('../pages/settings/categories/CategoriesPage'),
  (module) => module.CategoriesPage,
)
const AssociateAccountsPage = lazyPage(
  () => import('../pages/settings/financial/AssociateAccountsPage'),
  (module) => module.AssociateAccountsPage,
)
const BankAccountsPage = lazyPage(
  () => import('../pages/settings/financial/BankAccountsPage'),
  (module) => module.BankAccountsPage,
)
const MembersPage = lazyPage(
  () => import('../pages/settings/MembersPage'),
  (module) => module.MembersPage,
)
const OrganizationSettingsPage = lazyPage(
  () => import('../pages/settings/OrganizationSettingsPage'),
  (module) => module.OrganizationSettingsPage,
)
const RulesPage = lazyPage(
  () => import('../pages/settings/rules/RulesPage'),
  (module) => module.RulesPage,
)
const SalesSettingsPage = lazyPage(
  () => import('../pages/settings/SalesSettingsPage'),
  (module) => module.SalesSettingsPage,
)
const CancelSubscriptionPage = lazyPage(
  () => import('../pages/settings/subscription/CancelSubscriptionPage'),
  (module) => module.CancelSubscriptionPage,
)
const ProrataHelpPage = lazyPage(
  () => import('../pages/settings/subscription/ProrataHelpPage'),
  (module) => module.ProrataHelpPage,
)
const SubscriptionPage = lazyPage(
  () => import('../pages/settings/subscription/SubscriptionPage'),
  (module) => module.SubscriptionPage,
)
const SettingsLayout = lazyPage(
  () => import('../pages/settings/SettingsLayout'),
  (module) => module.SettingsLayout,
)
const StartPage = lazyPage(
  () => import('../pages/start/StartPages'),
  (module) => module.StartPage,
)
const SalesCustomizationPage = lazyPage(
  () => import('../pages/start/StartPages'),
  (module) => module.SalesCustomizationPage,
)
const FirstDocumentPage = lazyPage(
  () => import('../pages/start/StartPages'),
  (module) => module.FirstDocumentPage,
)
const LegalInfosPage = lazyPage(
  () => import('../pages/start/LegalInfosPage'),
  (module) => module.LegalInfosPage,
)
const SubscriptionEditorPage = lazyPage(
  () => import('../pages/subscriptions/editor/SubscriptionEditorPage'),
  (module) => module.SubscriptionEditorPage,
)
const SubscriptionsPage = lazyPage(
  () => import('../pages/subscriptions/SubscriptionsPage'),
  (module) => module.SubscriptionsPage,
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
  { path: '/auth/forgot-password', element: guest(<ForgotPasswordPage />) },
  { path: '/auth/verify-token', element: guest(<VerifyTokenPage />) },
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
  return <RouterProvider router={router} />
}
