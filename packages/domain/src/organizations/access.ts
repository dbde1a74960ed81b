import { organizationMessages } from '../messages/organization'

/**
 * Plans, trial and role rules of spec/account.md §4 and §6, shared by the server (to refuse) and the web (to hide).
 */

export const TRIAL_MONTHS = 3

export const PREMIUM_FEATURES = [
  'recurring_invoices',
  'ledger',
  'alerts',
  'commercial_dashboard',
  'notifications',
  'reminders',
  'card_payment',
  'exercise_menu',
  'bank_sync',
  'expenses',
  'receipts',
  'assignment_rules',
] as const
export type Feature = (typeof PREMIUM_FEATURES)[number]

export type PlanLike = { code: string; features: readonly string[]; maxCollaborators: number }

export type OrganizationPlanState = {
  planCode: string
  trialEndsAt: string | null
  subscriptionEndsAt: string | null
  /** Set by the jobs that end trials (`npm run jobs`): once ended, a trial stays ended whatever the clock says. */
  trialEndedAt?: string | null
}

/** Collaborators allowed on a trial: the largest plan's (Classic+). */
export const TRIAL_MAX_COLLABORATORS = 10

export type PlanAccess = {
  planCode: string
  isOnTrial: boolean
  /** On the free formula: no paid plan and no running trial. */
  free: boolean
  onGracePeriod: boolean
  features: readonly string[]
  maxCollaborators: number
}

/**
 * A trial gives every premium feature until trialEndsAt; a cancelled plan keeps working until subscriptionEndsAt
 * (grace period); after that the organisation falls back to the free formula and its gates.
 */
export function planAccess(state: OrganizationPlanState, plans: readonly PlanLike[], now: Date): PlanAccess {
  const paid = state.planCode !== 'free'
  const endsAt = state.subscriptionEndsAt ? new Date(state.subscriptionEndsAt) : null
  const planStillRuns = paid && (endsAt === null || endsAt > now)
  const onGracePeriod = paid && endsAt !== null && endsAt > now
  const isOnTrial =
    !planStillRuns && !state.trialEndedAt && state.trialEndsAt !== null && new Date(state.trialEndsAt) > now
  const plan = plans.find((p) => p.code === (planStillRuns ? state.planCode : 'free'))
  if (isOnTrial) {
    return {
      planCode: 'free',
      isOnTrial: true,
      free: false,
      onGracePeriod: false,
      features: PREMIUM_FEATURES,
      maxCollaborators: TRIAL_MAX_COLLABORATORS,
    }
  }
  return {
    planCode: planStillRuns ? state.planCode : 'free',
    isOnTrial: false,
    free: !planStillRuns,
    onGracePeriod,
    features: plan?.features ?? [],
    maxCollaborators: plan?.maxCollaborators ?? 1,
  }
}

export const hasFeature = (access: Pick<PlanAccess, 'features'>, feature: Feature) => access.features.includes(feature)

/** The trial end: three calendar months after creation. */
export function trialEndFrom(createdAt: Date): Date {
  const end = new Date(createdAt.getTime())
  const day = end.getUTCDate()
  end.setUTCDate(1)
  end.setUTCMonth(end.getUTCMonth() + TRIAL_MONTHS)
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()
  end.setUTCDate(Math.min(day, lastDay))
  return end
}

export const ROLE_CODES = ['owner', 'admin', 'collaborator', 'accountant'] as const
export type RoleCode = (typeof ROLE_CODES)[number]

/** Owner-only settings ("Mes paramètres"): organisation, members, invitations, plan. */
export const canManageOrganization = (roleCode: string) => roleCode === 'owner'

/**
 * What issuing a quote or an invoice needs of the seller (spec/account.md "need-legal-infos"), nothing more: the law's
 * mandatory mentions (Code de commerce L441-9 and CGI annexe II art. 242 nonies A: name, SIREN, address, and the VAT
 * number of a seller who charges VAT) and what the Factur-X XML needs — the SIREN gives BT-30, the BR-FR electronic
 * address BT-34 and, without a VAT number, the BT-32 that EN 16931 BR-S-02 asks for. A seller under the franchise en
 * base (tax regime FREE) has no VAT number to give.
 */
export const LEGAL_INFO_PIECES = ['name', 'siren', 'address', 'vatNumber'] as const
export type LegalInfoPiece = (typeof LEGAL_INFO_PIECES)[number]

export type LegalInfoFacts = {
  name: string | null
  registrySiren: string | null
  hasAddress: boolean
  registryIntra: string | null
  /** Franchise en base de TVA: no VAT, no VAT number. */
  isTaxFree: boolean
}

/** A SIREN (9 digits) or a SIRET (14) as the organisation may hold it; spaces do not count. */
const SIREN_OR_SIRET = /^(\d{9}|\d{14})$/

/** The pieces of legal information still missing, in the order the legal-info page asks for them. */
export function missingLegalInfo(org: LegalInfoFacts): LegalInfoPiece[] {
  const missing: LegalInfoPiece[] = []
  if (!org.name?.trim()) missing.push('name')
  if (!SIREN_OR_SIRET.test((org.registrySiren ?? '').replace(/\s/g, ''))) missing.push('siren')
  if (!org.hasAddress) missing.push('address')
  if (!org.isTaxFree && !org.registryIntra?.trim()) missing.push('vatNumber')
  return missing
}

/** Legal information is complete when quotes and invoices can carry the mandatory mentions (missingLegalInfo). */
export const hasCompletedLegalInfo = (org: LegalInfoFacts): boolean => missingLegalInfo(org).length === 0

/** "Complète tes informations légales avant d'émettre un devis ou une facture : SIREN, adresse." */
export const legalInfoRequiredMessage = (missing: readonly LegalInfoPiece[]) =>
  organizationMessages.legalInfoRequired(missing.map((piece) => organizationMessages.legalInfoPieces[piece]))

/** The books, reports and exports: the owner, the administrators and the accountant; not a collaborator. */
export const canReadBooks = (roleCode: string) => roleCode !== 'collaborator'
