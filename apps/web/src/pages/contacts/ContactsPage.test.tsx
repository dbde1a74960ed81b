import type { ContactDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { ContactsPage } from './ContactsPage'

const me = { data: { id: 1, preferences: { display: { customers: 'list' }, pageSize: 25 } } }

const contact = (over: Partial<ContactDto>): ContactDto => ({
  id: 1,
  name: 'Acme',
  contactTypeId: 1,
  contactType: { id: 1, code: 'BUSINESS', name: 'Entreprise' },
  relation: 'customer',
  isCustomer: true,
  isSupplier: false,
  registrySiren: null,
  registryName: null,
  registryApe: null,
  registryDate: null,
  intracommunityTaxNumber: null,
  legalFormId: null,
  sectorId: null,
  email: null,
  phoneMobile: null,
  phoneOffice: null,
  url: null,
  addresses: [],
  contacts: [],
  eInvoicing: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  ...over,
})

const list = (data: ContactDto[]) => ({ data, meta: { total: data.length, page: 1, pageSize: 25 } })
const reference = [
  { path: '/legal-forms', body: { data: [] } },
  { path: '/sectors', body: { data: [] } },
  { path: '/countries', body: { data: [{ id: 71, code: 'FR', name: 'France' }] } },
]

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const bodies = (spy: ReturnType<typeof stubApi>, method: string) =>
  spy.mock.calls
    .filter(([, init]) => init?.method === method)
    .map(([url, init]) => ({ url: String(url), body: init?.body ? JSON.parse(String(init.body)) : undefined }))

describe('ContactsPage', () => {
  it('groups customers by first letter and shows the count', async () => {
    stubApi([
      { path: '/me', body: me },
      { path: '/contacts', body: list([contact({ id: 1, name: 'Acme' }), contact({ id: 2, name: '3 Suisses' })]) },
    ])
    renderPage(<ContactsPage relation="customer" />)
    expect(await screen.findByRole('button', { name: 'Acme' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'A' })).toBeTruthy()
    expect(within(screen.getByRole('region', { name: '#' })).getByText('3 Suisses')).toBeTruthy()
    expect(screen.getByLabelText('2 au total')).toBeTruthy()
  })

  it("shows the suppliers' empty state and 'Aucun résultat' when searching", async () => {
    stubApi([
      { path: '/me', body: me },
      { path: '/contacts', body: list([]) },
    ])
    const { router } = renderPage(<ContactsPage relation="supplier" />)
    expect(await screen.findByText("Tu n'as pas encore renseigné de fournisseur.")).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Fournisseurs' })).toBeTruthy()
    await router.navigate('/?search=zz')
    expect(await screen.findByText('Aucun résultat')).toBeTruthy()
  })

  it('shows the error state', async () => {
    stubApi([
      { path: '/me', body: me },
      { path: '/contacts', status: 500, body: { message: 'x', code: 'X' } },
    ])
    renderPage(<ContactsPage relation="customer" />)
    expect(await screen.findByText('Une erreur est survenue')).toBeTruthy()
  })

  it('creates an individual customer: the contact first, then its address', async () => {
    const spy = stubApi([
      ...reference,
      { path: '/me', body: me },
      { path: '/contacts', body: list([]) },
      { method: 'POST', path: '/contacts', status: 201, body: { data: contact({ id: 7, contactTypeId: 2 }) } },
      { method: 'POST', path: '/addresses', status: 201, body: { data: { id: 70 } } },
    ])
    renderPage(<ContactsPage relation="customer" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau client' }))
    fireEvent.click(screen.getByRole('radio', { name: 'Particulier' }))
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom et Prénom/ }), { target: { value: 'Jeanne Dupont' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une adresse' }))
    fireEvent.change(await screen.findByRole('textbox', { name: /^Code postal/ }), { target: { value: '34000' } })
    fireEvent.change(screen.getByRole('textbox', { name: /^Ville/ }), { target: { value: 'Montpellier' } })
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }))
    await screen.findByText('34000 Montpellier')
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await screen.findByText('Enregistré avec succès.')
    const posts = bodies(spy, 'POST')
    expect(posts.map((call) => call.url)).toEqual(['/api/v1/contacts?relation=customer', '/api/v1/addresses'])
    expect(posts[0]?.body).toEqual({ contactTypeId: 2, name: 'Jeanne Dupont' })
    expect(posts[1]?.body).toMatchObject({
      addressableType: 'contact',
      addressableId: 7,
      addressTypeId: 1,
      postcode: '34000',
    })
  })

  it('keeps the created contact when its address is refused, and retries without creating it twice', async () => {
    const routes = [
      ...reference,
      { path: '/me', body: me },
      { path: '/contacts', body: list([]) },
      { method: 'POST', path: '/contacts', status: 201, body: { data: contact({ id: 7, contactTypeId: 2 }) } },
      { method: 'PATCH', path: '/contacts/7', body: { data: contact({ id: 7, contactTypeId: 2 }) } },
      {
        method: 'POST',
        path: '/addresses',
        status: 422,
        body: { message: 'Invalide', code: 'VALIDATION_FAILED', errors: { city: ['Ville inconnue'] } },
      },
    ]
    const spy = stubApi(routes)
    renderPage(<ContactsPage relation="supplier" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau fournisseur' }))
    fireEvent.click(screen.getByRole('radio', { name: 'Particulier' }))
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom et Prénom/ }), { target: { value: 'Jean Bois' } })
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une adresse' }))
    fireEvent.change(await screen.findByRole('textbox', { name: /^Code postal/ }), { target: { value: '34000' } })
    fireEvent.change(screen.getByRole('textbox', { name: /^Ville/ }), { target: { value: 'Xx' } })
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }))
    await screen.findByText('34000 Xx')
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Ville inconnue')).toBeTruthy()
    expect(screen.getByText(/Le fournisseur a été créé, mais pas toutes ses adresses/)).toBeTruthy()
    expect(screen.getByText('Modifier le fournisseur')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(bodies(spy, 'PATCH').length).toBe(1))
    expect(bodies(spy, 'POST').filter((call) => call.url.includes('/contacts')).length).toBe(1)
    const address = bodies(spy, 'POST').filter((call) => call.url.includes('/addresses'))
    expect(address.length).toBe(2)
    expect(address[1]?.body).toMatchObject({ addressTypeId: 2 })
  })

  it('fills the company from the SIREN and adds "Adresse principale"', async () => {
    stubApi([
      ...reference,
      { path: '/me', body: me },
      { path: '/contacts', body: list([]) },
      {
        path: '/companies/732829320',
        body: {
          data: {
            name: 'ACME SAS',
            tvaIntra: 'FR44732829320',
            siren: '732829320',
            siret: null,
            naf: '62.01Z',
            natureJuridique: null,
            legalFormId: null,
            legalForm: null,
            street: '1 rue de la Paix',
            postcode: '75002',
            city: 'Paris',
            nonDisclosable: false,
          },
        },
      },
    ])
    renderPage(<ContactsPage relation="customer" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau client' }))
    const siren = screen.getByRole('textbox', { name: /^SIREN ou SIRET/ })
    fireEvent.change(siren, { target: { value: '732 829 320' } })
    fireEvent.blur(siren)
    expect(await screen.findByText('Nous avons trouvé ton entreprise !')).toBeTruthy()
    expect((screen.getByRole('textbox', { name: /^Raison sociale/ }) as HTMLInputElement).value).toBe('ACME SAS')
    expect((screen.getByRole('textbox', { name: /^Numéro de TVA/ }) as HTMLInputElement).value).toBe('FR44732829320')
    expect(screen.getByText('Adresse principale')).toBeTruthy()
    expect(screen.getByText('1 rue de la Paix, 75002 Paris')).toBeTruthy()
  })

  it('puts the lookup failure on the SIREN field', async () => {
    stubApi([
      ...reference,
      { path: '/me', body: me },
      { path: '/contacts', body: list([]) },
      { path: '/companies/732829320', status: 404, body: { message: 'Aucune entreprise trouvée', code: 'NOT_FOUND' } },
    ])
    renderPage(<ContactsPage relation="customer" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau client' }))
    const siren = screen.getByRole('textbox', { name: /^SIREN ou SIRET/ })
    fireEvent.change(siren, { target: { value: '732829320' } })
    fireEvent.blur(siren)
    expect(await screen.findByText('Aucune entreprise trouvée')).toBeTruthy()
  })

  it('deletes a customer after confirmation: "Client supprimé"', async () => {
    const spy = stubApi([
      { path: '/me', body: me },
      { path: '/contacts', body: list([contact({ id: 3, name: 'Acme' })]) },
      { method: 'DELETE', path: '/contacts/3', status: 204 },
    ])
    renderPage(<ContactsPage relation="customer" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Actions pour Acme' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }))
    expect(screen.getByText('Es-tu certain·e de vouloir supprimer cette entrée ?')).toBeTruthy()
    expect(screen.getByText('Cette action est irréversible !')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }))
    expect(await screen.findByText('Client supprimé')).toBeTruthy()
    expect(bodies(spy, 'DELETE')[0]?.url).toBe('/api/v1/contacts/3?relation=customer')
  })

  it('saves an edit in the six-step order: contact, new addresses, removed addresses, then the persons', async () => {
    const existing = contact({
      id: 5,
      name: 'Acme',
      registrySiren: '732829320',
      intracommunityTaxNumber: 'FR44732829320',
      addresses: [
        {
          id: 50,
          addressableType: 'contact',
          addressableId: 5,
          addressTypeId: 1,
          addressTypeCode: 'BILLING',
          name: 'Siège',
          street: null,
          complement1: null,
          complement2: null,
          postcode: '75002',
          city: 'Paris',
          countryId: 71,
          isDefault: true,
        },
      ],
    })
    const spy = stubApi([
      ...reference,
      { path: '/me', body: me },
      { path: '/contacts', body: list([existing]) },
      {
        path: '/contacts/5',
        body: {
          data: {
            ...existing,
            quotesCount: 0,
            quotesAmount: '0.00',
            invoicesCount: 0,
            invoicesAmount: '0.00',
            invoicesLateAmount: '0.00',
            averagePaymentDelay: null,
          },
        },
      },
      { method: 'PATCH', path: '/contacts/5', body: { data: existing } },
      { method: 'POST', path: '/addresses', status: 201, body: { data: { id: 51 } } },
      { method: 'DELETE', path: '/addresses/50', status: 204 },
    ])
    renderPage(<ContactsPage relation="customer" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Actions pour Acme' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Modifier' }))
    fireEvent.click(await screen.findByRole('button', { name: "Retirer l'adresse Siège" }))
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une adresse' }))
    fireEvent.change(await screen.findByRole('textbox', { name: /^Code postal/ }), { target: { value: '69001' } })
    fireEvent.change(screen.getByRole('textbox', { name: /^Ville/ }), { target: { value: 'Lyon' } })
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }))
    await screen.findByText('69001 Lyon')
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un interlocuteur' }))
    const names = screen.getAllByRole('textbox', { name: /^Nom et Prénom/ })
    fireEvent.change(names[names.length - 1] as HTMLElement, { target: { value: 'Paul Martin' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await screen.findByText('Enregistré avec succès.')
    const writes = spy.mock.calls
      .filter(([, init]) => init?.method && init.method !== 'GET')
      .map(([url, init]) => `${init?.method} ${String(url).replace('/api/v1', '')}`)
    expect(writes).toEqual([
      'PATCH /contacts/5?relation=customer',
      'POST /addresses',
      'DELETE /addresses/50',
      'PATCH /contacts/5?relation=customer',
    ])
    const patches = bodies(spy, 'PATCH')
    expect(patches[0]?.body.contacts).toBeUndefined()
    expect(patches[1]?.body.contacts).toEqual([{ name: 'Paul Martin' }])
  })

  it('says the company cannot be filled when it is non-disclosable', async () => {
    stubApi([
      ...reference,
      { path: '/me', body: me },
      { path: '/contacts', body: list([]) },
      {
        path: '/companies/732829320',
        body: {
          data: {
            name: null,
            tvaIntra: null,
            siren: '732829320',
            siret: null,
            naf: null,
            natureJuridique: null,
            legalFormId: null,
            legalForm: null,
            street: '[ND]',
            postcode: null,
            city: null,
            nonDisclosable: true,
          },
        },
      },
    ])
    renderPage(<ContactsPage relation="customer" />)
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau client' }))
    const siren = screen.getByRole('textbox', { name: /^SIREN ou SIRET/ })
    fireEvent.change(siren, { target: { value: '732829320' } })
    fireEvent.blur(siren)
    expect(await screen.findByText(/ne pas diffuser ses informations/)).toBeTruthy()
    expect(screen.getByText('Aucune adresse')).toBeTruthy()
  })
})
