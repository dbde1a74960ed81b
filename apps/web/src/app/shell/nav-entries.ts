import type { Feature } from '@app/domain'
import {
  IconBook,
  IconBox,
  IconBuildingBank,
  IconCash,
  IconCashRegister,
  IconCreditCardRefund,
  IconDatabaseExport,
  IconFileInvoice,
  IconFileText,
  IconGavel,
  IconLayoutDashboard,
  IconPercentage,
  IconReceipt,
  IconRepeat,
  IconReportAnalytics,
  IconReportMoney,
  IconSend,
  IconSettings,
  IconShieldCheck,
  IconShoppingCart,
  IconTruck,
  IconUsers,
  IconWallet,
} from '@tabler/icons-react'
import type { ComponentType } from 'react'

type Icon = ComponentType<{ size?: number | string; stroke?: number | string }>

/**
 * One entry of the navigation or of the quick-create menu. `available` is false until the entry's page exists:
 * such entries are absent from the UI, never dead links (DESIGN.md "Web"). Whoever builds the page flips it.
 */
export type NavEntry = {
  label: string
  to: string
  icon: Icon
  available: boolean
  /** "Mes paramètres" and the settings pages are for owners only (spec/account.md §6). */
  ownerOnly?: boolean
  /** Hidden on the free formula (spec/account.md §2, quick-create menu). */
  premium?: boolean
  /**
   * The plan feature the page needs (spec/account.md §6 "Plan gates"). It carries the premium star; without the
   * feature, the navigation shows it locked (its page offers the upgrade) and the quick-create menu leaves it out.
   */
  feature?: Feature
  /** Active only on this exact path (the dashboard), not on its children. */
  end?: boolean
  /** Only for organisations that sell over the counter (spec/account.md §3 canSellCash): the cash sales. */
  sellsCash?: boolean
}

export type NavSection = { label: string | null; entries: NavEntry[] }

/** The one navigation of the app, in DESIGN.md's order. */
export const NAVIGATION: NavSection[] = [
  {
    label: null,
    entries: [{ label: 'Tableau de bord', to: '/app', icon: IconLayoutDashboard, available: true, end: true }],
  },
  {
    label: 'Ventes',
    entries: [
      { label: 'Devis', to: '/app/sales/quotes', icon: IconFileText, available: true },
      { label: 'Factures', to: '/app/sales/invoices', icon: IconFileInvoice, available: true },
      {
        label: 'Factures récurrentes',
        to: '/app/sales/subscriptions',
        icon: IconRepeat,
        available: true,
        feature: 'recurring_invoices',
      },
      { label: 'Clients', to: '/app/sales/customers', icon: IconUsers, available: true },
      { label: 'Catalogue', to: '/app/sales/catalog', icon: IconBox, available: true },
      { label: 'Ventes au comptant', to: '/app/sales/money', icon: IconCash, available: true, sellsCash: true },
    ],
  },
  {
    label: 'Achats',
    entries: [
      { label: 'Fournisseurs', to: '/app/purchase/suppliers', icon: IconTruck, available: true },
      { label: 'Justificatifs', to: '/app/purchase/receipts', icon: IconReceipt, available: true },
      { label: 'Notes de frais', to: '/app/purchase/expenses', icon: IconShoppingCart, available: true },
    ],
  },
  {
    label: 'Finances',
    entries: [
      { label: 'Banque', to: '/app/financial/bank', icon: IconBuildingBank, available: true },
      { label: 'Caisse', to: '/app/financial/cash', icon: IconCashRegister, available: true },
      {
        label: 'Journal inaltérable',
        to: '/app/financial/cash-journal',
        icon: IconShieldCheck,
        available: true,
        sellsCash: true,
      },
    ],
  },
  {
    label: 'Rapports',
    entries: [
      {
        label: "Compte d'exploitation",
        to: '/app/reports/operating-account',
        icon: IconReportAnalytics,
        available: true,
      },
      { label: 'Ventes', to: '/app/reports/sales', icon: IconReportMoney, available: true },
      { label: 'T.V.A.', to: '/app/reports/taxes', icon: IconPercentage, available: true },
      { label: 'E-reporting', to: '/app/reports/e-reporting', icon: IconSend, available: true },
      { label: 'Livres', to: '/app/reports/in-out-book', icon: IconBook, available: true, feature: 'ledger' },
      { label: 'Export comptable', to: '/app/reports/export', icon: IconDatabaseExport, available: true },
    ],
  },
  {
    label: null,
    entries: [{ label: 'Paramètres', to: '/app/setting', icon: IconSettings, available: true, ownerOnly: true }],
  },
]

/** The quick-create menu of the header (spec/account.md §2), in the spec's order. */
export const QUICK_CREATE: NavEntry[] = [
  { label: 'Devis', to: '/app/sales/quotes/new', icon: IconFileText, available: true },
  { label: 'Facture', to: '/app/sales/invoices/new', icon: IconFileInvoice, available: true },
  { label: 'Avoir', to: '/app/sales/invoices/new?credit=true', icon: IconCreditCardRefund, available: true },
  {
    label: 'Facture récurrente',
    to: '/app/sales/subscriptions/new',
    icon: IconRepeat,
    available: true,
    feature: 'recurring_invoices',
  },
  { label: 'Note de frais', to: '/app/purchase/expenses/new', icon: IconWallet, available: true, premium: true },
  {
    label: 'Justificatif',
    to: '/app/purchase/receipts?upload=true',
    icon: IconReceipt,
    available: true,
    premium: true,
  },
  { label: "Règle d'affectation", to: '/app/financial/rules/new', icon: IconGavel, available: false, premium: true },
]

/** Who looks: owner or not, on the free formula or not, and the features of the organisation's plan. */
export type Viewer = { isOwner: boolean; isFree: boolean; features: readonly string[]; canSellCash?: boolean }

/** Whether this user may see this entry now (a locked entry is still seen in the navigation). */
export const isVisible = (entry: NavEntry, viewer: Viewer) =>
  entry.available &&
  (!entry.ownerOnly || viewer.isOwner) &&
  (!entry.premium || !viewer.isFree) &&
  (!entry.sellsCash || viewer.canSellCash === true)

/** A premium entry whose feature the organisation's plan lacks. */
export const isLocked = (entry: NavEntry, viewer: Viewer) =>
  entry.feature !== undefined && !viewer.features.includes(entry.feature)

/** The sections with at least one visible entry, each with only its visible entries. */
export const visibleNavigation = (viewer: Viewer, sections: NavSection[] = NAVIGATION): NavSection[] =>
  sections
    .map((section) => ({ ...section, entries: section.entries.filter((entry) => isVisible(entry, viewer)) }))
    .filter((section) => section.entries.length > 0)
