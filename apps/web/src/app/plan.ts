import type { Feature } from '@app/domain'
import { useMe } from './session'

/**
 * Whether the current organisation's plan includes `feature` (spec/account.md §6 "Plan gates": recurring invoices need
 * a Plus plan). Undefined while the session loads, so that a page waits instead of flashing its upsell.
 */
export function useFeature(feature: Feature): boolean | undefined {
  const me = useMe()
  if (me.isPending) return undefined
  return me.data?.currentOrganization?.features.includes(feature) ?? false
}
