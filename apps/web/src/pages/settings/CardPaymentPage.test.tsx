import { type CardPaymentDto, messages, PREMIUM_FEATURES } from '@app/domain'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { bodiesSent, fakeServer, jsonResponse, renderPage, stubApi } from '../../components/test-utils'
import { CardPaymentPage } from './CardPaymentPage'

const me = (features: readonly string[]) => ({
  path: '/me',
  body: { data: { id: 1, preferences: {}, currentOrganization: { id: 1, free: features.length === 0, features } } },
})
const settings = (fields: Partial<CardPaymentDto> = {}): CardPaymentDto => ({
  hasSecretKey: false,
  secretKeyHint: null,
  paymentMinimum: null,
  paymentLimit: null,
  ...fields,
})

/** A server that keeps the settings: a PATCH answers what it stored, with a hint of the key. */
function server(initial: Partial<CardPaymentDto> = {}) {
  let stored = settings(initial)
  return fakeServer([me(PREMIUM_FEATURES)], ({ method, path, body }) => {
    if (path !== '/settings/card-payment') return jsonResponse(404, { message: 'introuvable', code: 'NOT_FOUND' })
    if (method === 'PATCH') {
      const key = body.secretKey === undefined ? undefined : body.secretKey
      stored = {
        ...stored,
        ...(key === undefined
          ? {}
          : { hasSecretKey: key !== null, secretKeyHint: key ? `sk_test_…${key.slice(-4)}` : null }),
        paymentMinimum: body.paymentMinimum === undefined ? stored.paymentMinimum : body.paymentMinimum,
        paymentLimit: body.paymentLimit === undefined ? stored.paymentLimit : body.paymentLimit,
      }
    }
    return jsonResponse(200, { data: stored })
  })
}

describe('CardPaymentPage', () => {
  it('saves the secret key and shows only its hint afterwards', async () => {
    const spy = server()
    renderPage(<CardPaymentPage />, { route: '/app/setting/card-payment' })
    fireEvent.change(await screen.findByLabelText('Clé secrète'), { target: { value: 'sk_test_abcdef1234' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Clé enregistrée : sk_test_…1234')).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/settings/card-payment')).toEqual([
      { secretKey: 'sk_test_abcdef1234', paymentMinimum: null, paymentLimit: null },
    ])
    expect((screen.getByLabelText('Remplacer la clé secrète') as HTMLInputElement).value).toBe('')
  })

  it('sends a limit only while its toggle is on, and null once it is off', async () => {
    const spy = server({ hasSecretKey: true, secretKeyHint: 'sk_live_…9876', paymentLimit: 5000 })
    renderPage(<CardPaymentPage />, { route: '/app/setting/card-payment' })
    expect(((await screen.findByLabelText('Maximum TTC')) as HTMLInputElement).value).toBe('5000 €')
    fireEvent.click(screen.getByLabelText('Montant minimum'))
    fireEvent.change(screen.getByLabelText('Minimum TTC'), { target: { value: '20' } })
    fireEvent.click(screen.getByLabelText('Montant maximum'))
    expect(screen.queryByLabelText('Maximum TTC')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() =>
      expect(bodiesSent(spy, 'PATCH', '/settings/card-payment')).toEqual([{ paymentMinimum: 20, paymentLimit: null }]),
    )
  })

  it('checks the form of the key before sending', async () => {
    const spy = server()
    renderPage(<CardPaymentPage />, { route: '/app/setting/card-payment' })
    fireEvent.change(await screen.findByLabelText('Clé secrète'), { target: { value: 'pk_live_publique' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText(messages.cardPayment.keyFormat)).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/settings/card-payment')).toEqual([])
  })

  it('removes the key on demand', async () => {
    const spy = server({ hasSecretKey: true, secretKeyHint: 'sk_live_…9876' })
    renderPage(<CardPaymentPage />, { route: '/app/setting/card-payment' })
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer la clé' }))
    await waitFor(() => expect(bodiesSent(spy, 'PATCH', '/settings/card-payment')).toEqual([{ secretKey: null }]))
    expect(await screen.findByLabelText('Clé secrète')).toBeTruthy()
  })

  it('offers the plans to the free formula instead of the form', async () => {
    const spy = stubApi([me([])])
    renderPage(<CardPaymentPage />, { route: '/app/setting/card-payment' })
    expect(await screen.findByTestId('card-payment-upsell')).toBeTruthy()
    expect(screen.getByText(messages.cardPayment.premiumRequired)).toBeTruthy()
    expect(spy.mock.calls.some(([url]) => String(url).includes('/settings/card-payment'))).toBe(false)
  })
})
