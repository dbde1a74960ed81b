import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { browser } from '../../components/billing/browser'
import { bodiesSent, type Route, renderPage, stubApi, whereIs } from '../../components/test-utils'
import { onPopMonthly, PLANS, subscriptionDto } from '../../test-support/billingFixtures'
import { SubscriptionGate } from './SubscriptionGate'
import { MustUpgradePlanPage, PaymentErrorPage, SubscriptionOutPage, TrialEndPage } from './SubscriptionScreens'
import { wasTrialEndSeen } from './subscriptionGate'

type Organization = {
  planCode?: string
  paymentRequired?: boolean
  free?: boolean
  isOnTrial?: boolean
  trialEndsAt?: string | null
}

const me = ({
  planCode = 'free',
  paymentRequired = false,
  free = false,
  isOnTrial = false,
  trialEndsAt = '2026-11-01T10:00:00.000Z',
}: Organization = {}): Route => ({
  path: '/me',
  body: {
    data: {
      id: 4,
      currentOrganizationId: 7,
      currentOrganization: {
        id: 7,
        isOwner: true,
        owner: { firstname: 'Camille', lastname: 'Martin' },
        plan: { code: planCode },
        paymentRequired,
        free,
        isOnTrial,
        trialEndsAt,
        endsAt: null,
      },
    },
  },
})

const plans: Route = { path: '/plans', body: { data: PLANS, meta: { total: PLANS.length, page: 1, pageSize: 100 } } }

beforeEach(() => {
  vi.spyOn(browser, 'assign').mockImplementation(() => {})
  window.localStorage.clear()
})

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('the owner’s subscription screens (/app/oups/…)', () => {
  it('must-upgrade-plan offers Pop+ monthly with its features and subscribes to it', async () => {
    const spy = stubApi([
      me({ isOnTrial: true }),
      plans,
      { path: '/subscription', body: { data: subscriptionDto({ isOnTrial: true }) } },
      {
        method: 'POST',
        path: '/subscription',
        body: { data: { url: 'https://pay.example/checkout/cs_2', clientSecret: null } },
      },
    ])
    renderPage(<MustUpgradePlanPage />, { route: '/app/oups/must-upgrade-plan' })
    expect(await screen.findByRole('heading', { name: 'Cette fonctionnalité demande une autre formule' })).toBeTruthy()
    const card = await screen.findByRole('region', { name: 'Pop+' })
    expect(within(card).getByText('15 €')).toBeTruthy()
    expect(within(card).getByText('Factures récurrentes')).toBeTruthy()
    expect(within(card).getByText('Jusqu’à 5 collaborateurs')).toBeTruthy()
    fireEvent.click(within(card).getByRole('button', { name: 'Choisir cette formule' }))
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://pay.example/checkout/cs_2'))
    expect(bodiesSent(spy, 'POST', '/subscription')).toEqual([{ plan: 'pop-plus-monthly' }])
  })

  it('must-upgrade-plan goes back to the dashboard on a Plus plan', async () => {
    stubApi([me({ planCode: 'pop-plus-monthly' }), plans])
    const { router } = renderPage(<MustUpgradePlanPage />, { route: '/app/oups/must-upgrade-plan' })
    await waitFor(() => expect(whereIs(router)).toBe('/app'))
  })

  it('subscription-out: "Régulariser" and the Pop plans while suspended', async () => {
    stubApi([
      me({ planCode: 'pop-monthly', paymentRequired: true }),
      plans,
      { path: '/subscription', body: { data: onPopMonthly({ paymentRequired: true, status: 'unpaid' }) } },
      { method: 'POST', path: '/subscription/portal', body: { data: { url: 'https://pay.example/portal/7' } } },
    ])
    renderPage(<SubscriptionOutPage />, { route: '/app/oups/subscription-out' })
    expect(await screen.findByRole('heading', { name: 'Ton abonnement est suspendu' })).toBeTruthy()
    expect(await screen.findByRole('region', { name: 'Pop+' })).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Classic' })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Régulariser' }))
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://pay.example/portal/7'))
  })

  it('subscription-out goes on to /app?you-are-subbed=yay once no payment is required', async () => {
    stubApi([me({ planCode: 'pop-monthly' }), plans, { path: '/subscription', body: { data: onPopMonthly() } }])
    const { router } = renderPage(<SubscriptionOutPage />, { route: '/app/oups/subscription-out' })
    await waitFor(() => expect(whereIs(router)).toBe('/app?you-are-subbed=yay'))
  })

  it('subscription-payment-error: "Régulariser" opens the provider’s portal', async () => {
    const spy = stubApi([
      me({ planCode: 'pop-monthly' }),
      plans,
      { path: '/subscription', body: { data: onPopMonthly({ status: 'past_due' }) } },
      { method: 'POST', path: '/subscription/portal', body: { data: { url: 'https://pay.example/portal/8' } } },
    ])
    renderPage(<PaymentErrorPage />, { route: '/app/oups/subscription-payment-error' })
    fireEvent.click(await screen.findByRole('button', { name: 'Régulariser' }))
    await waitFor(() => expect(browser.assign).toHaveBeenCalledWith('https://pay.example/portal/8'))
    expect(bodiesSent(spy, 'POST', '/subscription/portal')).toHaveLength(1)
  })

  it('trial-period-end: the plans to choose or the free formula, said once', async () => {
    stubApi([me({ free: true }), plans, { path: '/subscription', body: { data: subscriptionDto() } }])
    renderPage(<TrialEndPage />, { route: '/app/oups/trial-period-end' })
    expect(await screen.findByRole('heading', { name: "Ta période d'essai est terminée !" })).toBeTruthy()
    expect(await screen.findByRole('region', { name: 'Pop' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Continuer avec la formule gratuite' }).getAttribute('href')).toBe('/app')
    await waitFor(() => expect(wasTrialEndSeen(7)).toBe(true))
  })

  it('trial-period-end goes back to the dashboard when nothing has ended (on a trial or a plan)', async () => {
    stubApi([me({ planCode: 'pop-monthly' }), plans])
    const { router } = renderPage(<TrialEndPage />, { route: '/app/oups/trial-period-end' })
    await waitFor(() => expect(whereIs(router)).toBe('/app'))
  })
})

describe('the gate around the signed-in pages', () => {
  it('sends a suspended organisation to subscription-out', async () => {
    stubApi([me({ planCode: 'pop-monthly', paymentRequired: true })])
    const { router } = renderPage(
      <SubscriptionGate>
        <p>Page</p>
      </SubscriptionGate>,
      { route: '/app/sales/invoices' },
    )
    await waitFor(() => expect(whereIs(router)).toBe('/app/oups/subscription-out'))
    expect(await screen.findByText('Page')).toBeTruthy()
  })

  it('shows the end of the trial once on the dashboard, then lets the free formula be used', async () => {
    stubApi([me({ free: true })])
    const { router } = renderPage(
      <SubscriptionGate>
        <p>Page</p>
      </SubscriptionGate>,
      { route: '/app' },
    )
    await waitFor(() => expect(whereIs(router)).toBe('/app/oups/trial-period-end'))
    window.localStorage.setItem('carnet.trialEndSeen.7', 'yes')
    await router.navigate('/app')
    expect(whereIs(router)).toBe('/app')
    expect(await screen.findByText('Page')).toBeTruthy()
  })
})
