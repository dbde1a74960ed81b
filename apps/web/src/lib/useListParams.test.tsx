import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { stubApi } from '../components/test-utils'
import { activeFilterCount, listParamsSchema, parseListParams, serializeListParams } from './listParams'
import { useListParams } from './useListParams'

const catalogSchema = listParamsSchema.extend({ type: z.enum(['PRO', 'SER']).optional().catch(undefined) })

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('list parameters', () => {
  it('parses page, search, view and filters, falling back on bad values', () => {
    const params = parseListParams(
      catalogSchema,
      new URLSearchParams('page=3&search=café&view=grid&type=SER&pageSize=50&unknown=1'),
    )
    expect(params).toEqual({ page: 3, search: 'café', view: 'grid', type: 'SER', pageSize: 50 })
    const bad = parseListParams(catalogSchema, new URLSearchParams('page=-2&view=table&type=XX&pageSize=30'))
    expect(bad).toEqual({ page: 1, search: '', view: undefined, type: undefined, pageSize: undefined })
  })

  it('serialises without defaults and empty values', () => {
    expect(serializeListParams({ page: 1, search: '', view: 'grid', type: undefined }).toString()).toBe('view=grid')
    expect(serializeListParams({ page: 2, search: 'a b' }).toString()).toBe('page=2&search=a+b')
  })

  it("counts active filters, ignoring 'page' and 'open'", () => {
    expect(activeFilterCount(new URLSearchParams('page=2&open=5'))).toBe(0)
    expect(activeFilterCount(new URLSearchParams('page=2&open=5&search=x&view=grid&type=PRO'))).toBe(3)
  })
})

function setup(url: string, preferences?: unknown) {
  stubApi([
    preferences
      ? { path: '/me', body: { data: { id: 1, preferences } } }
      : { path: '/me', status: 401, body: { message: 'x', code: 'UNAUTHENTICATED' } },
  ])
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  let router: ReturnType<typeof createMemoryRouter> | undefined
  const wrapper = ({ children }: { children: ReactNode }) => {
    router ??= createMemoryRouter([{ path: '*', element: children }], { initialEntries: [url] })
    return (
      <MantineProvider env="test">
        <QueryClientProvider client={client}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    )
  }
  const hook = renderHook(() => useListParams(catalogSchema, { display: 'catalog' }), { wrapper })
  return { hook, search: () => router?.state.location.search ?? '' }
}

describe('useListParams', () => {
  it("defaults the view and page size to the user's preferences", async () => {
    const { hook } = setup('/app/sales/catalog', { display: { catalog: 'grid' }, pageSize: 50 })
    await waitFor(() => expect(hook.result.current.params.view).toBe('grid'))
    expect(hook.result.current.params.pageSize).toBe(50)
    expect(hook.result.current.params.page).toBe(1)
  })

  it('falls back to list and 25 without preferences', async () => {
    const { hook } = setup('/app/sales/catalog?view=oops')
    expect(hook.result.current.params.view).toBe('list')
    expect(hook.result.current.params.pageSize).toBe(25)
  })

  it('goes back to page 1 when a filter changes, keeps the rest', async () => {
    const { hook, search } = setup('/app/sales/catalog?page=3&search=vis&view=grid')
    act(() => hook.result.current.set({ type: 'PRO' }))
    await waitFor(() => expect(search()).toBe('?search=vis&view=grid&type=PRO'))
    expect(hook.result.current.params.page).toBe(1)
    expect(hook.result.current.activeFilters).toBe(3)
    act(() => hook.result.current.set({ page: 2 }))
    await waitFor(() => expect(search()).toBe('?page=2&search=vis&view=grid&type=PRO'))
  })

  it('resets to page 1 with every other parameter cleared', async () => {
    const { hook, search } = setup('/app/sales/catalog?page=3&search=vis&type=SER&open=4')
    expect(hook.result.current.activeFilters).toBe(2)
    act(() => hook.result.current.reset())
    await waitFor(() => expect(search()).toBe(''))
    expect(hook.result.current.activeFilters).toBe(0)
    expect(hook.result.current.params.type).toBeUndefined()
  })
})
