import { configure } from '@testing-library/react'

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
