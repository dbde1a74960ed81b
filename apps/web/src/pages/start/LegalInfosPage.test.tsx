import { messages, type OrganizationDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, fakeServer, jsonResponse, renderPage, whereIs } from '../../components/test-utils'
import { LegalInfosPage } from './LegalInfosPage'

const incomplete = {
  id: 7,
  name: 'Atelier Martin',
  brandName: null,
  owner: { firstname: 'Camille', lastname: 'Martin' },
  legalFormId: 1,
  legalForm: { id: 1, code: 'EI', name: 'Entrepreneur individuel', type: 'EI' },
  legalFormType: 'EI',
  sectorId: 10,
  taxRegimeId: 1,
  taxAreaId: 1,
  canSellCash: false,
  hasCashRegister: false,
  financialPeriodEnd: 12,
  registrySiren: null,
  registryIntra: null,
  registryApe: null,
  registryName: null,
  registryCapital: null,
  companyForm: null,
  url: null,
  email: null,
  phone: null,
  addresses: [],
  defaultAddress: null,
  platform: { code: 'CLASSIC', name: 'Carnet' },
  hasCompletedLegalInfo: false,
  missingLegalInfo: ['siren', 'address'],
  isOwner: true,
} as unknown as OrganizationDto

const complete = { ...incomplete, registrySiren: '732829320', hasCompletedLegalInfo: true, missingLegalInfo: [] }

/** A fake server: the organisation as `organization` says, and a PATCH that completes it. */
function stubServer(organization: OrganizationDto, isOwner = true) {
  return fakeServer(
    [
      { path: '/me', body: { data: { id: 3, currentOrganizationId: 7, currentOrganization: { isOwner } } } },
      { path: '/organization', body: { data: organization } },
      { path: '/legal-forms', body: { data: [incomplete.legalForm] } },
      { path: '/sectors', body: { data: [{ id: 10, code: 'J', name: 'Information et communication' }] } },
      { path: '/tax-regimes', body: { data: [{ id: 1, code: 'FREE', name: 'Franchise en base de TVA' }] } },
      { path: '/tax-areas', body: { data: [{ id: 1, code: 'FRANCE', name: 'France métropolitaine' }] } },
      { path: '/countries', body: { data: [{ id: 71, code: 'FR', name: 'France' }] } },
      { method: 'PATCH', path: '/organization', body: { data: complete } },
    ],
    () => jsonResponse(404, { message: 'Ressource introuvable.', code: 'NOT_FOUND' }),
  )
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

async function fillAndSave(siren: string) {
  fireEvent.change(await screen.findByRole('textbox', { name: 'SIREN' }), { target: { value: siren } })
  fireEvent.click(screen.getByRole('tab', { name: 'Coordonnées' }))
  fireEvent.change(screen.getByRole('textbox', { name: /^Adresse/ }), { target: { value: '12 rue de la Paix' } })
  fireEvent.change(screen.getByRole('textbox', { name: /^Code postal/ }), { target: { value: '75002' } })
  fireEvent.change(screen.getByRole('textbox', { name: /^Ville/ }), { target: { value: 'Paris' } })
  fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
}

describe('the legal-info page (/app/start/legal-infos)', () => {
  it('shows its three tabs, and asks for a SIREN of 9 digits on the legal tab', async () => {
    const spy = stubServer(incomplete)
    renderPage(<LegalInfosPage />, { route: '/app/start/legal-infos' })
    expect(await screen.findByRole('heading', { name: 'Mes infos' })).toBeTruthy()
    expect(await screen.findByRole('tab', { name: 'Informations légales' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Contact (facultatif)' })).toBeTruthy()

    await fillAndSave('7328')
    // The refused submit comes back to the tab of the field in error.
    expect(await screen.findByText(messages.validation.sirenInvalid)).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Informations légales' }).getAttribute('aria-selected')).toBe('true')
    fireEvent.change(screen.getByRole('textbox', { name: 'SIREN' }), { target: { value: '' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText(messages.validation.sirenInvalid)).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/organization')).toEqual([])
  })

  it('saves the SIREN without its spaces, then goes on to the callback', async () => {
    const spy = stubServer(incomplete)
    const { router } = renderPage(<LegalInfosPage />, {
      route: `/app/start/legal-infos?callback=${encodeURIComponent('/app/sales/invoices/12/show')}`,
    })
    await fillAndSave('732 829 320')
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/invoices/12/show'))
    expect(bodiesSent(spy, 'PATCH', '/organization')[0]).toMatchObject({
      registrySiren: '732829320',
      address: { street: '12 rue de la Paix', postcode: '75002', city: 'Paris' },
    })
  })

  it('goes to the quotes when the callback is missing or not a page of the app', async () => {
    stubServer(incomplete)
    const { router } = renderPage(<LegalInfosPage />, {
      route: `/app/start/legal-infos?callback=${encodeURIComponent('https://evil.example/app')}`,
    })
    await fillAndSave('732829320')
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/quotes'))
  })

  it('sends on at once when the information is already complete', async () => {
    stubServer(complete as unknown as OrganizationDto)
    const { router } = renderPage(<LegalInfosPage />, {
      route: '/app/start/legal-infos?callback=%2Fapp%2Fsales%2Finvoices',
    })
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/invoices'))
  })

  it('shows a member who is not the owner the need-legal-infos screen instead', async () => {
    stubServer(incomplete, false)
    const { router } = renderPage(<LegalInfosPage />, {
      route: '/app/start/legal-infos?callback=%2Fapp%2Fsales%2Finvoices',
    })
    await waitFor(() => expect(whereIs(router)).toBe('/app/oups/need-legal-infos?callback=%2Fapp%2Fsales%2Finvoices'))
  })
})
