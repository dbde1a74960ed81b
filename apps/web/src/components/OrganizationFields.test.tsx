import { messages } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RegisterOrganizationPage } from '../pages/auth/RegisterOrganizationPage'
import { AddOrganizationModal } from './AddOrganizationModal'
import { renderPage, stubApi } from './test-utils'

const referenceRoutes = [
  { path: '/legal-forms', body: { data: [{ id: 1, code: 'EI', name: 'Micro-entrepreneur', type: 'EI' }] } },
  { path: '/sectors', body: { data: [{ id: 10, code: 'J', name: 'Information et communication' }] } },
  { path: '/tax-regimes', body: { data: [{ id: 3, code: 'FRANCHISE', name: 'Franchise en base' }] } },
  { path: '/tax-areas', body: { data: [{ id: 1, code: 'FRANCE', name: 'France métropolitaine' }] } },
]

async function choose(label: string, option: string) {
  const combobox = screen.getByRole('combobox', { name: label })
  await waitFor(() => expect(combobox.hasAttribute('disabled')).toBe(false))
  fireEvent.click(combobox)
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

async function fillAll() {
  fireEvent.change(screen.getByRole('textbox', { name: "Nom de l'entreprise" }), {
    target: { value: 'Atelier Martin' },
  })
  await choose('Forme juridique', 'Micro-entrepreneur')
  await choose("Secteur d'activité", 'Information et communication')
  await choose('Régime de T.V.A.', 'Franchise en base')
  await choose('Zone fiscale', 'France métropolitaine')
  fireEvent.click(screen.getByRole('radio', { name: 'Non' }))
}

const postedBody = (fetchSpy: ReturnType<typeof stubApi>, path: string) => {
  const call = fetchSpy.mock.calls.find(([url, init]) => String(url).endsWith(path) && init?.method === 'POST')
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

const expectedBody = {
  organizationName: 'Atelier Martin',
  legalFormId: 1,
  sectorId: 10,
  taxRegimeId: 3,
  taxAreaId: 1,
  canSellCash: false,
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('the organisation creation fields', () => {
  it('on the sign-up page: refuses an empty form, then sends the typed body', async () => {
    const fetchSpy = stubApi([
      ...referenceRoutes,
      { path: '/me', body: { data: { id: 1, firstname: 'Camille', currentOrganizationId: null } } },
      { method: 'POST', path: '/auth/register/organization', status: 201, body: { data: { id: 7 } } },
    ])
    const { router } = renderPage(<RegisterOrganizationPage />, { route: '/auth/register/1' })
    expect(await screen.findByText(/Des ventes encaissées immédiatement/)).toBeTruthy()
    expect(await screen.findByPlaceholderText('Choisis ta forme juridique')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Terminer mon inscription' }))
    expect((await screen.findAllByText(messages.validation.required)).length).toBeGreaterThan(0)
    expect(postedBody(fetchSpy, '/auth/register/organization')).toBeUndefined()

    await fillAll()
    fireEvent.click(screen.getByRole('button', { name: 'Terminer mon inscription' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/register/done'))
    expect(postedBody(fetchSpy, '/auth/register/organization')).toEqual(expectedBody)
  })

  it('in the "Ajouter une entreprise" modal: the same fields post to /organizations', async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const fetchSpy = stubApi([
      ...referenceRoutes,
      { method: 'POST', path: '/organizations', status: 201, body: { data: { id: 8 } } },
    ])
    renderPage(<AddOrganizationModal opened onClose={() => {}} />)
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter une entreprise' })
    expect(within(dialog).queryByText(/Des ventes encaissées immédiatement/)).toBeNull()

    await fillAll()
    fireEvent.click(within(dialog).getByRole('button', { name: "Créer l'entreprise" }))
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/app/setting/account?context=newOrganization'))
    expect(postedBody(fetchSpy, '/organizations')).toEqual(expectedBody)
  })
})
