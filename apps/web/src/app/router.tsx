import type { ReactNode } from 'react'
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router'
import { AcceptInvitationPage } from '../pages/auth/AcceptInvitationPage'
import { ForgotPasswordPage } from '../pages/auth/ForgotPasswordPage'
import { LoginPage } from '../pages/auth/LoginPage'
import { RegeneratePasswordPage } from '../pages/auth/RegeneratePasswordPage'
import { RegisterOrganizationPage } from '../pages/auth/RegisterOrganizationPage'
import { RegisterPage } from '../pages/auth/RegisterPage'
import { SignupDonePage } from '../pages/auth/SignupDonePage'
import { VerifyTokenPage } from '../pages/auth/VerifyTokenPage'
import { CatalogPage } from '../pages/catalog/CatalogPage'
import { CustomersPage, SuppliersPage } from '../pages/contacts/ContactsPage'
import { DashboardPage } from '../pages/dashboard/DashboardPage'
import { MailboxPage } from '../pages/dev/MailboxPage'
import { InvoiceEditorPage, QuoteEditorPage } from '../pages/documents/editor/DocumentEditorPage'
import { CrashPage } from '../pages/errors/CrashPage'
import { NotFoundPage } from '../pages/errors/NotFoundPage'
import { StatementImportPage } from '../pages/financial/bank/import/StatementImportPage'
import { TransactionsPage } from '../pages/financial/bank/TransactionsPage'
import { CashOperationPage } from '../pages/financial/cash/CashOperationPage'
import { CashPage } from '../pages/financial/cash/CashPage'
import { DisconnectedBankPage, FirstConnectionPage } from '../pages/financial/connections/BankScreens'
import { InvoicesPage } from '../pages/invoices/InvoicesPage'
import { ContentPage } from '../pages/legal/ContentPage'
import { OupsPage, OwnerScreen } from '../pages/oups/NotOwnerPage'
import { ProfilePage } from '../pages/profile/ProfilePage'
import { PublicDocumentPage } from '../pages/public/PublicDocumentPage'
import { ExpenseEditorPage } from '../pages/purchase/expenses/ExpenseEditorPage'
import { ExpensesPage } from '../pages/purchase/expenses/ExpensesPage'
import { ReceiptEditorPage } from '../pages/purchase/receipts/editor/ReceiptEditorPage'
import { ReceiptsPage } from '../pages/purchase/receipts/ReceiptsPage'
import { QuotesPage } from '../pages/quotes/QuotesPage'
import { BookPage } from '../pages/reports/books/BookPage'
import { BooksGate } from '../pages/reports/books/BooksGate'
import { BooksPage } from '../pages/reports/books/BooksPage'
import { AccountingExportPage } from '../pages/reports/export/AccountingExportPage'
import { OperatingAccountPage } from '../pages/reports/OperatingAccountPage'
import { SalesReportPage } from '../pages/reports/SalesReportPage'
import { VatDeclarationPage } from '../pages/reports/VatDeclarationPage'
import { VatMonthPage } from '../pages/reports/VatMonthPage'
import { VatReportPage } from '../pages/reports/VatReportPage'
import { CashSalePage } from '../pages/sales/money/CashSalePage'
import { CashSalesPage } from '../pages/sales/money/CashSalesPage'
import { BrandingPage } from '../pages/settings/BrandingPage'
import { CategoriesPage } from '../pages/settings/categories/CategoriesPage'
import { AssociateAccountsPage } from '../pages/settings/financial/AssociateAccountsPage'
import { BankAccountsPage } from '../pages/settings/financial/BankAccountsPage'
import { MembersPage } from '../pages/settings/MembersPage'
import { OrganizationSettingsPage } from '../pages/settings/OrganizationSettingsPage'
import { RulesPage } from '../pages/settings/rules/RulesPage'
import { SalesSettingsPage } from '../pages/settings/SalesSettingsPage'
import { SettingsLayout } from '../pages/settings/SettingsLayout'
import { LegalInfosPage } from '../pages/start/LegalInfosPage'
import { SubscriptionEditorPage } from '../pages/subscriptions/editor/SubscriptionEditorPage'
import { SubscriptionsPage } from '../pages/subscriptions/SubscriptionsPage'
import { AppLayout } from './AppLayout'
import { GuestOnly, RequireAuth, RequireOwner } from './guards'

/** An auth page for signed-out visitors only. */
const guest = (page: ReactNode) => <GuestOnly>{page}</GuestOnly>

/**
 * Paths mirror the spec's routes (spec/account.md §2). A data router, so that LeaveGuard's useBlocker holds every
 * in-app navigation (links, Back/Forward, navigate()).
 */
const pages: RouteObject[] = [
  { path: '/', element: <Navigate to="/app" replace /> },
  { path: '/cgu', element: <ContentPage slug="cgu-cgv" /> },
  { path: '/confidentiality-policy', element: <ContentPage slug="confidentiality-policy" /> },
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
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { index: true, element: <DashboardPage /> },
      { path: 'profile', element: <ProfilePage /> },
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
      {
        path: 'oups/bank-first-connexion',
        element: (
          <OwnerScreen slug="bank-first-connexion">
            <FirstConnectionPage />
          </OwnerScreen>
        ),
      },
      {
        path: 'oups/disconnected-bank',
        element: (
          <OwnerScreen slug="disconnected-bank">
            <DisconnectedBankPage />
          </OwnerScreen>
        ),
      },
      { path: 'oups/:slug', element: <OupsPage /> },
      { path: 'start/legal-infos', element: <LegalInfosPage /> },
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
          { path: 'sales', element: <SalesSettingsPage /> },
          { path: 'sales/branding', element: <BrandingPage /> },
          { path: 'financial', element: <BankAccountsPage /> },
          { path: 'financial/associates', element: <AssociateAccountsPage /> },
          { path: 'categories', element: <CategoriesPage /> },
          { path: 'rules', element: <RulesPage /> },
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
