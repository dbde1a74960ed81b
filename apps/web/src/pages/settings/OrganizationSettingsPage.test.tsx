import { type CompanyDto, messages, type OrganizationDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage, stubApi } from '../../components/test-utils'
import { OrganizationSettingsPage } from './OrganizationSettingsPage'

const legalForms = [
  { id: 1, code: 'EI', name: 'Entrepreneur individuel', type: 'EI' },
  { id: 14, code: 'SAS', name: 'Société par actions simplifiée', type: 'SO' },
]

const organization = {
  id: 7,
  name: 'Atelier Martin',
  brandName: null,
  legalFormId: 1,
  legalForm: legalForms[0],
  legalFormType: 'EI',
  sectorId: 10,
  taxRegimeId: 3,
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
} as unknown as OrganizationDto

/** What GET /companies/{siret} answers for Danone, as the directory's stand-in has it. */
const danone: CompanyDto = {
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

function stubOrganizationApi(company: { status?: number; body: unknown } = { body: { data: danone } }) {
  return stubApi([
    { path: '/companies/552032534', ...company },
    { path: '/organization', body: { data: organization } },
    { path: '/legal-forms', body: { data: legalForms } },
    { path: '/sectors', body: { data: [{ id: 10, code: 'J', name: 'Information et communication' }] } },
    { path: '/tax-regimes', body: { data: [{ id: 3, code: 'QUARTER', name: 'Réel normal (trimestriel)' }] } },
    { path: '/tax-areas', body: { data: [{ id: 1, code: 'FRANCE', name: 'France métropolitaine' }] } },
    { path: '/countries', body: { data: [{ id: 71, code: 'FR', name: 'France' }] } },
    { method: 'PATCH', path: '/organization', body: { data: organization } },
  ])
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('OrganizationSettingsPage', () => {
  it('shows the capital and company form only for a legal form of type SO', async () => {
    stubOrganizationApi()
    renderPage(<OrganizationSettingsPage />)

    const legalForm = await screen.findByRole('combobox', { name: /Forme juridique/ })
    await waitFor(() => expect(legalForm).toHaveProperty('value', 'Entrepreneur individuel'))
    expect(screen.queryByRole('textbox', { name: 'Capital social' })).toBeNull()
    expect(screen.queryByRole('textbox', { name: 'Forme de la société' })).toBeNull()

    fireEvent.click(legalForm)
    fireEvent.click(await screen.findByRole('option', { name: 'Société par actions simplifiée' }))

    const capital = await screen.findByRole('textbox', { name: 'Capital social' })
    expect(capital).toHaveProperty('value', '1')
    expect(screen.getByRole('textbox', { name: 'Forme de la société' })).toBeTruthy()

    fireEvent.click(legalForm)
    fireEvent.click(await screen.findByRole('option', { name: 'Entrepreneur individuel' }))
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Capital social' })).toBeNull())
  })

  it('refuses a 4-digit postcode with the spec message and sends nothing', async () => {
    const fetchSpy = stubOrganizationApi()
    renderPage(<OrganizationSettingsPage />)

    fireEvent.change(await screen.findByRole('textbox', { name: /^Adresse/ }), {
      target: { value: '12 rue de la Loge' },
    })
    fireEvent.change(screen.getByRole('textbox', { name: /^Code postal/ }), { target: { value: '3400' } })
    fireEvent.change(screen.getByRole('textbox', { name: /^Ville/ }), { target: { value: 'Montpellier' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText(messages.validation.postcodeInvalid)).toBeTruthy()
    expect(messages.validation.postcodeInvalid).toBe('Le format ne semble pas valide. Exemple: 34000')
    expect(screen.getByRole('textbox', { name: /^Code postal/ }).getAttribute('aria-invalid')).toBe('true')
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)
  })

  it('shows server field errors under the matching field', async () => {
    stubApi([
      { path: '/organization', body: { data: organization } },
      { path: '/legal-forms', body: { data: legalForms } },
      {
        method: 'PATCH',
        path: '/organization',
        status: 422,
        body: {
          message: messages.validation.invalidData,
          code: 'VALIDATION_FAILED',
          errors: { 'address.city': ['Ville inconnue'] },
        },
      },
    ])
    renderPage(<OrganizationSettingsPage />)

    fireEvent.change(await screen.findByRole('textbox', { name: /^Adresse/ }), { target: { value: '1 rue' } })
    fireEvent.change(screen.getByRole('textbox', { name: /^Code postal/ }), { target: { value: '34000' } })
    fireEvent.change(screen.getByRole('textbox', { name: /^Ville/ }), { target: { value: 'Nulle part' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText('Ville inconnue')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: /^Ville/ }).getAttribute('aria-invalid')).toBe('true')
  })

  it('welcomes a newly created organisation', async () => {
    stubOrganizationApi()
    renderPage(<OrganizationSettingsPage />, { route: '/app/setting/account?context=newOrganization' })
    expect(await screen.findByText(messages.account.newOrganizationTitle)).toBeTruthy()
  })

  it('fills the organisation from its SIREN, keeps the sign-up name as trading name, and saves it all', async () => {
    const spy = stubOrganizationApi()
    renderPage(<OrganizationSettingsPage />)
    const legalForm = await screen.findByRole('combobox', { name: /Forme juridique/ })
    await waitFor(() => expect(legalForm).toHaveProperty('value', 'Entrepreneur individuel'))

    const siren = screen.getByRole('textbox', { name: 'SIREN' })
    fireEvent.change(siren, { target: { value: '552 032 534' } })
    fireEvent.blur(siren)

    expect(await screen.findByText(messages.contacts.companyFound)).toBeTruthy()
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: /^Raison sociale/ })).toHaveProperty('value', 'DANONE'),
    )
    expect(screen.getByRole('textbox', { name: 'Nom commercial' })).toHaveProperty('value', 'Atelier Martin')
    await waitFor(() => expect(legalForm).toHaveProperty('value', 'Société par actions simplifiée'))
    expect(screen.getByRole('textbox', { name: 'Capital social' })).toHaveProperty('value', '1')
    expect(screen.getByRole('textbox', { name: 'Code APE' })).toHaveProperty('value', '7010Z')
    expect(screen.getByRole('textbox', { name: 'N° de TVA intracommunautaire' })).toHaveProperty(
      'value',
      'FR27552032534',
    )
    expect(screen.getByRole('textbox', { name: /^Adresse/ })).toHaveProperty('value', '17 BD HAUSSMANN')

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(bodiesSent(spy, 'PATCH', '/organization')).toHaveLength(1))
    expect(bodiesSent(spy, 'PATCH', '/organization')[0]).toMatchObject({
      name: 'DANONE',
      brandName: 'Atelier Martin',
      legalFormId: 14,
      registrySiren: '552032534',
      registryIntra: 'FR27552032534',
      registryApe: '7010Z',
      registryCapital: '1',
      address: { street: '17 BD HAUSSMANN', postcode: '75009', city: 'PARIS', countryId: 71 },
    })
    // Leaving the field again with the same number asks the directory nothing more.
    fireEvent.blur(siren)
    expect(bodiesSent(spy, 'GET', '/companies/552032534')).toHaveLength(1)
  })

  it('fills nothing for a non-disclosable company, and shows a lookup refusal under the SIREN', async () => {
    stubOrganizationApi({
      body: { data: { ...danone, name: null, street: null, postcode: null, city: null, nonDisclosable: true } },
    })
    renderPage(<OrganizationSettingsPage />)
    const siren = await screen.findByRole('textbox', { name: 'SIREN' })
    fireEvent.change(siren, { target: { value: '552032534' } })
    fireEvent.blur(siren)
    expect(await screen.findByText(messages.contacts.companyNonDisclosable)).toBeTruthy()
    expect(screen.getByRole('textbox', { name: /^Raison sociale/ })).toHaveProperty('value', 'Atelier Martin')
    expect(screen.getByRole('textbox', { name: 'Code APE' })).toHaveProperty('value', '')

    cleanup()
    stubOrganizationApi({ status: 404, body: { message: messages.contacts.companyNotFound, code: 'NOT_FOUND' } })
    renderPage(<OrganizationSettingsPage />)
    const again = await screen.findByRole('textbox', { name: 'SIREN' })
    fireEvent.change(again, { target: { value: '552032534' } })
    fireEvent.blur(again)
    expect(await screen.findByText(messages.contacts.companyNotFound)).toBeTruthy()
    expect(again.getAttribute('aria-invalid')).toBe('true')
  })
})
