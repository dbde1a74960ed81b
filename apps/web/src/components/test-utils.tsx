import { MantineProvider } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { vi } from 'vitest'

// Mantine's combobox scrolls the selected option into view, which jsdom does not implement.
Element.prototype.scrollIntoView ??= () => {}

export type Route = { method?: string; path: string; status?: number; body?: unknown }

/** A fake server's JSON answer (204: no body). */
export const jsonResponse = (status: number, body: unknown) =>
  status === 204
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

type FetchSpy = { mock: { calls: [RequestInfo | URL, RequestInit?][] } }

/** A request as a fake server's handler reads it: the path without /api/v1, the parsed JSON body ({} without). */
// biome-ignore lint/suspicious/noExplicitAny: a fake server reads whatever JSON the page sends, as the real one would
export type FakeRequest = { url: URL; method: string; path: string; body: any; init?: RequestInit }

/**
 * Stubs fetch with a fake server: `routes` answer first (a test's own answers), then `handle`. Returns the spy to
 * inspect calls.
 */
export function fakeServer(routes: Route[], handle: (request: FakeRequest) => Response | Promise<Response>) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = url.pathname.replace(/^\/api\/v1/, '')
    const route = routes.find((r) => (r.method ?? 'GET') === method && r.path === path)
    if (route) return jsonResponse(route.status ?? 200, route.body ?? {})
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : {}
    return handle({ url, method, path, body, init })
  })
  vi.stubGlobal('fetch', spy)
  return spy
}

/** The parsed bodies sent with `method` to `path` (exact, without the query string), in order. */
export const bodiesSent = (spy: FetchSpy, method: string, path: string) =>
  spy.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === method && new URL(String(input), 'http://localhost').pathname === `/api/v1${path}`,
    )
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined))

/**
 * Stubs fetch with a route table: each request to /api/v1{path} answers the first matching route (the path matches
 * without its query string). Unknown routes answer 404. Returns the spy to inspect calls.
 */
export function stubApi(routes: Route[]) {
  const spy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init?.method ?? 'GET').toUpperCase()
    const path = url.pathname.replace(/^\/api\/v1/, '')
    const route = routes.find((r) => (r.method ?? 'GET') === method && r.path === path)
    if (!route)
      return new Response(JSON.stringify({ message: 'Ressource introuvable.', code: 'NOT_FOUND' }), { status: 404 })
    if (route.status === 204) return new Response(null, { status: 204 })
    return new Response(JSON.stringify(route.body ?? {}), {
      status: route.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    })
  })
  vi.stubGlobal('fetch', spy)
  return spy
}

/**
 * Renders a page the way the app does: Mantine (test env: no portals, no transitions), a fresh query cache, a data
 * router (as LeaveGuard's useBlocker needs) that shows `ui` at every path, starting at `route`. Returns the render
 * result and the router, to read where the page went.
 */
export function renderPage(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [route] })
  const result = render(
    <MantineProvider env="test">
      <Notifications />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  )
  return { ...result, router }
}

/** Where the router is: the path and the query string, as in a link. */
export const whereIs = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search
