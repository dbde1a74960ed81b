import type { ReactNode } from 'react'
import { Navigate, useLocation } from 'react-router'
import { useMe } from '../../app/session'
import { subscriptionBlock, wasTrialEndSeen } from './subscriptionGate'

/** Around the signed-in pages: a suspended subscription or a trial just ended lead to their screen (subscriptionBlock). */
export function SubscriptionGate({ children }: { children: ReactNode }) {
  const me = useMe()
  const { pathname } = useLocation()
  const organization = me.data?.currentOrganization
  if (organization) {
    const target = subscriptionBlock(organization, pathname, wasTrialEndSeen(organization.id))
    if (target) return <Navigate to={target} replace />
  }
  return children
}
