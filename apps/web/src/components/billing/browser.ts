/**
 * Leaving for the payment provider's pages and reloading after a change: whole-page navigations, kept in one object so
 * that tests can watch them (jsdom navigates nowhere).
 */
export const browser = {
  assign(url: string) {
    window.location.assign(url)
  },
  reload() {
    window.location.reload()
  },
}

/** After a payment or a plan change the page reloads (spec/account.md §4: about 2 s and 3 s). */
export const RELOAD_AFTER_PAYMENT_MS = 2000
export const RELOAD_AFTER_CHANGE_MS = 3000

export const reloadAfter = (ms: number) => window.setTimeout(() => browser.reload(), ms)
