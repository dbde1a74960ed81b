import { notifications } from '@mantine/notifications'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, vi } from 'vitest'

// Mantine needs these browser APIs that jsdom does not have.
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver

// Textarea's autosize listens to document.fonts, which jsdom does not have.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  })

// findBy… and waitFor give up after 1 s by default: too short on a loaded 2-core CI machine.
configure({ asyncUtilTimeout: 5000 })

// Test files share one jsdom and one module graph (vitest.config.ts `isolate: false`): what a file leaves behind — the
// rendered tree, toasts in Mantine's store, stubbed fetch, fake timers, the URL — is cleared after every test.
afterEach(() => {
  cleanup()
  notifications.clean()
  notifications.cleanQueue()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
  window.localStorage.clear()
  window.sessionStorage.clear()
})
