import type { InvoiceListItemDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Route, renderPage, stubApi, whereIs } from '../../components/test-utils'
import { bodiesOf, me, rowMenu } from '../../test-support/documentFixtures'
import { subscription, subscriptionItem } from '../../test-support/subscriptionFixtures'
import { SubscriptionsPage } from './SubscriptionsPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const active = subscriptionItem()
const byCount = subscriptionItem(
  { id: 31, name: 'Hébergement', contactId: null, contact: null },
  {
    endingType: 'occurrences',
    occurrences: 3,
    remainingOccurrences: 2,
    unit: 'week',
    day: 1,
    nextOccurrence: '2026-11-30',
    status: 'DRAFT',
    description: 'toutes les semaines, le lundi',
  },
)
const suspended = subscriptionItem(
  { id: 32, name: 'Licence' },
  { isActive: false, status: 'SUSPENDED', endingAt: '2027-12-05', description: 'tous les ans, le 5 décembre' },
)
const finished = subscriptionItem(
  { id: 33, name: 'Ancien contrat', taxFree: true, amount: '80.00' },
  { nextOccurrence: null, status: 'FINISHED', endingType: 'occurrences', occurrences: 1, remainingOccurrences: 0 },
)

const routes = (items: InvoiceListItemDto[], extra: Route[] = [], features = ['recurring_invoices']): Route[] => [
  ...extra,
  { path: '/me', body: me({ features, preferences: { pageSize: 25 } }) },
  { path: '/invoices', body: { data: items, meta: { total: items.length, page: 1, pageSize: 25 } } },
]

/** The row of `name`: its texts and its badge. */
const row = async (name: string) => (await screen.findByRole('button', { name })).closest('li') as HTMLElement
/** The URLs the page asked the list from. */
const listCalls = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls.map(([url]) => decodeURIComponent(String(url))).filter((url) => url.includes('/invoices?'))

