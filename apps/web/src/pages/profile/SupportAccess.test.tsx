import { supportMessages as m } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage, stubApi } from '../../components/test-utils'
import { SupportAccess } from './SupportAccess'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('support access in the profile', () => {
  it('says the support has no access, then grants it for the chosen time and shows until when', async () => {
    const spy = stubApi([
      { path: '/me/support-access', body: { data: { grantedUntil: null, grantedAt: null } } },
      {
        method: 'POST',
        path: '/me/support-access',
        body: { data: { grantedUntil: '2026-12-05T10:00:00.000Z', grantedAt: '2026-11-28T10:00:00.000Z' } },
      },
    ])
    renderPage(<SupportAccess />)
    expect(await screen.findByText(m.notGranted)).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: '7 jours' }))
    fireEvent.click(screen.getByRole('button', { name: m.grant }))
    await waitFor(() => expect(bodiesSent(spy, 'POST', '/me/support-access')).toEqual([{ hours: 168 }]))
    expect(await screen.findByText(/Le support peut agir sur ton compte jusqu'au 05\/12\/2026/)).toBeTruthy()
    expect(screen.getByRole('button', { name: m.revoke })).toBeTruthy()
  })

  it('takes a running access back', async () => {
    const spy = stubApi([
      { path: '/me/support-access', body: { data: { grantedUntil: '2026-11-28T11:00:00.000Z', grantedAt: null } } },
      { method: 'DELETE', path: '/me/support-access', status: 204 },
    ])
    renderPage(<SupportAccess />)
    fireEvent.click(await screen.findByRole('button', { name: m.revoke }))
    expect(await screen.findByText(m.notGranted)).toBeTruthy()
    expect(spy.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'DELETE')).toBe(true)
  })
})
