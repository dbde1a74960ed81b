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

/** Legal information is complete when the invoices can carry the mandatory mentions. */
export function hasCompletedLegalInfo(org: {
  name: string | null
  registrySiren: string | null
  hasAddress: boolean
}): boolean {
  return Boolean(org.name && org.registrySiren && org.hasAddress)
}

/** The books, reports and exports: the owner, the administrators and the accountant; not a collaborator. */
export const canReadBooks = (roleCode: string) => roleCode !== 'collaborator'
