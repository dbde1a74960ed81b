import { messages, type OrganizationDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
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

function stubOrganizationApi() {
  return stubApi([
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
})
