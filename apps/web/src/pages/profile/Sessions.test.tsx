import type { SessionDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { Sessions } from './Sessions'

const session = (overrides: Partial<SessionDto>): SessionDto => ({
  id: 1,
  device: 'Chrome sur macOS',
  browser: 'Chrome',
  os: 'macOS',
  platform: 'desktop',
  ip: '127.0.0.1',
  createdAt: '2026-11-02T09:00:00.000Z',
  lastSeenAt: '2026-11-02T10:00:00.000Z',
  current: false,
  impersonated: false,
  ...overrides,
})

const list = [
  session({ id: 4, device: 'Safari sur iOS', platform: 'mobile', ip: '203.0.113.7' }),
  session({ id: 3, current: true }),
]

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const calls = (spy: ReturnType<typeof stubApi>, method: string) =>
  spy.mock.calls
    .filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([input]) => new URL(String(input), 'http://localhost').pathname)

describe('Appareils connectés', () => {
  it('lists this session first, marked, with each device, address and times', async () => {
    stubApi([{ path: '/me/sessions', body: { data: list, meta: { total: 2, page: 1, pageSize: 100 } } }])
    renderPage(<Sessions />)
    const rows = await screen.findAllByTestId('session-row')
    expect(rows.map((row) => row.textContent)).toEqual(['Chrome sur macOSCette session', 'Safari sur iOS'])
    expect(screen.getByText(/Adresse IP 203\.0\.113\.7/)).toBeTruthy()
    // Only the other session can be ended from here; this one signs out from the menu.
    expect(screen.getByRole('button', { name: 'Déconnecter Safari sur iOS' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Déconnecter Chrome sur macOS' })).toBeNull()
  })

  it('ends another session after confirming', async () => {
    const spy = stubApi([
      { path: '/me/sessions', body: { data: list, meta: { total: 2, page: 1, pageSize: 100 } } },
      { method: 'DELETE', path: '/me/sessions/4', status: 204 },
    ])
    renderPage(<Sessions />)
    fireEvent.click(await screen.findByRole('button', { name: 'Déconnecter Safari sur iOS' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déconnecter' }))
    await waitFor(() => expect(calls(spy, 'DELETE')).toEqual(['/api/v1/me/sessions/4']))
    expect(await screen.findByText('Session terminée.')).toBeTruthy()
  })

  it('ends all the other sessions at once', async () => {
    const spy = stubApi([
      { path: '/me/sessions', body: { data: list, meta: { total: 2, page: 1, pageSize: 100 } } },
      { method: 'POST', path: '/me/sessions/end-others', body: { data: { ended: 1 } } },
    ])
    renderPage(<Sessions />)
    fireEvent.click(await screen.findByRole('button', { name: 'Déconnecter les autres sessions' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Déconnecter les autres sessions' }))
    await waitFor(() => expect(calls(spy, 'POST')).toEqual(['/api/v1/me/sessions/end-others']))
    expect(await screen.findByText('1 autre session terminée.')).toBeTruthy()
  })

  it('offers nothing to end when this session is the only one, and says when the list cannot load', async () => {
    stubApi([{ path: '/me/sessions', body: { data: [list[1]], meta: { total: 1, page: 1, pageSize: 100 } } }])
    renderPage(<Sessions />)
    await screen.findByText('Cette session')
    expect(screen.queryByRole('button', { name: /Déconnecter/ })).toBeNull()
    cleanup()
    stubApi([{ path: '/me/sessions', status: 500, body: { message: 'Erreur', code: 'INTERNAL' } }])
    renderPage(<Sessions />)
    expect(await screen.findByRole('button', { name: /Réessayer/ })).toBeTruthy()
  })
})
