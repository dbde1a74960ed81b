import { lazyPage } from './lazyPage'

// Each page is its own script, loaded when first shown (issue 17: the first load of /app stays small).

export const AcceptInvitationPage = lazyPage(
  () => import('../pages/auth/AcceptInvitationPage'),
  (module) => module.AcceptInvitationPage,
)
export const ForgotPasswordPage = lazyPage(
  () => import('../pages/auth/ForgotPasswordPage'),
  (module) => module.ForgotPasswordPage,
)
export const LoginPage = lazyPage(
  () => import('../pages/auth/LoginPage'),
  (module) => module.LoginPage,
)
export const RegeneratePasswordPage = lazyPage(
  () => import('../pages/auth/RegeneratePasswordPage'),
  (module) => module.RegeneratePasswordPage,
)
export const RegisterOrganizationPage = lazyPage(
  () => import('../pages/auth/RegisterOrganizationPage'),
  (module) => module.RegisterOrganizationPage,
)
export const RegisterPage = lazyPage(
  () => import('../pages/auth/RegisterPage'),
  (module) => module.RegisterPage,
)
export const SignupDonePage = lazyPage(
  () => import('../pages/auth/SignupDonePage'),
  (module) => module.SignupDonePage,
)
export const TwoFactorLoginPage = lazyPage(
  () => import('../pages/auth/TwoFactorLoginPage'),
  (module) => module.TwoFactorLoginPage,
)
export const UnlockPage = lazyPage(
  () => import('../pages/auth/UnlockPage'),
  (module) => module.UnlockPage,
)
export const VerifyTokenPage = lazyPage(
  () => import('../pages/auth/VerifyTokenPage'),
  (module) => module.VerifyTokenPage,
)
export const CatalogPage = lazyPage(
  () => import('../pages/catalog/CatalogPage'),
  (module) => module.CatalogPage,
)
export const CustomersPage = lazyPage(
  () => import('../pages/contacts/ContactsPage'),
  (module) => module.CustomersPage,
)
export const SuppliersPage = lazyPage(
  () => import('../pages/contacts/ContactsPage'),
  (module) => module.SuppliersPage,
)
export const DashboardPage = lazyPage(
  () => import('../pages/dashboard/DashboardPage'),
  (module) => module.DashboardPage,
)
export const MailboxPage = lazyPage(
  () => import('../pages/dev/MailboxPage'),
  (module) => module.MailboxPage,
)
export const InvoiceEditorPage = lazyPage(
  () => import('../pages/documents/editor/DocumentEditorPage'),
  (module) => module.InvoiceEditorPage,
)
export const QuoteEditorPage = lazyPage(
  () => import('../pages/documents/editor/DocumentEditorPage'),
  (module) => module.QuoteEditorPage,
)
export const StatementImportPage = lazyPage(
  () => import('../pages/financial/bank/import/StatementImportPage'),
  (module) => module.StatementImportPage,
)
export const TransactionsPage = lazyPage(
  () => import('../pages/financial/bank/TransactionsPage'),
  (module) => module.TransactionsPage,
)
export const CashOperationPage = lazyPage(
  () => import('../pages/financial/cash/CashOperationPage'),
  (module) => module.CashOperationPage,
)
export const CashJournalPage = lazyPage(
  () => import('../pages/financial/cash-journal/CashJournalPage'),
  (module) => module.CashJournalPage,
)
export const CashPage = lazyPage(
  () => import('../pages/financial/cash/CashPage'),
  (module) => module.CashPage,
)
export const DisconnectedBankPage = lazyPage(
  () => import('../components/bank-connections/BankScreens'),
  (module) => module.DisconnectedBankPage,
)
export const FirstConnectionPage = lazyPage(
  () => import('../components/bank-connections/BankScreens'),
  (module) => module.FirstConnectionPage,
)
export const InvoicesPage = lazyPage(
  () => import('../pages/invoices/InvoicesPage'),
  (module) => module.InvoicesPage,
)
export const ContentPage = lazyPage(
  () => import('../pages/legal/ContentPage'),
  (module) => module.ContentPage,
)
export const MaintenancePage = lazyPage(
  () => import('../pages/legal/MaintenancePage'),
  (module) => module.MaintenancePage,
)
export const NewsPage = lazyPage(
  () => import('../pages/news/NewsPage'),
  (module) => module.NewsPage,
)
export const OupsPage = lazyPage(
  () => import('../pages/oups/NotOwnerPage'),
  (module) => module.OupsPage,
)
export const OwnerScreen = lazyPage(
  () => import('../pages/oups/NotOwnerPage'),
  (module) => module.OwnerScreen,
)
export const MustUpgradePlanPage = lazyPage(
  () => import('../pages/oups/SubscriptionScreens'),
  (module) => module.MustUpgradePlanPage,
)
export const PaymentErrorPage = lazyPage(
  () => import('../pages/oups/SubscriptionScreens'),
  (module) => module.PaymentErrorPage,
)
export const SubscriptionOutPage = lazyPage(
  () => import('../pages/oups/SubscriptionScreens'),
  (module) => module.SubscriptionOutPage,
)
export const TrialEndPage = lazyPage(
  () => import('../pages/oups/SubscriptionScreens'),
  (module) => module.TrialEndPage,
)
export const ProfilePage = lazyPage(
  () => import('../pages/profile/ProfilePage'),
  (module) => module.ProfilePage,
)
export const SupportPage = lazyPage(
  () => import('../pages/support/SupportPage'),
  (module) => module.SupportPage,
)
export const PublicDocumentPage = lazyPage(
  () => import('../pages/public/PublicDocumentPage'),
  (module) => module.PublicDocumentPage,
)
export const ExpenseEditorPage = lazyPage(
  () => import('../pages/purchase/expenses/ExpenseEditorPage'),
  (module) => module.ExpenseEditorPage,
)
export const ExpensesPage = lazyPage(
  () => import('../pages/purchase/expenses/ExpensesPage'),
  (module) => module.ExpensesPage,
)
export const ReceiptEditorPage = lazyPage(
  () => import('../pages/purchase/receipts/editor/ReceiptEditorPage'),
  (module) => module.ReceiptEditorPage,
)
export const ReceiptsPage = lazyPage(
  () => import('../pages/purchase/receipts/ReceiptsPage'),
  (module) => module.ReceiptsPage,
)
export const QuotesPage = lazyPage(
  () => import('../pages/quotes/QuotesPage'),
  (module) => module.QuotesPage,
)
export const BookPage = lazyPage(
  () => import('../pages/reports/books/BookPage'),
  (module) => module.BookPage,
)
export const BooksPage = lazyPage(
  () => import('../pages/reports/books/BooksPage'),
  (module) => module.BooksPage,
)
export const AccountingExportPage = lazyPage(
  () => import('../pages/reports/export/AccountingExportPage'),
  (module) => module.AccountingExportPage,
)
export const OperatingAccountPage = lazyPage(
  () => import('../pages/reports/OperatingAccountPage'),
  (module) => module.OperatingAccountPage,
)
export const SalesReportPage = lazyPage(
  () => import('../pages/reports/SalesReportPage'),
  (module) => module.SalesReportPage,
)
export const VatDeclarationPage = lazyPage(
  () => import('../pages/reports/VatDeclarationPage'),
  (module) => module.VatDeclarationPage,
)
export const VatMonthPage = lazyPage(
  () => import('../pages/reports/VatMonthPage'),
  (module) => module.VatMonthPage,
)
export const VatReportPage = lazyPage(
  () => import('../pages/reports/VatReportPage'),
  (module) => module.VatReportPage,
)
export const CashSalePage = lazyPage(
  () => import('../pages/sales/money/CashSalePage'),
  (module) => module.CashSalePage,
)
export const CashSalesPage = lazyPage(
  () => import('../pages/sales/money/CashSalesPage'),
  (module) => module.CashSalesPage,
)
export const AuditTrailPage = lazyPage(
  () => import('../pages/settings/audit/AuditTrailPage'),
  (module) => module.AuditTrailPage,
)
export const BrandingPage = lazyPage(
  () => import('../pages/settings/BrandingPage'),
  (module) => module.BrandingPage,
)
export const CardPaymentPage = lazyPage(
  () => import('../pages/settings/CardPaymentPage'),
  (module) => module.CardPaymentPage,
)
export const EInvoicingPage = lazyPage(
  () => import('../pages/settings/e-invoicing/EInvoicingPage'),
  (module) => module.EInvoicingPage,
)
export const CategoriesPage = lazyPage(
  () => import('../pages/settings/categories/CategoriesPage'),
  (module) => module.CategoriesPage,
)
export const AssociateAccountsPage = lazyPage(
  () => import('../pages/settings/financial/AssociateAccountsPage'),
  (module) => module.AssociateAccountsPage,
)
export const BankAccountsPage = lazyPage(
  () => import('../pages/settings/financial/BankAccountsPage'),
  (module) => module.BankAccountsPage,
)
export const MembersPage = lazyPage(
  () => import('../pages/settings/MembersPage'),
  (module) => module.MembersPage,
)
export const OrganizationSettingsPage = lazyPage(
  () => import('../pages/settings/OrganizationSettingsPage'),
  (module) => module.OrganizationSettingsPage,
)
export const RulesPage = lazyPage(
  () => import('../pages/settings/rules/RulesPage'),
  (module) => module.RulesPage,
)
export const SalesSettingsPage = lazyPage(
  () => import('../pages/settings/SalesSettingsPage'),
  (module) => module.SalesSettingsPage,
)
export const CancelSubscriptionPage = lazyPage(
  () => import('../pages/settings/subscription/CancelSubscriptionPage'),
  (module) => module.CancelSubscriptionPage,
)
export const ProrataHelpPage = lazyPage(
  () => import('../pages/settings/subscription/ProrataHelpPage'),
  (module) => module.ProrataHelpPage,
)
export const SubscriptionPage = lazyPage(
  () => import('../pages/settings/subscription/SubscriptionPage'),
  (module) => module.SubscriptionPage,
)
export const SettingsLayout = lazyPage(
  () => import('../pages/settings/SettingsLayout'),
  (module) => module.SettingsLayout,
)
export const StartPage = lazyPage(
  () => import('../pages/start/StartPages'),
  (module) => module.StartPage,
)
export const SalesCustomizationPage = lazyPage(
  () => import('../pages/start/StartPages'),
  (module) => module.SalesCustomizationPage,
)
export const FirstDocumentPage = lazyPage(
  () => import('../pages/start/StartPages'),
  (module) => module.FirstDocumentPage,
)
export const LegalInfosPage = lazyPage(
  () => import('../pages/start/LegalInfosPage'),
  (module) => module.LegalInfosPage,
)
export const SubscriptionEditorPage = lazyPage(
  () => import('../pages/subscriptions/editor/SubscriptionEditorPage'),
  (module) => module.SubscriptionEditorPage,
)
export const SubscriptionsPage = lazyPage(
  () => import('../pages/subscriptions/SubscriptionsPage'),
  (module) => module.SubscriptionsPage,
)
