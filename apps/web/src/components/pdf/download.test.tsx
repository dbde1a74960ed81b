import { cleanup, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../test-utils'
import { downloadDocumentPdf, filenameFromDisposition } from './download'

/** What the server sends (apps/server/src/features/documents/pdf/routes.ts contentDisposition): ASCII name, then the UTF-8 one. */
const PAID_DISPOSITION =
  'inline; filename="Facture acquittee F-2026-0001.pdf"; filename*=UTF-8\'\'Facture%20acquitt%C3%A9e%20F-2026-0001.pdf'

describe('filenameFromDisposition', () => {
  it("prefers the UTF-8 name, so that 'Facture acquittée' keeps its accent", () => {
    expect(filenameFromDisposition(PAID_DISPOSITION)).toBe('Facture acquittée F-2026-0001.pdf')
  })

  it('reads a quoted or a bare name, and none when the header has none', () => {
    expect(filenameFromDisposition('attachment; filename="Devis D-2026-0003.pdf"')).toBe('Devis D-2026-0003.pdf')
    expect(filenameFromDisposition('attachment; filename=facture.pdf')).toBe('facture.pdf')
    expect(filenameFromDisposition('inline')).toBeNull()
    expect(filenameFromDisposition(null)).toBeNull()
  })

  it('never lets a name choose a folder', () => {
    expect(filenameFromDisposition('attachment; filename="../../etc/Facture.pdf"')).toBe('Facture.pdf')
    expect(filenameFromDisposition("attachment; filename*=UTF-8''..%2F..%2FFacture.pdf")).toBe('Facture.pdf')
  })
})

describe('downloadDocumentPdf', () => {
  const saved: { href: string; download: string }[] = []

  beforeEach(() => {
    saved.length = 0
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download })
    })
    URL.createObjectURL = vi.fn(() => 'blob:pdf')
    URL.revokeObjectURL = vi.fn()
  })

  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
    vi.unstubAllGlobals()
  })

  it("saves the paid invoice's PDF under the name the server gives", async () => {
    const fetchSpy = vi.fn(
      async (_url: string, _init?: RequestInit) =>
        new Response('%PDF-1.7', {
          headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': PAID_DISPOSITION },
        }),
    )
    vi.stubGlobal('fetch', fetchSpy)
    expect(await downloadDocumentPdf({ model: 'invoices', id: 7 }, { paid: true })).toBe(true)
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/v1/invoices/7/pdf?paid=true')
    expect(saved).toEqual([{ href: 'blob:pdf', download: 'Facture acquittée F-2026-0001.pdf' }])
  })

  it("says 'Ton PDF n'est pas encore disponible.' when the server has no PDF to give", async () => {
    renderPage(<div />)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ message: 'Ressource introuvable.', code: 'NOT_FOUND' }, { status: 404 })),
    )
    expect(await downloadDocumentPdf({ model: 'quotes', id: 3 })).toBe(false)
    expect(await screen.findByText("Ton PDF n'est pas encore disponible.")).toBeTruthy()
    expect(saved).toEqual([])
  })

  it('refuses an answer that is not a PDF, even a successful one', async () => {
    renderPage(<div />)
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html></html>', { headers: { 'Content-Type': 'text/html' } })),
    )
    expect(await downloadDocumentPdf({ model: 'invoices', id: 1 })).toBe(false)
    expect(saved).toEqual([])
  })
})
