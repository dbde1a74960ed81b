import type { ItemDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { CatalogPage } from './CatalogPage'

const me = {
  data: {
    id: 1,
    preferences: { display: { catalog: 'list' }, pageSize: 25 },
    currentOrganization: { taxAreaId: 1, isTaxFree: false },
  },
}
const item: ItemDto = {
  id: 4,
  name: 'Conseil',
  reference: 'CONS',
  description: null,
  amount: '1200.5',
  priceRule: 'HT',
  itemTypeId: 2,
  itemType: { id: 2, code: 'SER', name: 'Service' },
  unitId: 2,
  unit: { id: 2, code: 'hour', name: 'Heure' },
  accountingEntryId: 406,
  accountingEntry: { id: 406, code: '706', name: 'Prestations de services' },
  taxId: 1,
  tax: { id: 1, code: 'VT_FR_20', name: '20 %', amount: '20.00' },
  imageUrl: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
}
const routes = (items: ItemDto[]) => [
  { path: '/me', body: me },
  { path: '/items', body: { data: items, meta: { total: items.length, page: 1, pageSize: 25 } } },
  {
    path: '/item-types',
    body: {
      data: [
        { id: 1, code: 'PRO', name: 'Produit' },
        { id: 2, code: 'SER', name: 'Service' },
      ],
    },
  },
  { path: '/units', body: { data: [{ id: 1, code: 'unit', name: 'Unité' }] } },
  {
    path: '/taxes',
    body: {
      data: [
        {
          id: 1,
          code: 'VT_FR_20',
          name: '20 %',
          amount: '20.00',
          isCollected: true,
          taxTypeId: 1,
          taxRateId: 1,
          taxAreaId: 1,
        },
      ],
    },
  },
  {
    path: '/accounting-entries',
    body: {
      data: [
        { id: 401, code: '701', name: 'Ventes de produits finis', taxRateId: 1 },
        { id: 406, code: '706', name: 'Prestations de services', taxRateId: 1 },
        { id: 5, code: '471000', name: "Compte d'attente", taxRateId: 1 },
      ],
      meta: { total: 3, page: 1, pageSize: 1000 },
    },
  },
  { method: 'POST', path: '/items', status: 201, body: { data: item } },
]

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const posted = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls
    .filter(([, init]) => init?.method === 'POST' && typeof init.body === 'string')
    .map(([, init]) => JSON.parse(String(init?.body)))

describe('CatalogPage', () => {
  it('shows the tabs Tous and one per item type, and filters by type through the URL', async () => {
    const spy = stubApi(routes([item]))
    const { router } = renderPage(<CatalogPage />, { route: '/app/sales/catalog' })
    expect(await screen.findByText('Conseil')).toBeTruthy()
    expect(screen.getByText('1 200,50 € HT')).toBeTruthy()
    fireEvent.click(await screen.findByRole('tab', { name: 'Service' }))
    await waitFor(() => expect(router.state.location.search).toBe('?type=SER'))
    await waitFor(() =>
      expect(spy.mock.calls.some(([url]) => String(url).includes('filter%5BitemTypeCode%5D=SER'))).toBe(true),
    )
    expect(screen.getByRole('tab', { name: 'Tous' })).toBeTruthy()
  })

  it('creates a service priced TTC: only 706/708 categories, the VAT labelled "TVA collectée", the amount formatted on blur', async () => {
    const spy = stubApi(routes([]))
    renderPage(<CatalogPage />, { route: '/app/sales/catalog?type=SER' })
    await screen.findByRole('tab', { name: 'Service' })
    fireEvent.click(await screen.findByRole('button', { name: 'Nouvel article' }))
    fireEvent.change(screen.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Atelier' } })
    fireEvent.change(screen.getByRole('textbox', { name: /^Référence/ }), { target: { value: 'AT-1' } })
    fireEvent.click(screen.getByRole('radio', { name: 'TTC' }))
    const price = screen.getByRole('textbox', { name: /^Prix TTC/ }) as HTMLInputElement
    fireEvent.focus(price)
    fireEvent.change(price, { target: { value: '1 500,12345' } })
    fireEvent.blur(price)
    expect(price.value).toBe('1500,123')
    fireEvent.change(price, { target: { value: 'abc' } })
    fireEvent.blur(price)
    expect(price.value).toBe('1500,123')
    // Only one category suits a service here: it is chosen by itself, with its collected VAT.
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /^Catégorie/ }) as HTMLInputElement).value).toBe(
        'Prestations de services · 706',
      ),
    )
    expect((screen.getByRole('textbox', { name: 'TVA collectée' }) as HTMLInputElement).value).toMatch(
      /^20\s% · taux normal$/,
    )
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
    expect(posted(spy)[0]).toEqual({
      name: 'Atelier',
      reference: 'AT-1',
      description: '',
      amount: '1500,123',
      priceRule: 'TTC',
      itemTypeId: '2',
      unitId: '1',
      accountingEntryId: '406',
      taxId: null,
    })
  })

  it('duplicates an item as a new one named "Copie de …"', async () => {
    const spy = stubApi(routes([item]))
    renderPage(<CatalogPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Actions pour Conseil' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Dupliquer' }))
    expect((screen.getByRole('textbox', { name: /^Nom/ }) as HTMLInputElement).value).toBe('Copie de Conseil')
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /^Catégorie/ }) as HTMLInputElement).value).toContain('706'),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await screen.findByText('Enregistré avec succès.')
    expect(posted(spy)[0]).toMatchObject({ name: 'Copie de Conseil', amount: '1200,5', accountingEntryId: '406' })
  })

  it('checks the chosen image before sending, then uploads it once the item is saved', async () => {
    const spy = stubApi([...routes([]), { method: 'POST', path: '/items/4/image', body: { data: item } }])
    renderPage(<CatalogPage />, { route: '/app/sales/catalog?type=SER' })
    await screen.findByRole('tab', { name: 'Service' })
    fireEvent.click(await screen.findByRole('button', { name: 'Nouvel article' }))
    const input = document.querySelector('input[type=file]') as HTMLInputElement
    const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } })

    choose(new File(['bonjour'], 'notes.txt', { type: 'text/plain' }))
    expect(await screen.findByText("Le fichier n°1 n'est pas valide ! (Formats acceptés: png, jpeg)")).toBeTruthy()
    choose(new File([new Uint8Array(1_000_001)], 'grande.png', { type: 'image/png' }))
    expect(await screen.findByText('Ton fichier n°1 est trop volumineux ! (Taille max: 1 Mo)')).toBeTruthy()
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'photo.png', { type: 'image/png' })
    choose(photo)
    await waitFor(() => expect(screen.queryByText(/Ton fichier n°1/)).toBeNull())

    fireEvent.change(screen.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Atelier' } })
    fireEvent.change(screen.getByRole('textbox', { name: /^Référence/ }), { target: { value: 'AT-1' } })
    fireEvent.change(screen.getByRole('textbox', { name: /^Prix HT/ }), { target: { value: '10' } })
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: /^Catégorie/ }) as HTMLInputElement).value).toContain('706'),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect((await screen.findAllByText('Enregistré avec succès.')).length).toBeGreaterThan(0)
    const uploads = spy.mock.calls.filter(([url]) => String(url).endsWith('/items/4/image'))
    expect(uploads).toHaveLength(1)
    const init = uploads[0]?.[1] ?? {}
    expect(init.method).toBe('POST')
    expect((init.body as FormData).get('image')).toBe(photo)
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'fetch' })
    expect(init.headers).not.toHaveProperty('Content-Type')
  })

  it('shows "Aucun résultat" when the catalogue is empty', async () => {
    stubApi(routes([]))
    renderPage(<CatalogPage />)
    expect(await screen.findByText('Aucun résultat')).toBeTruthy()
  })
})
