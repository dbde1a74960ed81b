import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi, whereIs } from '../../components/test-utils'
import { OupsPage, OwnerScreen } from './NotOwnerPage'

const meAs = (isOwner: boolean) => ({
  path: '/me',
  body: {
    data: {
      id: 4,
      currentOrganizationId: 1,
      currentOrganization: { id: 1, isOwner, owner: { firstname: 'Camille', lastname: 'Martin' } },
    },
  },
})

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

describe('the blocking screens for a member who is not the owner (/app/oups/{slug})', () => {
  it('says so, names the owner, and copies the legal-info page’s link with the 3 s toast', async () => {
    stubApi([meAs(false)])
    const writeText = vi.fn(async () => {})
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } })
    const show = vi.spyOn(notifications, 'show')
    renderPage(<OupsPage slug="need-legal-infos" />, {
      route: '/app/oups/need-legal-infos?callback=%2Fapp%2Fsales%2Finvoices',
    })
    expect(await screen.findByRole('heading', { name: 'Accéder aux devis et factures' })).toBeTruthy()
    expect(screen.getByText("Oups, tu n'es pas le propriétaire de cette entreprise...")).toBeTruthy()
    expect(screen.getByText('Camille Martin')).toBeTruthy()
    const link = `${window.location.origin}/app/start/legal-infos?callback=${encodeURIComponent('/app/sales/invoices')}`
    expect(screen.getByText(link)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Copier le lien' }))
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(link))
    expect(await screen.findByText(messages.generic.linkCopied)).toBeTruthy()
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'Lien copié dans le presse-papier', autoClose: 3000 }),
    )
  })

  it('gives each slug its title, the trial and the suspended subscription as the spec says', async () => {
    stubApi([meAs(false)])
    renderPage(<OupsPage slug="trial-period-end" />, { route: '/app/oups/trial-period-end' })
    expect(await screen.findByRole('heading', { name: "Ta période d'essai est terminée !" })).toBeTruthy()
    cleanup()
    renderPage(<OupsPage slug="subscription-out" />, { route: '/app/oups/subscription-out' })
    expect(await screen.findByRole('heading', { name: 'Ton abonnement est suspendu' })).toBeTruthy()
    expect(screen.getByText(`${window.location.origin}/app/oups/subscription-out`)).toBeTruthy()
  })

  it('sends the owner to the legal-info page, keeping the callback', async () => {
    stubApi([meAs(true)])
    const { router } = renderPage(<OupsPage slug="need-legal-infos" />, {
      route: '/app/oups/need-legal-infos?callback=%2Fapp%2Fsales%2Fquotes',
    })
    await waitFor(() => expect(whereIs(router)).toBe('/app/start/legal-infos?callback=%2Fapp%2Fsales%2Fquotes'))
  })

  it('keeps the bank screens for the owner, and shows the others the blocking screen with the bypass', async () => {
    stubApi([meAs(true)])
    renderPage(
      <OwnerScreen slug="bank-first-connexion">
        <p>Écran du propriétaire</p>
      </OwnerScreen>,
    )
    expect(await screen.findByText('Écran du propriétaire')).toBeTruthy()
    cleanup()
    stubApi([meAs(false)])
    renderPage(
      <OwnerScreen slug="bank-first-connexion">
        <p>Écran du propriétaire</p>
      </OwnerScreen>,
    )
    expect(await screen.findByText("Oups, tu n'es pas le propriétaire de cette entreprise...")).toBeTruthy()
    expect(screen.queryByText('Écran du propriétaire')).toBeNull()
    expect(screen.getByRole('link', { name: /sans connecter de banque/ }).getAttribute('href')).toBe(
      '/app/financial/bank?bypass=true',
    )
  })
})
