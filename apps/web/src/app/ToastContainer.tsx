import { Notifications } from '@mantine/notifications'

/** The toasts' container, in a module of its own so that the first script carries only their store. */
export function ToastContainer() {
  // Toasts: 5 s, not closable (spec/account.md §9).
  return <Notifications position="top-right" autoClose={5000} />
}
