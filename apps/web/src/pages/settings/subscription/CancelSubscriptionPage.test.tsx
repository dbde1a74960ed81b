import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, type Route, renderPage, stubApi, whereIs } from '../../../components/test-utils'
import { onPopMonthly, subscriptionDto } from '../../../test-support/billingFixtures'
import { CancelSubscriptionPage } from './CancelSubscriptionPage'

const serve = (subscription: ReturnType<typeof subscriptionDto>, more: Route[] = []) =>
  stubApi([...more, { path: '/subscription', body: { data: subscription } }])

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

describe('the cancellation page (/app/setting/subscription/cancel)', () => {
  it('tells the consequences and suspends only once they are accepted', async () => {
    const spy = serve(onPopMonthly(), [{ method: 'DELETE', path: '/subscription', status: 204 }])
    const { router } = renderPage(<CancelSubscriptionPage />, { route: '/app/setting/subscription/cancel' })
    expect(await screen.findByText(/Ton abonnement reste actif jusqu’au 27\/12\/2026/)).toBeTruthy()
    expect(screen.getByText(/ton entreprise passe à la formule gratuite/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Annuler' }).getAttribute('href')).toBe('/app')
    const suspend = screen.getByRole('button', { name: 'Suspendre mon abonnement' })
    expect(suspend.hasAttribute('disabled')).toBe(true)

    fireEvent.click(screen.getByRole('checkbox', { name: /J’ai lu et j’accepte les conséquences/ }))
    expect(suspend.hasAttribute('disabled')).toBe(false)
    fireEvent.click(suspend)
    expect(await screen.findByText('Tu as suspendu ton abonnement avec succès.')).toBeTruthy()
    expect(bodiesSent(spy, 'DELETE', '/subscription')).toHaveLength(1)
    await waitFor(() => expect(whereIs(router)).toBe('/app/setting/subscription'))
  })

  it('says when the suspension failed', async () => {
    serve(onPopMonthly(), [
      {
        method: 'DELETE',
        path: '/subscription',
        status: 502,
        body: { message: 'Le prestataire ne répond pas.', code: 'X' },
      },
    ])
    renderPage(<CancelSubscriptionPage />, { route: '/app/setting/subscription/cancel' })
    fireEvent.click(await screen.findByRole('checkbox'))
    fireEvent.click(screen.getByRole('button', { name: 'Suspendre mon abonnement' }))
    expect(
      await screen.findByText(
        'Il y a eu une erreur lors de la suspension de ton abonnement. Tu peux réessayer plus tard ou contacter le support.',
      ),
    ).toBeTruthy()
  })

  it('has nothing to suspend without a plan, nor during the grace period', async () => {
    serve(subscriptionDto())
    renderPage(<CancelSubscriptionPage />)
    expect(await screen.findByText('Tu n’as pas d’abonnement en cours.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Suspendre mon abonnement' })).toBeNull()
    cleanup()
    serve(onPopMonthly({ onGracePeriod: true, endsAt: '2026-12-27' }))
    renderPage(<CancelSubscriptionPage />)
    expect(
      await screen.findByText(/Ton abonnement est déjà annulé : ta formule reste active jusqu’au 27\/12\/2026/),
    ).toBeTruthy()
  })
})