describe('SubscriptionsPage', () => {
  it('lists recurring invoices: name, customer, recurrence in words, next occurrence, how it ends, badge, amount', async () => {
    const spy = stubApi(routes([active, byCount, suspended, finished]))
    renderPage(<SubscriptionsPage />, { route: '/app/sales/subscriptions' })
    expect(await screen.findByRole('heading', { name: 'Factures récurrentes' })).toBeTruthy()
    expect(await screen.findByLabelText('4 au total')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Nouvelle facture récurrente' }).getAttribute('href')).toBe(
      '/app/sales/subscriptions/new',
    )
    expect(listCalls(spy)[0]).toContain('filter[recurring]=true')

    const first = within(await row('Maintenance mensuelle'))
    expect(first.getByText('ACME')).toBeTruthy()
    expect(first.getByText('tous les mois, le 5')).toBeTruthy()
    expect(first.getByText('Prochaine échéance : samedi 5 décembre')).toBeTruthy()
    expect(first.getByText('Sans date de fin')).toBeTruthy()
    expect(first.getByText('Actif')).toBeTruthy()
    expect(first.getByText('120,00 €')).toBeTruthy()
    expect(first.getByText('TTC')).toBeTruthy()

    const second = within(await row('Hébergement'))
    expect(second.getByText('Aucun')).toBeTruthy()
    expect(second.getByText('toutes les semaines, le lundi')).toBeTruthy()
    expect(second.getByText('Prochaine échéance : lundi 30 novembre')).toBeTruthy()
    expect(second.getByText('2 échéances restantes')).toBeTruthy()
    expect(second.getByText('Brouillon')).toBeTruthy()

    const third = within(await row('Licence'))
    expect(third.getByText("Jusqu'au 05/12/2027")).toBeTruthy()
    expect(third.getByText('Suspendu')).toBeTruthy()

    const fourth = within(await row('Ancien contrat'))
    expect(fourth.getByText('Prochaine échéance : —')).toBeTruthy()
    expect(fourth.getByText('Aucune échéance restante')).toBeTruthy()
    expect(fourth.getByText('Terminé')).toBeTruthy()
    // Tax-free: one amount, 'Net à payer'.
    expect(fourth.getByText('80,00 €')).toBeTruthy()
    expect(fourth.getByText('Net à payer')).toBeTruthy()
  })

  it('asks the archived ones on the "Archivée" tab (filter[state]=ARCHIVED), each tab with its empty text', async () => {
    const spy = stubApi(routes([]))
    const { router } = renderPage(<SubscriptionsPage />, { route: '/app/sales/subscriptions' })
    expect(await screen.findByText("Tu n'as pas encore de facture récurrente.")).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: 'Archivée' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/subscriptions?status=ARCHIVED'))
    expect(await screen.findByText("Aucune facture récurrente n'est archivée.")).toBeTruthy()
    expect(listCalls(spy).at(-1)).toContain('filter[state]=ARCHIVED')
    expect(listCalls(spy).at(-1)).toContain('filter[recurring]=true')
    fireEvent.click(screen.getByRole('tab', { name: 'Toutes' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/subscriptions'))
    expect(listCalls(spy).at(-1)).not.toContain('filter[state]')
  })

  it('offers the actions of the state table: an active one is suspended, an inactive one with a customer reactivated', async () => {
    const lonely = subscriptionItem(
      { id: 34, name: 'Sans client', contactId: null, contact: null },
      { isActive: false },
    )
    stubApi(routes([active, suspended, lonely]))
    renderPage(<SubscriptionsPage />)
    expect(await rowMenu('Maintenance mensuelle')).toEqual(['Modifier', 'Suspendre', 'Dupliquer', 'Supprimer'])
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    cleanup()
    stubApi(routes([active, suspended, lonely]))
    renderPage(<SubscriptionsPage />)
    expect(await rowMenu('Licence')).toEqual(['Modifier', 'Réactiver', 'Dupliquer', 'Supprimer'])
    cleanup()
    stubApi(routes([active, suspended, lonely]))
    renderPage(<SubscriptionsPage />)
    // Reactivating needs a customer (spec/sales.md §4).
    expect(await rowMenu('Sans client')).toEqual(['Modifier', 'Dupliquer', 'Supprimer'])
  })

  it('suspends only once the acceptance is ticked, then says "Tu as suspendu ton abonnement avec succès."', async () => {
    const spy = stubApi(
      routes(
        [active],
        [{ method: 'POST', path: '/invoices/30/suspend', body: { data: subscription({}, { isActive: false }) } }],
      ),
    )
    renderPage(<SubscriptionsPage />)
    await rowMenu('Maintenance mensuelle')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Suspendre' }))
    const dialog = await screen.findByRole('dialog', { name: 'Suspendre cette facture récurrente ?' })
    expect(within(dialog).getByText(/Plus aucune facture ne sera créée/)).toBeTruthy()
    const confirm = within(dialog).getByRole('button', { name: 'Suspendre' }) as HTMLButtonElement
    expect(confirm.disabled).toBe(true)
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /J'ai compris/ }))
    expect(confirm.disabled).toBe(false)
    fireEvent.click(confirm)
    expect(await screen.findByText('Tu as suspendu ton abonnement avec succès.')).toBeTruthy()
    expect(bodiesOf(spy, 'POST', '/invoices/30/suspend')).toHaveLength(1)
  })

  it('says the suspension failed with its own text', async () => {
    stubApi(
      routes(
        [active],
        [{ method: 'POST', path: '/invoices/30/suspend', status: 500, body: { message: 'Boom', code: 'INTERNAL' } }],
      ),
    )
    renderPage(<SubscriptionsPage />)
    await rowMenu('Maintenance mensuelle')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Suspendre' }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.click(within(dialog).getByRole('checkbox'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspendre' }))
    expect(
      await screen.findByText(
        'Il y a eu une erreur lors de la suspension de ton abonnement. Tu peux réessayer plus tard ou contacter le support.',
      ),
    ).toBeTruthy()
  })

  it("reactivates with its toast, and shows the server's message when refused", async () => {
    const spy = stubApi(
      routes([suspended], [{ method: 'POST', path: '/invoices/32/reactivate', body: { data: subscription() } }]),
    )
    renderPage(<SubscriptionsPage />)
    await rowMenu('Licence')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Réactiver' }))
    expect(await screen.findByText('Ta facture récurrente est de nouveau active.')).toBeTruthy()
    expect(bodiesOf(spy, 'POST', '/invoices/32/reactivate')).toHaveLength(1)
    cleanup()
    const refusal = 'Choisis un client avant de réactiver cette facture récurrente.'
    stubApi(
      routes(
        [suspended],
        [
          {
            method: 'POST',
            path: '/invoices/32/reactivate',
            status: 409,
            body: { message: refusal, code: 'CONFLICT' },
          },
        ],
      ),
    )
    renderPage(<SubscriptionsPage />)
    await rowMenu('Licence')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Réactiver' }))
    expect(await screen.findByText(refusal)).toBeTruthy()
  })

  it('deletes after the generic confirmation, and duplicates into a new recurring invoice it opens', async () => {
    const spy = stubApi(
      routes(
        [active],
        [
          { method: 'DELETE', path: '/invoices/30', status: 204 },
          { method: 'POST', path: '/invoices/30/duplicate', status: 201, body: { data: subscription({ id: 77 }) } },
        ],
      ),
    )
    const { router } = renderPage(<SubscriptionsPage />, { route: '/app/sales/subscriptions' })
    await rowMenu('Maintenance mensuelle')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Supprimer' }))
    expect(await screen.findByText('Es-tu certain·e de vouloir supprimer cette entrée ?')).toBeTruthy()
    expect(screen.getByText('Cette action est irréversible !')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }))
    await waitFor(() => expect(bodiesOf(spy, 'DELETE', '/invoices/30')).toHaveLength(1))

    await rowMenu('Maintenance mensuelle')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Dupliquer' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/subscriptions/77'))
    const duplicated = spy.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/duplicate'))
    expect(duplicated).toEqual(['/api/v1/invoices/30/duplicate?recurring=true'])
  })

  it('opens a row in the editor', async () => {
    stubApi(routes([active]))
    const { router } = renderPage(<SubscriptionsPage />, { route: '/app/sales/subscriptions' })
    fireEvent.click(await screen.findByRole('button', { name: 'Maintenance mensuelle' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/subscriptions/30'))
  })

  it('shows the upsell instead of the list to a plan without recurring invoices, leading to the Pop+ offer', async () => {
    const spy = stubApi(routes([active], [], ['alerts']))
    renderPage(<SubscriptionsPage />, { route: '/app/sales/subscriptions' })
    const upsell = await screen.findByTestId('recurring-upsell')
    expect(within(upsell).getByText(/Facture tes abonnements sans y penser/)).toBeTruthy()
    expect(within(upsell).getByText(/réservées aux formules Plus/)).toBeTruthy()
    expect(within(upsell).getByRole('img', { name: 'Réservé aux formules Plus' })).toBeTruthy()
    expect(within(upsell).getByRole('link', { name: 'Voir les formules' }).getAttribute('href')).toBe(
      '/app/oups/must-upgrade-plan',
    )
    expect(screen.queryByRole('link', { name: 'Nouvelle facture récurrente' })).toBeNull()
    expect(listCalls(spy)).toEqual([])
  })
})
