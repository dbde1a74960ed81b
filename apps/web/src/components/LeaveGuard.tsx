import { messages } from '@app/domain'
import { useContext, useEffect, useState } from 'react'
import { UNSAFE_DataRouterContext, useBlocker, useNavigate } from 'react-router'
import { ConfirmModal } from './ConfirmModal'

/**
 * The editor page's leave-guard (spec/account.md §5 "Leaving a dirty form"): while `when` is true, leaving the page
 * asks "Es-tu certain·e de vouloir quitter cette page ?". Closing or reloading the tab gets the browser's own prompt.
 * Under a data router every in-app navigation is held by useBlocker; under the declarative <BrowserRouter> (which has
 * no blocker) clicks on in-app links are intercepted instead, so the guard works whichever router renders the page.
 */
export function LeaveGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext)
  useBeforeUnload(when)
  return dataRouter ? <BlockerLeaveGuard when={when} /> : <LinkLeaveGuard when={when} />
}

function LeaveModal({ opened, onStay, onLeave }: { opened: boolean; onStay: () => void; onLeave: () => void }) {
  return (
    <ConfirmModal
      opened={opened}
      onClose={onStay}
      onConfirm={onLeave}
      title={messages.generic.leaveGuard}
      message="Tes modifications non enregistrées seront perdues."
      confirmLabel="Quitter la page"
      cancelLabel="Rester"
    />
  )
}

function BlockerLeaveGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  )
  return (
    <LeaveModal
      opened={blocker.state === 'blocked'}
      onStay={() => blocker.reset?.()}
      onLeave={() => blocker.proceed?.()}
    />
  )
}

function LinkLeaveGuard({ when }: { when: boolean }) {
  const navigate = useNavigate()
  const [pending, setPending] = useState<string | null>(null)

  useEffect(() => {
    if (!when) return
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
      if (!(anchor instanceof HTMLAnchorElement)) return
      if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return
      const url = new URL(anchor.href, window.location.href)
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return
      // Captured on the document, before React's handler on the root: the router never sees the click.
      event.preventDefault()
      event.stopPropagation()
      setPending(url.pathname + url.search + url.hash)
    }
    document.addEventListener('click', onClick, true)
    return () => document.removeEventListener('click', onClick, true)
  }, [when])

  return (
    <LeaveModal
      opened={pending !== null}
      onStay={() => setPending(null)}
      onLeave={() => {
        const to = pending
        setPending(null)
        if (to) navigate(to)
      }}
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
