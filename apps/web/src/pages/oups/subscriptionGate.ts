import type { OrganizationDto } from '@app/domain'

export const SUBSCRIPTION_OUT_PATH = '/app/oups/subscription-out'
export const TRIAL_END_PATH = '/app/oups/trial-period-end'

/** Where a blocked organisation may still go: the blocking screens, the settings (to pay), the profile, the help. */
const ALWAYS_OPEN = ['/app/oups', '/app/setting', '/app/profile', '/app/help']

type GateFacts = Pick<OrganizationDto, 'isOwner' | 'paymentRequired' | 'free' | 'isOnTrial' | 'trialEndsAt' | 'endsAt'>

/** The trial is over and nothing replaced it: on the free formula, never subscribed since (no end of a plan). */
export const trialHasEnded = (organization: GateFacts) =>
  organization.free && !organization.isOnTrial && organization.trialEndsAt !== null && organization.endsAt === null

/**
 * Where the app sends a user instead of `pathname` (spec/account.md "Blocking screens", §6 "Owner-only problems …
 * lead non-owners to the /app/oups pages"), null to let them in:
 * - a failed payment suspends the subscription: every page but those ALWAYS_OPEN shows the suspended screen (the
 *   owner's, or the one naming the owner);
 * - the end of the trial is said once, to the owner, on the dashboard; the free formula stays usable afterwards.
 */
export function subscriptionBlock(organization: GateFacts, pathname: string, trialEndSeen: boolean): string | null {
  const path = pathname.replace(/\/+$/, '') || '/'
  if (ALWAYS_OPEN.some((open) => path === open || path.startsWith(`${open}/`))) return null
  if (organization.paymentRequired) return SUBSCRIPTION_OUT_PATH
  if (organization.isOwner && path === '/app' && !trialEndSeen && trialHasEnded(organization)) return TRIAL_END_PATH
  return null
}

const trialEndSeenKey = (organizationId: number) => `carnet.trialEndSeen.${organizationId}`

/** Whether this browser already showed the end of this organisation's trial (a private window asks again: fine). */
export function wasTrialEndSeen(organizationId: number): boolean {
  try {
    return window.localStorage.getItem(trialEndSeenKey(organizationId)) !== null
  } catch {
    return true
  }
}

export function markTrialEndSeen(organizationId: number) {
  try {
    window.localStorage.setItem(trialEndSeenKey(organizationId), new Date().toISOString())
  } catch {
    // Storage refused (private mode): the screen may show again, which is harmless.
  }
}
