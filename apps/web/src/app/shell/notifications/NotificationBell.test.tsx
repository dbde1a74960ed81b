import { messages, type NotificationDto } from '@app/domain'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, fakeServer, jsonResponse, renderPage } from '../../../components/test-utils'
import { NotificationBell } from './NotificationBell'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const notification = (id: number, overrides: Partial<NotificationDto> = {}): NotificationDto => ({
  id,
  type: 'commentAdded',
  modelType: 'invoice',
  modelId: 7,
  tags: ['comment'],
  userName: 'Léa Durand',
  description: `Léa Durand a commenté la facture F-2026-000${id}.`,
  isImportant: true,
  readBy: [],
  isRead: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
})

/** A server with `unread` unread notifications for the badge and `panel` in the panel; reads answer 200. */
function server({ unread = 0, panel = [] as NotificationDto[] } = {}) {
  return fakeServer([], ({ path, url, method }) => {
    if (path === '/notifications' && url.searchParams.get('filter[unread]') === 'true')
      return jsonResponse(200, { data: [], meta: { total: unread, page: 1, pageSize: 1 } })
    if (path === '/notifications')
      return jsonResponse(200, { data: panel, meta: { total: panel.length, page: 1, pageSize: 15 } })
    const read = /^\/notifications\/(\d+)\/read$/.exec(path)
    if (read && method === 'POST') return jsonResponse(200, { data: notification(Number(read[1]), { isRead: true }) })
    return jsonResponse(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' })
  })
}

/** jsdom has no IntersectionObserver: this one lets the test say when an element comes into view. */
function fakeIntersectionObserver() {
  const observers: { callback: IntersectionObserverCallback; elements: Element[] }[] = []
  class FakeObserver {
    elements: Element[] = []
    constructor(readonly callback: IntersectionObserverCallback) {
      observers.push(this)
    }
    observe(element: Element) {
      this.elements.push(element)
    }
    unobserve() {}
    disconnect() {
      this.elements = []
    }
    takeRecords() {
      return []
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver)
  return {
    show(element: Element, isIntersecting = true) {
      for (const observer of observers.filter((candidate) => candidate.elements.includes(element)))
        observer.callback(
          [{ isIntersecting, target: element } as IntersectionObserverEntry],
          observer as unknown as IntersectionObserver,
        )
    },
  }
}

const bell = () => screen.findByRole('button', { name: new RegExp(`^${messages.notifications.open}`) })

describe('NotificationBell', () => {
  it('shows the unread count on the badge, and 9+ above 9', async () => {
    server({ unread: 12 })
    renderPage(<NotificationBell enabled />)
    expect(await screen.findByRole('button', { name: `${messages.notifications.open} (9+)` })).toBeTruthy()
    expect(screen.getByText('9+')).toBeTruthy()
  })

  it('shows the count itself up to 9 and no badge at 0', async () => {
    server({ unread: 9 })
    renderPage(<NotificationBell enabled />)
    expect(await screen.findByRole('button', { name: `${messages.notifications.open} (9)` })).toBeTruthy()
    cleanup()
    server({ unread: 0 })
    renderPage(<NotificationBell enabled />)
    expect((await bell()).getAttribute('aria-label')).toBe(messages.notifications.open)
  })

  it('says "Aucune notification" when the panel is empty', async () => {
    server()
    renderPage(<NotificationBell enabled />)
    fireEvent.click(await bell())
    expect(await screen.findByText('Aucune notification')).toBeTruthy()
  })

  it('marks a notification read after 3 s in view, not before, and not when it left the view', async () => {
    const observer = fakeIntersectionObserver()
    const spy = server({ unread: 2, panel: [notification(1), notification(2)] })
    renderPage(<NotificationBell enabled />)
    fireEvent.click(await bell())
    const first = (await screen.findByText(/F-2026-0001/)).closest('button') as Element
    const second = screen.getByText(/F-2026-0002/).closest('button') as Element

    vi.useFakeTimers()
    act(() => {
      observer.show(first)
      observer.show(second)
    })
    await act(async () => vi.advanceTimersByTime(2000))
    act(() => observer.show(second, false))
    await act(async () => vi.advanceTimersByTime(999))
    expect(bodiesSent(spy, 'POST', '/notifications/1/read')).toHaveLength(0)
    await act(async () => vi.advanceTimersByTime(1))
    expect(bodiesSent(spy, 'POST', '/notifications/1/read')).toHaveLength(1)
    await act(async () => vi.advanceTimersByTime(5000))
    expect(bodiesSent(spy, 'POST', '/notifications/2/read')).toHaveLength(0)
  })

  it('marks a notification read on a click, and opens what it speaks of', async () => {
    const spy = server({ unread: 1, panel: [notification(3)] })
    const { router } = renderPage(<NotificationBell enabled />, { route: '/app' })
    fireEvent.click(await bell())
    fireEvent.click(await screen.findByText(/F-2026-0003/))
    await vi.waitFor(() => expect(bodiesSent(spy, 'POST', '/notifications/3/read')).toHaveLength(1))
    expect(router.state.location.pathname).toBe('/app/sales/invoices/7/show')
  })

  it('is hidden on the free formula and asks nothing', async () => {
    const spy = server({ unread: 4 })
    renderPage(<NotificationBell enabled={false} />)
    await act(async () => {})
    expect(screen.queryByRole('button', { name: new RegExp(messages.notifications.open) })).toBeNull()
    expect(spy).not.toHaveBeenCalled()
  })
})
