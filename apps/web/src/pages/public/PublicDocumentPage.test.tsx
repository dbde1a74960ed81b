import { messages, type PublicDocumentDto } from '@app/domain'
import { cleanup, screen } from '@testing-library/react'
import { Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { PublicDocumentPage } from './PublicDocumentPage'

const doc: PublicDocumentDto = {
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
  lines: [
    {
      name: 'Conseil',
      description: null,
      quantity: '2',
      unit: 'heure',
      unitPrice: '150',
      vatRate: '20',
      totalTaxExcluded: '300.00',
    },
  ],
  totalTaxExcluded: '300.00',
  totalTaxes: '60.00',
  totalTaxIncluded: '360.00',
  vatBreakdown: [{ ratePercent: '20', taxExcluded: '300.00', taxAmount: '60.00' }],
}

const page = (
  <Routes>
    <Route path="/p/:token" element={<PublicDocumentPage />} />
  </Routes>
)

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('PublicDocumentPage', () => {
  it('shows the shared document read-only with its PDF link', async () => {
    stubApi([{ path: '/public/documents/abc', body: { data: doc } }])
    renderPage(page, { route: '/p/abc' })
    expect(await screen.findByRole('heading', { name: 'Facture n° F-2026-0001' })).toBeTruthy()
    expect(screen.getByText('Atelier Martin')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Télécharger le PDF' }).getAttribute('href')).toBe(
      '/api/v1/public/documents/abc/pdf',
    )
    expect(screen.getByRole('table', { name: 'Totaux' }).textContent).toContain('360,00')
    expect(screen.queryByRole('textbox')).toBeNull()
  })

  it('says the link is no longer valid for an unknown or revoked token', async () => {
    stubApi([])
    renderPage(page, { route: '/p/gone' })
    expect(await screen.findByRole('heading', { name: messages.sending.linkInvalid })).toBeTruthy()
  })
})
