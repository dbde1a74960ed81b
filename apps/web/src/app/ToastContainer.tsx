import { Notifications } from '@mantine/notifications'
import classes from './ToastContainer.module.css'

/** The toasts' container, in a module of its own so that the first script carries only their store. */
export function ToastContainer() {
  // Toasts: 5 s, not closable (spec/account.md §9), below the header so that they never cover its buttons.
  return <Notifications position="top-right" autoClose={5000} classNames={{ root: classes.root }} />
}
