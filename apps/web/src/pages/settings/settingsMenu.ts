import { type Feature, hasFeature } from '@app/domain'
import {
  IconBuildingBank,
  IconBuildingStore,
  IconCreditCard,
  IconCreditCardPay,
  IconFileInvoice,
  IconListCheck,
  IconPalette,
  IconPlugConnected,
  IconShieldCheck,
  IconTags,
  IconUserDollar,
  IconUsers,
} from '@tabler/icons-react'
import type { ComponentType } from 'react'

export type MenuItem = {
  to: string
  label: string
  description: string
  icon: ComponentType<{ size?: number; stroke?: number }>
  /** A feature of the paid plans and the trial: the entry carries the premium star (spec/account.md §2). */
  feature?: Feature
}

/** Only the sections that exist are listed: no dead links (DESIGN.md "Web"). */
const MENU: MenuItem[] = [
  {
    to: '/app/setting/account',
    label: 'Mon entreprise',
    description: 'Informations légales, coordonnées, contact',
    icon: IconBuildingStore,
  },
  {
    to: '/app/setting/collaborators',
    label: 'Collaborateurs',
    description: 'Membres, rôles et invitations',
    icon: IconUsers,
  },
  {
    to: '/app/setting/subscription',
    label: 'Abonnement',
    description: 'Formule, moyen de paiement et factures',
    icon: IconCreditCard,
  },
  {
    to: '/app/setting/sales',
    label: 'Ventes',
    description: 'Documents, options, e-mails, numérotation et paiements',
    icon: IconFileInvoice,
  },
  {
    to: '/app/setting/sales/branding',
    label: 'Apparence des documents',
    description: 'Couleur, police, logo et fonds',
    icon: IconPalette,
  },
  {
    to: '/app/setting/e-invoicing',
    label: 'Facturation électronique',
    description: 'Plateforme agréée, annuaire et statuts',
    icon: IconPlugConnected,
  },
  {
    to: '/app/setting/financial',
    label: 'Comptes bancaires',
    description: 'Comptes, IBAN, solde et compte actif',
    icon: IconBuildingBank,
  },
  {
    to: '/app/setting/financial/associates',
    label: "Comptes courants d'associé",
    description: 'Apports et avances des associés',
    icon: IconUserDollar,
  },
  {
    to: '/app/setting/categories',
    label: 'Catégories comptables',
    description: 'Plan comptable, catégories personnalisées et mots-clés',
    icon: IconTags,
  },
  {
    to: '/app/setting/audit',
    label: "Journal d'audit",
    description: 'Qui a fait quoi, quand et d’où',
    icon: IconShieldCheck,
  },
  {
    to: '/app/setting/rules',
    label: "Règles d'affectation",
    description: 'Catégoriser les transactions automatiquement',
    icon: IconListCheck,
    feature: 'assignment_rules',
  },
  {
    to: '/app/setting/card-payment',
    label: 'Paiement par carte',
    description: 'Clé Stripe et montants acceptés',
    icon: IconCreditCardPay,
    feature: 'card_payment',
  },
]

/** The first entry of the free formula's menu: what a paid plan would add starts there. */
const SUBSCRIPTION = '/app/setting/subscription'

export type SettingsMenu = {
  /** The entries the organisation uses. */
  main: MenuItem[]
  /** Free formula only: the premium entries, apart, each with its star, after the subscription that opens them. */
  premium: MenuItem[]
}

/**
 * spec/account.md §2: "The settings layout shows one menu for free organisations and another for paid ones. Premium
 * features carry a star." A paid plan or a trial sees every section in its place, the premium ones starred; the free
 * formula sees the subscription first, then its own sections, and the premium ones apart under what unlocks them.
 */
export function settingsMenuFor(organization: { free: boolean; features: readonly string[] }): SettingsMenu {
  if (!organization.free) return { main: MENU, premium: [] }
  const isIncluded = (item: MenuItem) => !item.feature || hasFeature(organization, item.feature)
  const subscription = MENU.filter((item) => item.to === SUBSCRIPTION)
  const others = MENU.filter((item) => item.to !== SUBSCRIPTION)
  return { main: [...subscription, ...others.filter(isIncluded)], premium: others.filter((item) => !isIncluded(item)) }
}
