import { eInvoicingMessages, twoFactorMessages } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage } from '../../../components/test-utils'
import { connected, fakeEInvoicingApi, GOOD_CODE } from '../../../test-support/fakeEInvoicingApi'
import { EInvoicingPage } from './EInvoicingPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const open = () => renderPage(<EInvoicingPage />, { route: '/app/setting/e-invoicing' })
/** A field by the start of its label: a required one ends with Mantine's asterisk. */
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`))
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } })

function fillAccess() {
  type('Adresse du service Flow', 'https://pa.example/flow/v1')
  type('Adresse du service Annuaire', 'https://pa.example/directory/v1')
  type('Adresse des jetons (OAuth2)', 'https://pa.example/oauth/token')
  type('Identifiant client (client_id)', 'carnet-client')
  type('Secret client (client_secret)', 's3cret')
}

const codeDialog = async (name: string) => within(await screen.findByRole('dialog', { name }))

describe('the e-invoicing settings', () => {
  it('explains the reform to an organisation not yet connected, and says in French what each empty field needs', async () => {
    const spy = fakeEInvoicingApi()
    open()
    expect(await screen.findByText('Pourquoi relier une plateforme agréée ?')).toBeTruthy()
    expect(screen.getByText('Depuis le 1er septembre 2026')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Relier la plateforme' }))
    expect(await screen.findByText(eInvoicingMessages.flowUrl)).toBeTruthy()
    expect(screen.getByText(eInvoicingMessages.directoryUrl)).toBeTruthy()
    expect(screen.getByText(eInvoicingMessages.tokenUrl)).toBeTruthy()
    expect(screen.getByText(eInvoicingMessages.clientId)).toBeTruthy()
    expect(screen.getByText(eInvoicingMessages.clientSecret)).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(bodiesSent(spy, 'PUT', '/e-invoicing/connection')).toEqual([])
  })

  it('connects with the owner’s code: a wrong code is said in the dialog, the right one shows the connection', async () => {
    const spy = fakeEInvoicingApi()
    open()
    await screen.findByText('Pourquoi relier une plateforme agréée ?')
    fillAccess()
    fireEvent.click(screen.getByRole('button', { name: 'Relier la plateforme' }))
    let dialog = await codeDialog('Confirme avec ta double authentification')
    fireEvent.change(dialog.getByLabelText(/Code de ton application/), { target: { value: '000000' } })
    fireEvent.click(dialog.getByRole('button', { name: 'Relier' }))
    expect(await dialog.findByText(twoFactorMessages.wrongCode)).toBeTruthy()
    dialog = await codeDialog('Confirme avec ta double authentification')
    fireEvent.change(dialog.getByLabelText(/Code de ton application/), { target: { value: GOOD_CODE } })
    fireEvent.click(dialog.getByRole('button', { name: 'Relier' }))
    expect(await screen.findByText(eInvoicingMessages.connected)).toBeTruthy()
    expect(await screen.findByText('Reliée')).toBeTruthy()
    expect(screen.getByText('https://pa.example/flow/v1')).toBeTruthy()
    expect(bodiesSent(spy, 'PUT', '/e-invoicing/connection').at(-1)).toEqual({
      flowUrl: 'https://pa.example/flow/v1',
      directoryUrl: 'https://pa.example/directory/v1',
      tokenUrl: 'https://pa.example/oauth/token',
      clientId: 'carnet-client',
      clientSecret: 's3cret',
      platformOrganizationId: null,
      code: GOOD_CODE,
    })
  })

  it('says in French what the platform refused, and keeps the form as typed', async () => {
    fakeEInvoicingApi()
    open()
    await screen.findByText('Pourquoi relier une plateforme agréée ?')
    fillAccess()
    type('Identifiant client (client_id)', 'refused-client')
    fireEvent.click(screen.getByRole('button', { name: 'Relier la plateforme' }))
    const dialog = await codeDialog('Confirme avec ta double authentification')
    fireEvent.change(dialog.getByLabelText(/Code de ton application/), { target: { value: GOOD_CODE } })
    fireEvent.click(dialog.getByRole('button', { name: 'Relier' }))
    expect(await screen.findByText(eInvoicingMessages.platformCredentials)).toBeTruthy()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect((field('Identifiant client (client_id)') as HTMLInputElement).value).toBe('refused-client')
  })

  it('sends an owner without a second factor to their profile to turn it on', async () => {
    const spy = fakeEInvoicingApi({ twoFactorEnabled: false })
    open()
    expect(await screen.findByText(eInvoicingMessages.twoFactorNeeded)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Activer la double authentification' }).getAttribute('href')).toBe(
      '/app/profile?tab=double-authentification',
    )
    // The server's refusal says the same inside the dialog, should the page have been opened before.
    fillAccess()
    fireEvent.click(screen.getByRole('button', { name: 'Relier la plateforme' }))
    const dialog = await codeDialog('Confirme avec ta double authentification')
    fireEvent.change(dialog.getByLabelText(/Code de ton application/), { target: { value: GOOD_CODE } })
    fireEvent.click(dialog.getByRole('button', { name: 'Relier' }))
    expect(await dialog.findByText(eInvoicingMessages.twoFactorNeeded)).toBeTruthy()
    expect(bodiesSent(spy, 'PUT', '/e-invoicing/connection')).toHaveLength(1)
  })

  it('shows a connection: who made it and when (Paris time), its last check, the test, and how statuses come back', async () => {
    fakeEInvoicingApi({ initial: connected() })
    open()
    expect(await screen.findByText('Reliée par Camille Martin le 20/11/2026 à 10:15.')).toBeTruthy()
    expect(screen.getByText('28/11/2026 à 22:50')).toBeTruthy()
    expect(screen.getByText(/prévient Carnet dès que le statut/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Tester la connexion' }))
    expect(await screen.findByText(eInvoicingMessages.connectionOk)).toBeTruthy()
    expect(await screen.findByText('29/11/2026 à 09:00')).toBeTruthy()
  })

  it('says Carnet asks the platform itself when no webhook is subscribed', async () => {
    fakeEInvoicingApi({ initial: connected({ webhookActive: false, lastCheckedAt: null }) })
    open()
    expect(await screen.findByText(/toutes les 5 minutes/)).toBeTruthy()
    expect(screen.getByText('Pas encore vérifiée')).toBeTruthy()
  })

  it('chooses the receiving address among the directory’s, saved by its own button', async () => {
    const spy = fakeEInvoicingApi({ initial: connected() })
    open()
    const save = await screen.findByRole('button', { name: "Enregistrer l'adresse" })
    expect((screen.getByLabelText('732829320') as HTMLInputElement).checked).toBe(true)
    expect(save.hasAttribute('disabled')).toBe(true)
    expect(screen.getByText('SIREN 732829320 · suffixe ACHATS · plateforme agréée')).toBeTruthy()
    fireEvent.click(screen.getByLabelText('732829320_ACHATS'))
    fireEvent.click(save)
    expect(await screen.findByText('Adresse de réception enregistrée.')).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/e-invoicing/connection')).toEqual([{ receivingAddress: '732829320_ACHATS' }])
  })

  it('unlinks the platform with the owner’s code', async () => {
    const spy = fakeEInvoicingApi({ initial: connected() })
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Délier la plateforme' }))
    const dialog = await codeDialog('Délier la plateforme agréée ?')
    fireEvent.click(dialog.getByRole('button', { name: 'Délier' }))
    expect(await dialog.findByText(twoFactorMessages.codeOrRecoveryFormat)).toBeTruthy()
    fireEvent.change(dialog.getByLabelText(/Code de ton application/), { target: { value: GOOD_CODE } })
    fireEvent.click(dialog.getByRole('button', { name: 'Délier' }))
    expect(await screen.findByText(eInvoicingMessages.disconnected)).toBeTruthy()
    expect(await screen.findByText('Pourquoi relier une plateforme agréée ?')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/e-invoicing/disconnection')).toEqual([{ code: GOOD_CODE }])
  })

  it('shows a member who is not the owner how it stands, without a way to change it', async () => {
    fakeEInvoicingApi({ initial: connected(), isOwner: false })
    open()
    expect(await screen.findByText(eInvoicingMessages.ownerOnly)).toBeTruthy()
    expect(screen.getByText('https://pa.example/flow/v1')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Délier la plateforme' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Modifier les accès' })).toBeNull()
    expect(screen.queryByRole('button', { name: "Enregistrer l'adresse" })).toBeNull()
    expect((screen.getByLabelText('732829320_ACHATS') as HTMLInputElement).disabled).toBe(true)
    cleanup()
    fakeEInvoicingApi({ isOwner: false })
    open()
    expect(await screen.findByText("Aucune plateforme agréée n'est reliée pour le moment.")).toBeTruthy()
    expect(screen.queryByLabelText('Adresse du service Flow')).toBeNull()
  })

  it('offers to try again when the connection cannot be read', async () => {
    fakeEInvoicingApi({ readFails: true })
    open()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Réessayer' })).toBeTruthy())
  })
})
