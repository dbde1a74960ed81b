import type { NotificationDto } from '@app/domain'
import { cleanup, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../../components/test-utils'
import { LatestNotifications, relativeDate } from './LatestNotifications'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const notification = (overrides: Partial<NotificationDto>): NotificationDto => ({
  id: 1,
  type: 'commentAdded',
  modelType: 'invoice',
  modelId: 12,
  tags: ['comment'],
  userName: 'Léa Durand',
  description: 'Léa Durand a commenté la facture F-2026-0001.',
  isImportant: true,
  readBy: [],
  isRead: false,
  createdAt: new Date(Date.now() - 3 * 3600_000).toISOString(),
  ...overrides,
})

describe('the dashboard’s latest notifications', () => {
  it('asks for the 5 latest important ones and lists each with its relative date and a link to what it speaks of', async () => {
    const spy = stubApi([
      {
        path: '/notifications',
        body: {
          data: [
            notification({}),
            notification({
              id: 2,
              type: 'outcome',
              modelType: 'transaction',
              modelId: 40,
              description: 'Dépense de 1 200,00 € sur Compte pro : Loyer.',
            }),
            notification({
              id: 3,
              type: 'synchroLost',
              modelType: 'bankConnection',
              modelId: 5,
              description: 'La synchronisation avec Qonto est interrompue.',
            }),
          ],
          meta: { total: 3, page: 1, pageSize: 5 },
        },
      },
    ])
    renderPage(<LatestNotifications />)
    const block = await screen.findByTestId('notifications-block')
    const comment = await within(block).findByRole('link', { name: 'Léa Durand a commenté la facture F-2026-0001.' })
    expect(comment.getAttribute('href')).toBe('/app/sales/invoices/12/show')
    expect(within(block).getByRole('link', { name: /Loyer/ }).getAttribute('href')).toBe('/app/financial/bank/40/show')
    expect(within(block).getByRole('link', { name: /Qonto/ }).getAttribute('href')).toBe('/app/setting/financial')
    expect(within(block).getAllByText('il y a 3 heures')).toHaveLength(3)
    const url = new URL(String(spy.mock.calls[0]?.[0]), 'http://localhost')
    expect(url.searchParams.get('filter[important]')).toBe('true')
    expect(url.searchParams.get('pageSize')).toBe('5')
  })

  it('says "Aucune notification" when there is none', async () => {
    stubApi([{ path: '/notifications', body: { data: [], meta: { total: 0, page: 1, pageSize: 5 } } }])
    renderPage(<LatestNotifications />)
    expect(await screen.findByText('Aucune notification')).toBeTruthy()
  })

  it('writes dates relative to now, in French', () => {
    expect(relativeDate('2026-11-24T08:00:00Z', new Date('2026-11-24T10:00:00Z'))).toBe('il y a 2 heures')
    expect(relativeDate('2026-11-20T10:00:00Z', new Date('2026-11-24T10:00:00Z'))).toBe('il y a 4 jours')
  })
})
