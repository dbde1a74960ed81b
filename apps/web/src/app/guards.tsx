import { Center, Loader } from '@mantine/core'
import type { ReactNode } from 'react'
import { Navigate, useLocation, useSearchParams } from 'react-router'
import { ErrorState } from '../components/ErrorState'
import { afterSignInPath, safeRedirect } from './redirect'
import { useMe } from './session'

export function FullPageLoader() {
  return (
    <Center h="100vh">
      <Loader aria-label="Chargement" />
    </Center>
  )
}

/** Signed-in users only; others go to the login page and come back afterwards. */
export function RequireAuth({
  children,
  needsOrganization = true,
}: {
  children: ReactNode
  needsOrganization?: boolean
}) {
  const me = useMe()
  const location = useLocation()
  if (me.isPending) return <FullPageLoader />
  if (me.isError) return <ErrorState onRetry={() => me.refetch()} />
  if (!me.data) {
    const redirect = encodeURIComponent(location.pathname + location.search)
    return <Navigate to={`/auth/login?redirect=${redirect}`} replace />
  }
  if (needsOrganization && me.data.currentOrganizationId === null) {
    return <Navigate to={`/auth/register/${me.data.id}`} replace />
  }
  return children
}

/** "Mes paramètres" is for owners only (spec/account.md §2). */
export function RequireOwner({ children }: { children: ReactNode }) {
  const me = useMe()
  if (!me.data?.currentOrganization?.isOwner) return <Navigate to="/app" replace />
  return children
}

/**
 * Auth pages send a signed-in user on: to ?redirect= when it is a path of the app, else to /app (or to the second
 * sign-up step while they have no organisation).
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const me = useMe()
  const [searchParams] = useSearchParams()
  if (me.isPending) return <FullPageLoader />
  if (me.data) return <Navigate to={afterSignInPath(me.data, safeRedirect(searchParams.get('redirect')))} replace />
  return children
}
