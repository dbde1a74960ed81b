import { defaultPreferences, type MeDto, messages } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage, stubApi } from '../../components/test-utils'
import { ProfilePage } from './ProfilePage'

const p = messages.notifications.preferences

const meWith = (features: string[]) =>
  ({
    id: 1,
    firstname: 'Camille',
    lastname: 'Martin',
    email: 'camille@example.fr',
    preferences: defaultPreferences(),
    currentOrganizationId: 7,
    currentOrganization: { id: 7, name: 'Atelier Martin', isOwner: true, features },
    organizations: [],
  }) as unknown as MeDto

const routes = (me: MeDto) => [
  { path: '/me', body: { data: me } },
  { path: '/me/tokens', body: { data: [] } },
  { method: 'PATCH', path: '/me/preferences', body: { data: defaultPreferences() } },
]

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('notification preferences', () => {
  it('start from the spec defaults and save a switch at once', async () => {
    const spy = stubApi(routes(meWith(['notifications'])))
    renderPage(<ProfilePage />, { route: '/app/profile?tab=notifications' })
    const comments = await screen.findByRole('switch', { name: p.commentAdded })
    expect((comments as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('switch', { name: p.negativeBalance }) as HTMLInputElement).checked).toBe(false)
    expect((screen.getByRole('textbox', { name: `${p.income} : ${p.thresholdLabel}` }) as HTMLInputElement).value).toBe(
      '500 €',
    )
    fireEvent.click(comments)
    await waitFor(() =>
      expect(bodiesSent(spy, 'PATCH', '/me/preferences')).toEqual([{ notifications: { commentAdded: false } }]),
    )
  })

  it('are not offered on the free formula', async () => {
    stubApi(routes(meWith([])))
    renderPage(<ProfilePage />, { route: '/app/profile?tab=notifications' })
    await screen.findByRole('tab', { name: 'Mon profil' })
    expect(screen.queryByRole('tab', { name: 'Notifications' })).toBeNull()
  })
})
