import type { Feature } from '@app/domain'
import { Center, Loader } from '@mantine/core'
import type { ReactNode } from 'react'
import { useFeature } from '../app/plan'

/**
 * A page of a premium feature: its content on a plan that includes it, `upsell` otherwise (spec/account.md §6 "Plan
 * gates"); a loader while the session loads, so that a page never flashes its upsell.
 */
export function FeatureGate({
  feature,
  upsell,
  children,
}: {
  feature: Feature
  upsell: ReactNode
  children: ReactNode
}) {
  const allowed = useFeature(feature)
  if (allowed === undefined)
    return (
      <Center py="xl">
        <Loader aria-label="Chargement" />
      </Center>
    )
  return allowed ? children : upsell
}
