import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { browser } from '../../../components/billing/browser'
import { bodiesSent, type Route, renderPage, stubApi } from '../../../components/test-utils'
import { onPopMonthly, PLANS, subscriptionDto } from '../../../test-support/billingFixtures'
import { SubscriptionPage } from './SubscriptionPage'

const NO_BILLS = { data: [], meta: { total: 0, page: 1, pageSize: 10 } }

function serve(subscription: ReturnType<typeof subscriptionDto>, more: Route[] = []) {
  return stubApi([
    ...more,
    { path: '/subscription', body: { data: subscription } },
    { path: '/plans', body: { data: PLANS, meta: { total: PLANS.length, page: 1, pageSize: 100 } } },
    { path: '/subscription/bills', body: NO_BILLS },
  ])
}

const card = (name: string) => screen.getByRole('region', { name })

beforeEach(() => {
  vi.spyOn(browser, 'assign').mockImplementation(() => {})
  vi.spyOn(browser, 'reload').mockImplementation(() => {})
})

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the plan page (/app/setting/subscription)', () => {
  it('says when payment is not configured on this server, and offers no subscription', async () => {
    serve(subscriptionDto({ configured: false }))
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    expect(await screen.findByText('Le paiement n’est pas configuré sur ce serveur.')).toBeTruthy()
    expect(card('Pop')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Choisir cette formule' })).toBeNull()
    expect(screen.queryByRole('heading', { name: 'Mes factures' })).toBeNull()
  })

  it('shows the free plan and the Pop monthly plans, then the yearly ones, then the Classic offer', async () => {
    serve(subscriptionDto())
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    await screen.findByRole('region', { name: 'Pop+' })
    const names = () =>
      within(screen.getByRole('region', { name: 'Choisis ta formule' }))
        .getAllByRole('heading', { level: 4 })
        .map((heading) => heading.textContent)
    expect(names()).toEqual(['Gratuit', 'Pop', 'Pop+'])
    expect(within(card('Pop')).getByText('9 €')).toBeTruthy()
    expect(within(card('Pop')).getByText('HT / mois')).toBeTruthy()
    expect(within(card('Gratuit')).getByText('Ta formule actuelle')).toBeTruthy()
    expect(within(card('Pop+')).getByText('Factures récurrentes')).toBeTruthy()
    expect(within(card('Pop')).queryByText('Factures récurrentes')).toBeNull()

    fireEvent.click(screen.getByRole('radio', { name: 'Annuel' }))
    await waitFor(() => expect(within(card('Pop')).getByText('90 €')).toBeTruthy())
    expect(within(card('Pop+')).getByText('HT / an')).toBeTruthy()

    fireEvent.click(screen.getByRole('radio', { name: 'Classic' }))
    await waitFor(() => expect(names()).toEqual(['Gratuit', 'Classic', 'Classic+']))
    expect(within(card('Classic+')).getByText('290 €')).toBeTruthy()
    expect(within(card('Classic+')).getByText('Jusqu’à 10 collaborateurs')).toBeTruthy()
  })

  it('compares Pop, Pop+, Classic and Classic+: collaborators 1, 5, 5, 10 and the ledger in the Pop plans only', async () => {
    serve(subscriptionDto())
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    const table = await screen.findByRole('table', { name: 'Comparer les formules' })
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent)
      .slice(1)
    expect(headers).toEqual(['Pop', 'Pop+', 'Classic', 'Classic+'])
    const cells = (label: string) =>
      within(within(table).getByRole('rowheader', { name: label }).closest('tr') as HTMLElement).getAllByRole('cell')
    expect(cells('Collaborateurs').map((cell) => cell.textContent)).toEqual(['1', '5', '5', '10'])
    expect(
      cells('Livre des recettes et des dépenses').map((cell) =>
        within(cell).getByRole('img').getAttribute('aria-label'),
      ),
    ).toEqual(['Inclus', 'Inclus', 'Non inclus', 'Non inclus'])
  })

  it('subscribes with POST /subscription and leaves for the provider’s page', async () => {
    const spy = serve(subscriptionDto({ isOnTrial: true, trialEndsAt: '2027-02-27T10:00:00.000Z' }), [
      {
        method: 'POST',
        path: '/subscription',
        body: { data: { url: 'https://pay.example/checkout/cs_1', clientSecret: null } },
      },
    ])
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    expect(await screen.findByText(/Tu es en période d'essai jusqu'au 27\/02\/2027/)).toBeTruthy()
    // Subscribing ends the trial and is billed at once (decision 0028): the page says so before the choice.
    expect(screen.getByText(/ton essai s'arrête et ta formule est facturée dès ce jour-là/)).toBeTruthy()
    expect(screen.getByText("Période d'essai")).toBeTruthy()
    fireEvent.click(within(card('Pop')).getByRole('button', { name: 'Choisir cette formule' }))
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://pay.example/checkout/cs_1'))
    expect(bodiesSent(spy, 'POST', '/subscription')).toEqual([{ plan: 'pop-monthly' }])
  })

  it('says "Une erreur est survenue." when the server refuses the subscription (already on a plan)', async () => {
    serve(subscriptionDto(), [
      {
        method: 'POST',
        path: '/subscription',
        status: 409,
        body: { message: 'Une erreur est survenue.', code: 'CONFLICT' },
      },
    ])
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Pop+' })).getByRole('button', {
        name: 'Choisir cette formule',
      }),
    )
    expect(await screen.findByText('Une erreur est survenue.')).toBeTruthy()
    expect(browser.assign).not.toHaveBeenCalled()
  })

  it('changes plan in the modal: the prorated figures polled every 5 s, the box to tick, then PATCH and a reload', async () => {
    const spy = serve(onPopMonthly(), [
      {
        path: '/subscription/upcoming-invoice',
        body: {
          data: { due: '2026-12-27', amount: '4.80', data: { days: { consumed: 10 }, amount: { remaining: '6.00' } } },
        },
      },
      { method: 'PATCH', path: '/subscription', body: { data: onPopMonthly({ planCode: 'pop-plus-monthly' }) } },
    ])
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    expect(await screen.findByText('Prochain renouvellement le 27/12/2026.')).toBeTruthy()
    expect(within(card('Pop')).getByText('Ta formule actuelle')).toBeTruthy()
    fireEvent.click(within(card('Pop+')).getByRole('button', { name: 'Passer à cette formule' }))

    const dialog = await screen.findByRole('dialog', { name: 'Changer de formule' })
    expect(within(dialog).getByText('Tu passes de la formule Pop mensuel à la formule Pop+ mensuel.')).toBeTruthy()
    expect(await within(dialog).findByText('4,80 €')).toBeTruthy()
    expect(within(dialog).getByText('27/12/2026')).toBeTruthy()
    expect(within(dialog).getByText('10')).toBeTruthy()
    expect(within(dialog).getByText('6,00 €')).toBeTruthy()
    const help = within(dialog).getByRole('link', { name: /Comment est calculé le prorata/ })
    expect(help.getAttribute('href')).toBe('/app/help/prorata-changement-de-formule')
    expect(help.getAttribute('target')).toBe('_blank')

    const confirm = within(dialog).getByRole('button', { name: 'Confirmer le changement' })
    expect(confirm.hasAttribute('disabled')).toBe(true)
    const upcomingCalls = () =>
      spy.mock.calls.filter(([input]) => String(input).includes('/subscription/upcoming-invoice?plan=pop-plus-monthly'))
        .length
    await waitFor(() => expect(upcomingCalls()).toBeGreaterThanOrEqual(2), { timeout: 7000 })

    fireEvent.click(within(dialog).getByRole('checkbox', { name: /J’accepte ce changement de formule/ }))
    expect(confirm.hasAttribute('disabled')).toBe(false)
    fireEvent.click(confirm)
    await waitFor(() => expect(bodiesSent(spy, 'PATCH', '/subscription')).toEqual([{ plan: 'pop-plus-monthly' }]))
    expect(await screen.findByText('Ta formule a été changée. La page va se recharger.')).toBeTruthy()
    await waitFor(() => expect(browser.reload).toHaveBeenCalled(), { timeout: 4000 })
  }, 15_000)

  it('says why a plan change failed', async () => {
    serve(onPopMonthly(), [
      {
        path: '/subscription/upcoming-invoice',
        body: {
          data: { due: '2026-12-27', amount: '4.80', data: { days: { consumed: 10 }, amount: { remaining: '6.00' } } },
        },
      },
      {
        method: 'PATCH',
        path: '/subscription',
        status: 502,
        body: { message: 'Le prestataire ne répond pas.', code: 'X' },
      },
    ])
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Pop+' })).getByRole('button', {
        name: 'Passer à cette formule',
      }),
    )
    const dialog = await screen.findByRole('dialog', { name: 'Changer de formule' })
    await within(dialog).findByText('4,80 €')
    fireEvent.click(within(dialog).getByRole('checkbox'))
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirmer le changement' }))
    expect(await screen.findByText("Ton changement de formule n'a pas pu être pris en compte...")).toBeTruthy()
    expect(screen.getByText('Une erreur est survenue')).toBeTruthy()
    expect(browser.reload).not.toHaveBeenCalled()
  })

  it('keeps a yearly plan from going back to a monthly one', async () => {
    serve(onPopMonthly({ planCode: 'pop-yearly' }))
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    // A yearly plan opens on the yearly cards.
    expect(within(await screen.findByRole('region', { name: 'Pop' })).getByText('Ta formule actuelle')).toBeTruthy()
    fireEvent.click(screen.getByRole('radio', { name: 'Mensuel' }))
    await waitFor(() => expect(within(card('Pop+')).getByText('HT / mois')).toBeTruthy())
    expect(within(card('Pop+')).getByRole('button', { name: 'Passer à cette formule' }).hasAttribute('disabled')).toBe(
      true,
    )
    expect(
      within(card('Pop+')).getByText('Une formule annuelle ne peut pas passer à une formule mensuelle.'),
    ).toBeTruthy()
  })

  it('cancels after a confirmation: "Abonnement annulé", then the page reloads 3 s later', async () => {
    const spy = serve(onPopMonthly(), [{ method: 'DELETE', path: '/subscription', status: 204 }])
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler mon abonnement' }))
    const dialog = await screen.findByRole('dialog', { name: 'Annuler ton abonnement ?' })
    expect(within(dialog).getByRole('link', { name: 'Voir le détail des conséquences' }).getAttribute('href')).toBe(
      '/app/setting/subscription/cancel',
    )
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler mon abonnement' }))
    expect(await screen.findByText('Abonnement annulé')).toBeTruthy()
    expect(bodiesSent(spy, 'DELETE', '/subscription')).toHaveLength(1)
    expect(browser.reload).not.toHaveBeenCalled()
    await waitFor(() => expect(browser.reload).toHaveBeenCalled(), { timeout: 4000 })
  })

  it('says when the cancellation failed', async () => {
    serve(onPopMonthly(), [{ method: 'DELETE', path: '/subscription', status: 502, body: { message: 'x', code: 'X' } }])
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler mon abonnement' }))
    const dialog = await screen.findByRole('dialog', { name: 'Annuler ton abonnement ?' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler mon abonnement' }))
    expect(
      await screen.findByText("Ta demande d'annulation n'a pas pu aboutir. Réessaye ou contacte le support."),
    ).toBeTruthy()
    expect(screen.getByText('Une erreur est survenue')).toBeTruthy()
  })

  it('during the grace period: the end date, and no cancel button', async () => {
    serve(onPopMonthly({ onGracePeriod: true, endsAt: '2026-12-27T10:00:00.000Z' }))
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    expect(await screen.findByText(/tu profites de ta formule jusqu’au 27\/12\/2026/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Annuler mon abonnement' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Gérer mon moyen de paiement' })).toBeTruthy()
  })

  it('opens the provider’s portal for the payment means, and "Régulariser" after a failed payment', async () => {
    const spy = serve(onPopMonthly({ paymentRequired: true, status: 'past_due' }), [
      { method: 'POST', path: '/subscription/portal', body: { data: { url: 'https://pay.example/portal/1' } } },
    ])
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    expect(await screen.findByText('Un paiement de ton abonnement a échoué')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Régulariser' }))
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://pay.example/portal/1'))
    expect(bodiesSent(spy, 'POST', '/subscription/portal')).toHaveLength(1)
  })

  it('lists the subscription’s bills with their download links', async () => {
    serve(onPopMonthly(), [
      {
        path: '/subscription/bills',
        body: {
          data: [
            {
              id: 'in_1',
              number: 'CARNET-0001',
              date: '2026-11-27',
              amount: '10.80',
              status: 'paid',
              downloadLink: 'https://pay.example/invoices/in_1.pdf',
            },
          ],
          meta: { total: 1, page: 1, pageSize: 10 },
        },
      },
    ])
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription' })
    const link = await screen.findByRole('link', { name: 'Télécharger la facture CARNET-0001' })
    expect(link.getAttribute('href')).toBe('https://pay.example/invoices/in_1.pdf')
    const row = link.closest('tr') as HTMLElement
    expect(within(row).getByText('27/11/2026')).toBeTruthy()
    expect(within(row).getByText('10,80 €')).toBeTruthy()
    expect(within(row).getByText('Payée')).toBeTruthy()
  })

  it('back from the payment page, waits for the plan and says "Paiement réussi !"', async () => {
    let calls = 0
    const paid = onPopMonthly()
    stubApi([
      { path: '/plans', body: { data: PLANS, meta: { total: PLANS.length, page: 1, pageSize: 100 } } },
      { path: '/subscription/bills', body: NO_BILLS },
    ])
    const fallback = globalThis.fetch
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (new URL(String(input), 'http://localhost').pathname === '/api/v1/subscription') {
          calls += 1
          const data = calls === 1 ? subscriptionDto() : paid
          return new Response(JSON.stringify({ data }), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          })
        }
        return fallback(input, init)
      }),
    )
    renderPage(<SubscriptionPage />, { route: '/app/setting/subscription?checkout=success' })
    expect(await screen.findByText(/Ton abonnement est en cours d’activation/)).toBeTruthy()
    expect(await screen.findByText('Paiement réussi !', {}, { timeout: 4000 })).toBeTruthy()
    expect(within(card('Pop')).getByText('Ta formule actuelle')).toBeTruthy()
    expect(screen.queryByText(/Ton abonnement est en cours d’activation/)).toBeNull()
  })
})
