import { messages } from '@app/domain'
import { useEffect } from 'react'
import { useBlocker, useLocation } from 'react-router'
import { ConfirmModal } from './ConfirmModal'

/**
 * Navigation state for a navigation that leaves a dirty page without asking, because the page has no purpose any more
 * (e.g. after closing the account): `navigate(to, { state: LEAVE_WITHOUT_ASKING })`.
 */
export const LEAVE_WITHOUT_ASKING = { leaveWithoutAsking: true } as const

const leavesWithoutAsking = (state: unknown) =>
  typeof state === 'object' && state !== null && 'leaveWithoutAsking' in state && state.leaveWithoutAsking === true

/**
 * The editor page's leave-guard (spec/account.md §5 "Leaving a dirty form"): while `when` is true, leaving the page
 * asks "Es-tu certain·e de vouloir quitter cette page ?". The router's blocker holds every in-app navigation to another
 * page (links, Back/Forward, navigate()); closing or reloading the tab gets the browser's own prompt. Needs a data
 * router (createBrowserRouter, or createMemoryRouter in tests).
 */
export function LeaveGuard({ when }: { when: boolean }) {
  // The page this guard was rendered for. A form that has just moved away (a new document saved goes to its own
  // route) is still mounted for a moment with its old, dirty state: it must not hold the next click on a link.
  const guarded = useLocation().pathname
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when &&
      currentLocation.pathname === guarded &&
      currentLocation.pathname !== nextLocation.pathname &&
      !leavesWithoutAsking(nextLocation.state),
  )
  useBeforeUnload(when)
  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      onClose={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
      title={messages.generic.leaveGuard}
      message="Tes modifications non enregistrées seront perdues."
      confirmLabel="Quitter la page"
      cancelLabel="Rester"
    />
  )
}

function useBeforeUnload(when: boolean) {
  useEffect(() => {
    if (!when) return
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = ''
    }
    window.addEventListener('beforeunload', onBeforeUnload)
    return () => window.removeEventListener('beforeunload', onBeforeUnload)
  }, [when])
}
