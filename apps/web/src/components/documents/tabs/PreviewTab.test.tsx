import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { invoice, quote } from '../../../test-support/documentFixtures'
import { clearPdfBytes } from '../../pdf/pdfBytes'
import { renderPage, stubApi } from '../../test-utils'
import { PreviewTab } from './PreviewTab'

const PAID = { id: 5, code: 'PAID', name: 'Payée', color: 'green' }

describe('PreviewTab', () => {
  const saved: string[] = []

  beforeEach(() => {
    saved.length = 0
    clearPdfBytes()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    URL.createObjectURL = vi.fn(() => 'blob:pdf')
    URL.revokeObjectURL = vi.fn()
  })

  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it('offers the PDF of a draft, not its paid version, and says when it cannot be had', async () => {
    stubApi([{ path: '/invoices/11', body: { data: invoice({ id: 11 }) } }])
    renderPage(<PreviewTab subject={{ model: 'invoices', id: 11, updatedAt: '2026-03-01T10:00:00.000Z' }} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Télécharger le PDF' }))
    expect(await screen.findByText("Ton PDF n'est pas encore disponible.")).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Facture acquittée' })).toBeNull()
    expect(saved).toEqual([])
  })

  it("downloads a paid invoice's 'Facture acquittée' from ?paid=true under the server's name", async () => {
    const spy = stubApi([{ path: '/invoices/12', body: { data: invoice({ id: 12, state: PAID, stateId: 5 }) } }])
    const pdf = vi.fn(async (url: string, init?: RequestInit) =>
      url.startsWith('/api/v1/invoices/12/pdf')
        ? new Response('%PDF-1.7', {
            headers: {
              'Content-Type': 'application/pdf',
              'Content-Disposition': 'inline; filename="x.pdf"; filename*=UTF-8\'\'Facture%20acquitt%C3%A9e%20F-1.pdf',
            },
          })
        : spy(url, init),
    )
    vi.stubGlobal('fetch', pdf)
    renderPage(<PreviewTab subject={{ model: 'invoices', id: 12, updatedAt: '2026-03-01T10:00:00.000Z' }} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Facture acquittée' }))
    await waitFor(() => expect(saved).toEqual(['Facture acquittée F-1.pdf']))
    expect(pdf.mock.calls.map(([url]) => url)).toContain('/api/v1/invoices/12/pdf?paid=true')
  })

  it('shows a quote whose PDF is missing as "Prévisualisation indisponible", with its download', async () => {
    stubApi([{ path: '/quotes/20', body: { data: quote({ id: 20 }) } }])
    renderPage(<PreviewTab subject={{ model: 'quotes', id: 20, updatedAt: '2026-03-01T10:00:00.000Z' }} />)
    expect(await screen.findByRole('button', { name: 'Télécharger le PDF' })).toBeTruthy()
    expect(await screen.findByText('Prévisualisation indisponible')).toBeTruthy()
  })
})
