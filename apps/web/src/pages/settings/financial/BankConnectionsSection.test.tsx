import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BankConnectionsSection } from '../../../components/bank-connections/BankConnectionsSection'
import { browser } from '../../../components/bank-connections/connectionQueries'
import { renderPage, whereIs } from '../../../components/test-utils'
import { BRIDGE, callsTo, connection, stubConnectionsApi } from '../../../test-support/fakeConnectionsApi'
import { BankAccountsPage } from './BankAccountsPage'

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

const card = async (name: string) => within(await screen.findByRole('listitem', { name }))

const inError = connection({
  id: 2,
  bankName: 'LCL',
  statusCode: 402,
  statusCodeInfo: 'wrong_pwd',
  statusCodeDescription: 'Ton mot de passe a changé : mets-le à jour.',
  state: 'error',
})
const archived = connection({ id: 3, bankName: 'BNP Paribas', isActive: false, state: 'archived', journals: [] })

describe('BankConnectionsSection', () => {
  it('shows each connection on the bank accounts settings with its badge, its accounts and its status in a tooltip', async () => {
    stubConnectionsApi([connection(), inError, archived])
    renderPage(<BankAccountsPage />)
    expect(await screen.findByRole('heading', { name: 'Connexions bancaires' })).toBeTruthy()
    const sg = await card('Société Générale')
    expect(sg.getByText('OK')).toBeTruthy()
    expect(sg.getByText('Compte courant pro (BQ1)')).toBeTruthy()
    expect(sg.getByText(/via Bridge/)).toBeTruthy()
    const lcl = await card('LCL')
    expect(lcl.getByText('En erreur')).toBeTruthy()
    fireEvent.mouseEnter(lcl.getByRole('button', { name: 'Voir l’erreur de LCL' }))
    expect(await screen.findByText('Ton mot de passe a changé : mets-le à jour.')).toBeTruthy()
    const bnp = await card('BNP Paribas')
    expect(bnp.getByText('Archivée')).toBeTruthy()
    expect(bnp.getByText('Aucun compte')).toBeTruthy()
    expect(bnp.getByRole('button', { name: 'Synchroniser BNP Paribas' })).toHaveProperty('disabled', true)
  })

  it('syncs, says how many lines came, then waits 3 s before reading transactions, accounts and connections again', async () => {
    const spy = stubConnectionsApi([connection()], { imported: 2 })
    renderPage(<BankConnectionsSection />)
    fireEvent.click((await card('Société Générale')).getByRole('button', { name: 'Synchroniser Société Générale' }))
    expect(await screen.findByText('Synchronisation terminée : 2 nouvelles transactions.')).toBeTruthy()
    const listsRead = () => callsTo(spy, 'GET', '/bank-connections').length
    const before = listsRead()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect(listsRead()).toBe(before)
    await waitFor(() => expect(listsRead()).toBe(before + 1), { timeout: 3000 })
    expect(m.synced(1)).toBe('Synchronisation terminée : 1 nouvelle transaction.')
  })

  it('shows the generic error toast when a sync fails', async () => {
    stubConnectionsApi([connection()], {
      routes: [
        {
          method: 'POST',
          path: '/bank-connections/1/sync',
          status: 502,
          body: { message: m.providerUnavailable, code: 'BANK_PROVIDER_UNAVAILABLE' },
        },
      ],
    })
    renderPage(<BankConnectionsSection />)
    fireEvent.click((await card('Société Générale')).getByRole('button', { name: 'Synchroniser Société Générale' }))
    expect(await screen.findByText(messages.generic.error)).toBeTruthy()
  })

  it('archives with the switch, and puts it back silently when the server refuses', async () => {
    stubConnectionsApi([connection(), connection({ id: 4, bankName: 'Crédit Agricole' })], {
      routes: [
        { method: 'POST', path: '/bank-connections/4/toggle', status: 409, body: { message: 'Non', code: 'CONFLICT' } },
      ],
    })
    renderPage(<BankConnectionsSection />)
    fireEvent.click(
      (await card('Société Générale')).getByRole('switch', { name: 'Connexion active : Société Générale' }),
    )
    await waitFor(async () => expect((await card('Société Générale')).getByText('Archivée')).toBeTruthy())

    const ca = await card('Crédit Agricole')
    fireEvent.click(ca.getByRole('switch', { name: 'Connexion active : Crédit Agricole' }))
    await waitFor(async () =>
      expect(
        (await card('Crédit Agricole')).getByRole('switch', { name: 'Connexion active : Crédit Agricole' }),
      ).toHaveProperty('checked', true),
    )
    expect(screen.queryByText('Non')).toBeNull()
  })

  it('asks with the spec’s texts before deleting a connection', async () => {
    const spy = stubConnectionsApi([connection()])
    renderPage(<BankConnectionsSection />)
    fireEvent.click(
      (await card('Société Générale')).getByRole('button', { name: 'Supprimer la connexion Société Générale' }),
    )
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Es-tu certain·e de vouloir supprimer cette entrée ?' }),
    )
    expect(dialog.getByText('Cette action est irréversible !')).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Supprimer' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Société Générale' })).toBeNull())
    expect(callsTo(spy, 'DELETE', '/bank-connections/1')).toHaveLength(1)
    expect(await screen.findByText('Aucune banque connectée')).toBeTruthy()
  })

  it('opens the error modal from the red badge: code, description, and the action that goes back to the provider', async () => {
    const spy = stubConnectionsApi([inError])
    renderPage(<BankConnectionsSection />)
    fireEvent.click((await card('LCL')).getByRole('button', { name: 'Voir l’erreur de LCL' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Connexion LCL en erreur' }))
    expect(dialog.getByText('Code 402')).toBeTruthy()
    expect(dialog.getByText('Ton mot de passe a changé : mets-le à jour.')).toBeTruthy()
    expect(dialog.queryByText(m.contactSupport)).toBeNull()
    fireEvent.click(dialog.getByRole('button', { name: 'Mettre à jour' }))
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://connect.example/bridge/2'))
    expect(callsTo(spy, 'POST', '/bank-connections')).toEqual([{ provider: 'bridge', bankConnectionId: 2 }])
  })

  it('tells to contact the support when the error has no action', async () => {
    stubConnectionsApi([
      connection({
        statusCode: 1003,
        statusCodeInfo: 'bank_is_down',
        statusCodeDescription: 'Ta banque est en panne.',
        state: 'error',
      }),
    ])
    renderPage(<BankConnectionsSection />)
    fireEvent.click((await card('Société Générale')).getByRole('button', { name: 'Voir l’erreur de Société Générale' }))
    const dialog = within(await screen.findByRole('dialog'))
    expect(dialog.getByText('Code 1003')).toBeTruthy()
    expect(dialog.getByText('Tu peux contacter le support')).toBeTruthy()
    expect(dialog.queryByRole('button', { name: 'Synchroniser' })).toBeNull()
  })

  it('offers the neobank or another bank, and goes on only once the acknowledgement box is ticked', async () => {
    const spy = stubConnectionsApi([])
    renderPage(<BankConnectionsSection />)
    fireEvent.click(await screen.findByRole('button', { name: 'Connecter une banque' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Connecter une banque' }))
    expect(dialog.getByText('Je suis client·e de Qonto')).toBeTruthy()
    expect(dialog.getByText('Plus de 350 banques, par l’intermédiaire de Bridge.')).toBeTruthy()
    const next = dialog.getByRole('button', { name: 'Continuer' })
    expect(next).toHaveProperty('disabled', true)
    fireEvent.click(dialog.getByRole('radio', { name: /Une autre banque/ }))
    expect(next).toHaveProperty('disabled', true)
    fireEvent.click(dialog.getByRole('checkbox', { name: m.acknowledgement }))
    expect(next).toHaveProperty('disabled', false)
    fireEvent.click(next)
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://connect.example/bridge/new'))
    expect(callsTo(spy, 'POST', '/bank-connections')).toEqual([{ provider: 'bridge' }])
  })

  it('says “Erreur lors de la connexion à Bridge” with the server’s message when the provider fails', async () => {
    stubConnectionsApi([], {
      providers: [BRIDGE],
      routes: [
        {
          method: 'POST',
          path: '/bank-connections',
          status: 502,
          body: { message: m.providerUnavailable, code: 'BANK_PROVIDER_UNAVAILABLE' },
        },
      ],
    })
    renderPage(<BankConnectionsSection />)
    fireEvent.click(await screen.findByRole('button', { name: 'Connecter une banque' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Connecter une banque' }))
    // Only the configured provider is offered, already chosen.
    expect(dialog.queryByText(/Qonto/)).toBeNull()
    fireEvent.click(dialog.getByRole('checkbox', { name: m.acknowledgement }))
    fireEvent.click(dialog.getByRole('button', { name: 'Continuer' }))
    expect(await screen.findByText('Erreur lors de la connexion à Bridge')).toBeTruthy()
    expect(screen.getByText(m.providerUnavailable)).toBeTruthy()
    expect(go).not.toHaveBeenCalled()
  })

  it('invites to import a statement file when no provider is configured, with no connect button', async () => {
    stubConnectionsApi([], { providers: [] })
    renderPage(<BankConnectionsSection />)
    expect(await screen.findByText(m.noProvider)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Importer un relevé' }).getAttribute('href')).toBe(
      '/app/financial/bank/import',
    )
    expect(screen.queryByRole('button', { name: 'Connecter une banque' })).toBeNull()
  })

  it('renews a connection past its 90 days through the provider', async () => {
    stubConnectionsApi([connection({ needsRenewal: true, state: 'error' })])
    renderPage(<BankConnectionsSection />)
    const sg = await card('Société Générale')
    expect(sg.getByText(m.expired)).toBeTruthy()
    expect(sg.getByRole('button', { name: 'Synchroniser Société Générale' })).toHaveProperty('disabled', true)
    fireEvent.click(sg.getByRole('button', { name: 'Renouveler' }))
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://connect.example/bridge/1'))
  })

  it('says how the return from the provider went, then cleans the address', async () => {
    stubConnectionsApi([])
    const { router } = renderPage(<BankConnectionsSection />, {
      route: '/app/setting/financial?bankConnection=failed&reason=CANCELLED&provider=bridge',
    })
    expect(await screen.findByText('Erreur lors de la connexion à Bridge')).toBeTruthy()
    expect(screen.getByText(m.callbackCancelled)).toBeTruthy()
    await waitFor(() => expect(whereIs(router)).toBe('/app/setting/financial'))
  })

  it('welcomes a connected bank', async () => {
    stubConnectionsApi([connection()])
    renderPage(<BankConnectionsSection />, {
      route: '/app/setting/financial?bankConnection=connected&bankConnectionId=1',
    })
    expect(await screen.findByText(m.connected)).toBeTruthy()
  })
})
