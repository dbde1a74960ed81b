import { messages } from '@app/domain'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NewsTicker } from '../../components/news/NewsTicker'
import { renderPage, stubApi, whereIs } from '../../components/test-utils'
import { NewsPage } from './NewsPage'

const entries = [
  { id: 3, title: 'Recherche globale : Ctrl+K', valuedAt: '2026-11-27', tags: ['NEW'] },
  { id: 2, title: 'Un avoir se retrouve par son montant', valuedAt: '2026-11-26', tags: ['FIX'] },
  { id: 1, title: 'Factures récurrentes', valuedAt: '2026-11-23', tags: ['NEW'] },
]
const changelog = (data: unknown[]) => ({
  path: '/changelog',
  body: { data, meta: { total: data.length, page: 1, pageSize: 10 } },
})

describe('NewsTicker', () => {
  it('runs through the latest items at 10 seconds per item and leads to the news page', async () => {
    const spy = stubApi([changelog(entries)])
    const { router } = renderPage(<NewsTicker />, { route: '/app' })
    const ticker = await screen.findByTestId('news-ticker')
    expect(screen.getByRole('region', { name: messages.news.ticker })).toBeTruthy()
    const track = ticker.querySelector('[data-duration]') as HTMLElement
    expect(track.dataset.duration).toBe('30')
    expect(track.style.getPropertyValue('--ticker-duration')).toBe('30s')
    // Read once by screen readers: the loop's second copy is hidden from them.
    expect(screen.getAllByText('Recherche globale : Ctrl+K')).toHaveLength(2)
    expect(track.querySelector('[aria-hidden="true"]')?.textContent).toContain('Recherche globale : Ctrl+K')
    expect(String(spy.mock.calls[0]?.[0])).toContain('/changelog?pageSize=10')
    fireEvent.click(ticker)
    await waitFor(() => expect(whereIs(router)).toBe('/app/news'))
  })

  it('is not there at all without news', async () => {
    const spy = stubApi([changelog([])])
    renderPage(<NewsTicker />, { route: '/app' })
    await waitFor(() => expect(spy).toHaveBeenCalled())
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByTestId('news-ticker')).toBeNull()
    expect(screen.queryByRole('region', { name: messages.news.ticker })).toBeNull()
  })
})

describe('NewsPage', () => {
  it('lists every item, newest first, with its date and its kind', async () => {
    stubApi([changelog(entries)])
    renderPage(<NewsPage />, { route: '/app/news' })
    const items = await screen.findAllByRole('listitem')
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual(entries.map((entry) => entry.title))
    expect(items[1]?.textContent).toContain('Correction')
    expect(items[0]?.textContent).toContain('27/11/2026')
  })

  it('says so when there is no news', async () => {
    stubApi([changelog([])])
    renderPage(<NewsPage />, { route: '/app/news' })
    expect(await screen.findByText(messages.news.empty)).toBeTruthy()
  })
})
