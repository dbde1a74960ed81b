import { toastError } from '../../lib/toast'
import { usePortal } from './billingQueries'
import { browser } from './browser'

/** The provider's customer portal (card, invoices, failed payment), in place of our page. */
export function usePortalRedirect() {
  const portal = usePortal()
  return {
    open: () =>
      portal.mutate(undefined, {
        onSuccess: ({ url }) => browser.assign(url),
        onError: (error) => toastError(error),
      }),
    pending: portal.isPending || portal.isSuccess,
  }
}
