import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callsTo, connection, stubConnectionsApi } from '../../test-support/fakeConnectionsApi'
import { renderPage, whereIs } from '../test-utils'
import { blockingBankScreen, DisconnectedBankPage, FirstConnectionPage } from './BankScreens'
import { browser } from './connectionQueries'

const m = messages.bankConnections
const go = vi.fn()

beforeEach(() => {
  go.mockReset()
  browser.go = go
})

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const expired = connection({ id: 7, expiresAt: '2026-01-01T00:00:00.000Z', needsRenewal: true, state: 'error' })

describe('the first-connection screen (/app/oups/bank-first-connexion)', () => {
  it('invites the owner to connect a bank: C’est parti opens the bank selection; the bypass goes to the list', async () => {
    stubConnectionsApi([])
    renderPage(<FirstConnectionPage />, { route: '/app/oups/bank-first-connexion' })
    fireEvent.click(await screen.findByRole('button', { name: "C'est parti" }))
    expect(await screen.findByRole('dialog', { name: 'Connecter une banque' })).toBeTruthy()
    expect(screen.getByRole('link', { name: /sans connecter de banque/ }).getAttribute('href')).toBe(
      '/app/financial/bank?bypass=true',
    )
  })

  it('tells a member who is not the owner to contact the owner, and keeps the bypass', async () => {
    stubConnectionsApi([], { isOwner: false })
    renderPage(<FirstConnectionPage />)
    expect(await screen.findByText(m.contactOwner)).toBeTruthy()
    expect(screen.queryByRole('button', { name: "C'est parti" })).toBeNull()
    expect(screen.getByRole('link', { name: /sans connecter de banque/ })).toBeTruthy()
  })
})

describe('the disconnected-bank screen (/app/oups/disconnected-bank)', () => {
  it('explains the 90 days, and C’est parti goes to the provider’s page to renew the expired connection', async () => {
    const spy = stubConnectionsApi([connection(), expired])
    renderPage(<DisconnectedBankPage />)
    expect(await screen.findByText(/au plus 90 jours/)).toBeTruthy()
    await waitFor(() => expect(callsTo(spy, 'GET', '/bank-connections')).toHaveLength(1))
    fireEvent.click(await screen.findByRole('button', { name: "C'est parti" }))
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://connect.example/bridge/7'))
    expect(callsTo(spy, 'POST', '/bank-connections')).toEqual([{ provider: 'bridge', bankConnectionId: 7 }])
  })

  it('goes to the bank accounts settings when there is no connection to renew, or when the call fails', async () => {
    stubConnectionsApi([connection()])
    const { router } = renderPage(<DisconnectedBankPage />, { route: '/app/oups/disconnected-bank' })
    await waitFor(() => expect(screen.getByRole('button', { name: "C'est parti" })).toHaveProperty('disabled', false))
    fireEvent.click(screen.getByRole('button', { name: "C'est parti" }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/setting/financial'))
    cleanup()

    stubConnectionsApi([expired], {
      routes: [{ method: 'POST', path: '/bank-connections', status: 502, body: { message: 'Panne', code: 'X' } }],
    })
    const second = renderPage(<DisconnectedBankPage />, { route: '/app/oups/disconnected-bank' })
    await waitFor(() => expect(screen.getByRole('button', { name: "C'est parti" })).toHaveProperty('disabled', false))
    fireEvent.click(screen.getByRole('button', { name: "C'est parti" }))
    await waitFor(() => expect(whereIs(second.router)).toBe('/app/setting/financial'))
    expect(go).not.toHaveBeenCalled()
  })

  it('tells a member who is not the owner to contact the owner', async () => {
    stubConnectionsApi([expired], { isOwner: false })
    renderPage(<DisconnectedBankPage />)
    expect(await screen.findByText(m.contactOwner)).toBeTruthy()
    expect(screen.queryByRole('button', { name: "C'est parti" })).toBeNull()
  })
})

describe('blockingBankScreen: where the bank list sends the user', () => {
  it('sends to the disconnected-bank screen only while an active connection is past its 90 days', () => {
    const now = new Date('2026-06-01T00:00:00Z')
    expect(blockingBankScreen([connection(), expired], now)).toBe('/app/oups/disconnected-bank')
    expect(blockingBankScreen([{ ...expired, isActive: false }], now)).toBeNull()
    expect(blockingBankScreen([connection()], now)).toBeNull()
    expect(blockingBankScreen([], now)).toBeNull()
  })
})
