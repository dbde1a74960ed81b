import { type CompanyDto, messages, type OrganizationDto } from '@app/domain'
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

/** GET /companies/{siret} for Danone's head office; its legal form (an SAS here) is not in this page's list. */
const danoneHeadOffice: CompanyDto = {
  name: 'DANONE',
  tvaIntra: 'FR27552032534',
  siren: '552032534',
  siret: '55203253400646',
  naf: '70.10Z',
  natureJuridique: '5710',
  legalFormId: 14,
  legalForm: { id: 14, code: 'SAS', name: 'Société par actions simplifiée' },
  street: '17 BD HAUSSMANN',
  postcode: '75009',
  city: 'PARIS',
  nonDisclosable: false,
}

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
      { path: '/companies/55203253400646', body: { data: danoneHeadOffice } },
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

  it('fills the legal information and suggests the address from a SIRET, then completes them', async () => {
    const spy = stubServer(incomplete)
    const { router } = renderPage(<LegalInfosPage />, { route: '/app/start/legal-infos' })
    const siren = await screen.findByRole('textbox', { name: 'SIREN' })
    fireEvent.change(siren, { target: { value: '552 032 534 00646' } })
    fireEvent.blur(siren)

    expect(await screen.findByText(messages.contacts.companyFound)).toBeTruthy()
    await waitFor(() => expect(siren).toHaveProperty('value', '552 032 534'))
    expect(screen.getByRole('textbox', { name: /^Raison sociale/ })).toHaveProperty('value', 'DANONE')
    expect(screen.getByRole('textbox', { name: 'Code APE' })).toHaveProperty('value', '7010Z')
    // Under the VAT franchise, no VAT number is put in its mouth.
    expect(screen.getByRole('textbox', { name: 'N° de TVA intracommunautaire' })).toHaveProperty('value', '')
    fireEvent.click(screen.getByRole('tab', { name: 'Coordonnées' }))
    expect(screen.getByRole('textbox', { name: /^Adresse/ })).toHaveProperty('value', '17 BD HAUSSMANN')
    expect(screen.getByRole('textbox', { name: /^Ville/ })).toHaveProperty('value', 'PARIS')

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/quotes'))
    expect(bodiesSent(spy, 'PATCH', '/organization')[0]).toMatchObject({
      name: 'DANONE',
      brandName: 'Atelier Martin',
      legalFormId: 1,
      registrySiren: '552032534',
      registryIntra: null,
      registryApe: '7010Z',
      address: { street: '17 BD HAUSSMANN', postcode: '75009', city: 'PARIS', countryId: 71 },
    })
  })
})
