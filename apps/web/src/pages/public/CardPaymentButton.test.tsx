import { messages, type PublicDocumentDto } from '@app/domain'
import { fireEvent, screen, waitFor } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage, stubApi } from '../../components/test-utils'
import { PublicDocumentPage } from './PublicDocumentPage'

const doc = {
  kind: 'invoice',
  title: 'Facture',
  reference: 'F-2026-0001',
  name: 'Site vitrine',
  description: null,
  datedAt: '2026-11-02',
  dueAt: '2026-12-02',
  stateLabel: 'En attente',
  taxFree: false,
  seller: { name: 'Atelier Martin', address: null },
  buyer: { name: 'Danone' },
  lines: [],
  totalTaxExcluded: '300.00',
  totalTaxes: '60.00',
  totalTaxIncluded: '360.00',
  vatBreakdown: [],
} satisfies PublicDocumentDto

const page = (
  <Routes>
    <Route path="/p/:token" element={<PublicDocumentPage />} />
  </Routes>
)
const CHECKOUT = 'https://checkout.stripe.com/c/pay/cs_test_123'

describe('Payer par carte on a shared invoice', () => {
  it("leads to the payment page of the organisation's Stripe account", async () => {
    const assign = vi.fn()
    vi.stubGlobal('location', { ...window.location, assign })
    const spy = stubApi([
      { path: '/public/documents/abc', body: { data: doc } },
      { path: '/public/documents/abc/card-payment', body: { data: { available: true, amount: '360.00' } } },
      { method: 'POST', path: '/public/documents/abc/card-payment', status: 201, body: { data: { url: CHECKOUT } } },
    ])
    renderPage(page, { route: '/p/abc' })
    const button = await screen.findByRole('button', { name: /^Payer par carte — 360,00/ })
    fireEvent.click(button)
    await waitFor(() => expect(assign).toHaveBeenCalledWith(CHECKOUT))
    expect(bodiesSent(spy, 'POST', '/public/documents/abc/card-payment')).toHaveLength(1)
  })

  it('is not there when the invoice cannot be paid by card', async () => {
    stubApi([
      { path: '/public/documents/abc', body: { data: doc } },
      { path: '/public/documents/abc/card-payment', body: { data: { available: false, amount: null } } },
    ])
    renderPage(page, { route: '/p/abc' })
    expect(await screen.findByRole('link', { name: 'Télécharger le PDF' })).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('button', { name: /Payer par carte/ })).toBeNull()
  })

  it('is never asked for a quote, and confirms the payment back from the payment page', async () => {
    const spy = stubApi([{ path: '/public/documents/q', body: { data: { ...doc, kind: 'quote', title: 'Devis' } } }])
    renderPage(page, { route: '/p/q' })
    await screen.findByRole('link', { name: 'Télécharger le PDF' })
    expect(spy.mock.calls.some(([url]) => String(url).includes('card-payment'))).toBe(false)

    const back = stubApi([
      { path: '/public/documents/abc', body: { data: doc } },
      { method: 'POST', path: '/public/documents/abc/card-payment/confirm', body: { data: { paid: true } } },
    ])
    renderPage(page, { route: '/p/abc?paiement=ok&session=cs_test_123' })
    expect(await screen.findByText(messages.cardPayment.paid)).toBeTruthy()
    expect(bodiesSent(back, 'POST', '/public/documents/abc/card-payment/confirm')).toEqual([
      { sessionId: 'cs_test_123' },
    ])
  })

  it('says the payment is not confirmed yet when Stripe does not say it is paid', async () => {
    stubApi([
      { path: '/public/documents/abc', body: { data: doc } },
      { method: 'POST', path: '/public/documents/abc/card-payment/confirm', body: { data: { paid: false } } },
    ])
    renderPage(page, { route: '/p/abc?paiement=ok&session=cs_test_123' })
    expect(await screen.findByText(messages.cardPayment.pending)).toBeTruthy()
  })
})
