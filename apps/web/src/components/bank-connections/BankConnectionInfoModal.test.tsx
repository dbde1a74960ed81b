import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callsTo, connection, stubConnectionsApi } from '../../test-support/fakeConnectionsApi'
import { renderPage } from '../test-utils'
import { ConnectionInfoButton } from './BankConnectionInfoModal'
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

const inError = connection({
  id: 2,
  provider: 'qonto',
  providerName: 'Qonto',
  bankName: 'Qonto',
  statusCode: 402,
  statusCodeInfo: 'wrong_pwd',
  statusCodeDescription: 'Ton mot de passe a changé : mets-le à jour.',
  state: 'error',
  expiresAt: '2099-03-15T10:00:00.000Z',
})

describe('the bank connection information modal', () => {
  it('says what a connection does and lasts, and each connection with its state, accounts, end and error', async () => {
    stubConnectionsApi([connection(), inError])
    renderPage(<ConnectionInfoButton connections={[connection(), inError]} />)
    fireEvent.click(screen.getByRole('button', { name: 'Tes connexions bancaires (en erreur)' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Tes connexions bancaires' }))
    expect(dialog.getByText(/par Bridge et Qonto\. Il les lit seulement/)).toBeTruthy()
    expect(dialog.getByText(/dure au plus 90 jours/)).toBeTruthy()

    const ok = within(dialog.getByRole('listitem', { name: 'Société Générale' }))
    expect(ok.getByText('OK')).toBeTruthy()
    expect(ok.getByText(/Compte courant pro \(BQ1\)/)).toBeTruthy()
    expect(ok.getByText('Valable jusqu’au 01/01/2099')).toBeTruthy()
    expect(ok.getByText(/^Dernière synchronisation le /)).toBeTruthy()

    const failing = within(dialog.getByRole('listitem', { name: 'Qonto' }))
    expect(failing.getByText('En erreur')).toBeTruthy()
    expect(failing.getByText('Code 402 : Ton mot de passe a changé : mets-le à jour.')).toBeTruthy()
    // 402 calls for the provider's page again: the button says "Mettre à jour" and goes there.
    expect(failing.queryByText(m.contactSupport)).toBeNull()
    fireEvent.click(failing.getByRole('button', { name: 'Mettre à jour' }))
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://connect.example/qonto/2'))
    expect(dialog.getByRole('link', { name: 'Gérer mes connexions' }).getAttribute('href')).toBe(
      '/app/setting/financial',
    )
  })

  it('syncs a connection from the modal, and tells to contact the support when nothing else can be done', async () => {
    const stuck = connection({ statusCode: 1234, statusCodeDescription: 'Erreur inconnue.', state: 'error' })
    const spy = stubConnectionsApi([stuck])
    renderPage(<ConnectionInfoButton connections={[stuck]} />)
    fireEvent.click(screen.getByRole('button', { name: 'Ta connexion bancaire (en erreur)' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Ta connexion bancaire' }))
    expect(dialog.getByText(m.contactSupport)).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Synchroniser Société Générale' }))
    expect(await screen.findByText(m.synced(2))).toBeTruthy()
    expect(callsTo(spy, 'POST', '/bank-connections/1/sync')).toHaveLength(1)
  })

  it('is not offered without a connection', () => {
    stubConnectionsApi([])
    renderPage(<ConnectionInfoButton connections={[]} />)
    expect(screen.queryByRole('button')).toBeNull()
  })
})
