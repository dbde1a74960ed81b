import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../../components/test-utils'
import { EInvoiceReadableView } from './EInvoiceReadableView'
import { getsTo, receipt, stubReceiptsApi } from './fakeReceiptsApi'
import { receivedEInvoice } from './fakeReceivedEInvoice'
import { ReceiptPreview } from './ReceiptPreview'
import { ReceiptPreviewDrawer } from './ReceiptPreviewDrawer'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** Text as read, French spaces (U+202F, U+00A0) made plain. */
const plain = (element: Element) => (element.textContent ?? '').replace(/[\u202f\u00a0]/g, ' ')

/** Each row of a table as its cells' plain text. */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map(plain))

function show(body: ReturnType<typeof receivedEInvoice>) {
  const spy = stubApi([{ path: '/receipts/5/e-invoice', body: { data: body } }])
  renderPage(<EInvoiceReadableView receiptId={5} />)
  return spy
}

describe('the readable view of a received e-invoice', () => {
  it('lays out the invoice: head, parties, lines, VAT, totals, payment and notes', async () => {
    show(receivedEInvoice())
    const invoice = await screen.findByRole('article', { name: 'Facture 2026/IB/0931' })
    const view = within(invoice)
    expect(view.getByText('Facture électronique reçue au format CII')).toBeTruthy()
    expect(view.getByRole('heading', { name: 'Facture n° 2026/IB/0931' })).toBeTruthy()
    expect(plain(invoice)).toContain('Date : 15/11/2026')
    expect(plain(invoice)).toContain('Échéance : 31/12/2026')
    const seller = view.getByRole('group', { name: 'Vendeur' })
    expect(plain(seller)).toBe(
      'VendeurImprimerie Beaulieu SAS4 quai Saint-Antoine69002 LyonSIRET 41234567000019TVA FR96412345670',
    )
    const buyer = view.getByRole('group', { name: 'Acheteur' })
    expect(plain(buyer)).toBe(
      'AcheteurAtelier Martin & Fils12 rue de la Paix75002 ParisSIREN 732 829 320TVA FR44732829320',
    )
    expect(rowsOf(view.getByRole('table', { name: 'Lignes de la facture' }))).toEqual([
      ['Désignation', 'Quantité', 'Prix unitaire HT', 'TVA', 'Total HT'],
      ['Impression catalogue 32 pagesQuadrichromie, papier couché 135 g', '500 pce', '2,00 €', '20 %', '1 000,00 €'],
      ['Transport', '1', '150,00 €', '10 %', '150,00 €'],
    ])
    expect(rowsOf(view.getByRole('table', { name: 'Détail de la TVA' }))).toEqual([
      ['TVA', 'Base HT', 'Montant'],
      ['20 %', '1 000,00 €', '200,00 €'],
      ['10 %', '150,00 €', '15,00 €'],
    ])
    expect(rowsOf(view.getByRole('table', { name: 'Totaux' }))).toEqual([
      ['Total HT', '1 150,00 €'],
      ['TVA', '215,00 €'],
      ['Total TTC', '1 365,00 €'],
      ['Net à payer', '1 365,00 €'],
    ])
    expect(view.getByText('Paiement à 30 jours fin de mois.')).toBeTruthy()
    expect(plain(invoice)).toContain('IBAN : FR14 2004 1010 0505 0001 3M02 606')
    expect(view.getByText('Escompte pour paiement anticipé : néant.')).toBeTruthy()
    expect(view.queryByRole('table', { name: 'Remises et frais' })).toBeNull()
  })

  it('calls a credit note « Avoir » and names the invoice it corrects', async () => {
    show(
      receivedEInvoice({
        format: 'ubl',
        typeCode: '381',
        number: 'AV-2026-0012',
        precedingInvoices: [{ number: 'FA-2026-0457', issueDate: '2026-11-04' }],
      }),
    )
    const invoice = await screen.findByRole('article', { name: 'Avoir AV-2026-0012' })
    expect(within(invoice).getByRole('heading', { name: 'Avoir n° AV-2026-0012' })).toBeTruthy()
    expect(within(invoice).getByText('Facture électronique reçue au format UBL')).toBeTruthy()
    expect(plain(invoice)).toContain('Avoir sur la facture : n° FA-2026-0457 du 04/11/2026')
  })

  it('shows allowances, charges, the amount already paid, the references and another currency', async () => {
    show(
      receivedEInvoice({
        currency: 'USD',
        buyerReference: 'SERVICE-ACHATS',
        purchaseOrder: 'BC-2026-77',
        allowancesCharges: [
          {
            charge: false,
            amount: '50.00',
            reason: 'Remise fidélité',
            reasonCode: '95',
            vatCategoryCode: 'S',
            vatRatePercent: '20.00',
          },
          {
            charge: true,
            amount: '12.50',
            reason: null,
            reasonCode: 'FC',
            vatCategoryCode: 'E',
            vatRatePercent: '0.00',
          },
        ],
        prepaidAmount: '365.00',
        amountDue: '1000.00',
      }),
    )
    const invoice = await screen.findByRole('article')
    const view = within(invoice)
    expect(rowsOf(view.getByRole('table', { name: 'Remises et frais' }))).toEqual([
      ['Remise fidélité · TVA 20 %', '− 50,00 USD'],
      ['Frais (code FC) · TVA Exonérée', '12,50 USD'],
    ])
    expect(rowsOf(view.getByRole('table', { name: 'Totaux' }))).toEqual([
      ['Total des lignes HT', '1 150,00 USD'],
      ['Total HT', '1 150,00 USD'],
      ['TVA', '215,00 USD'],
      ['Total TTC', '1 365,00 USD'],
      ['Déjà payé', '− 365,00 USD'],
      ['Net à payer', '1 000,00 USD'],
    ])
    expect(plain(invoice)).toContain('Ta référence : SERVICE-ACHATS')
    expect(plain(invoice)).toContain('Bon de commande : BC-2026-77')
    expect(plain(invoice)).toContain('Devise : USD')
  })

  it('reads without the optional parts: no lines, addresses, identifiers, terms, IBAN or notes', async () => {
    const bare = receivedEInvoice()
    show({
      ...bare,
      dueDate: null,
      seller: { ...bare.seller, siren: null, siret: null, vatNumber: null, iban: null, address: null },
      buyer: { name: '', siren: null, vatNumber: null, address: null },
      lines: [],
      notes: [],
      paymentTerms: null,
    })
    const invoice = await screen.findByRole('article')
    const view = within(invoice)
    expect(view.getByText('Cette facture ne détaille pas ses lignes.')).toBeTruthy()
    expect(plain(view.getByRole('group', { name: 'Vendeur' }))).toBe('VendeurImprimerie Beaulieu SAS')
    expect(plain(view.getByRole('group', { name: 'Acheteur' }))).toBe('Acheteur—')
    expect(plain(invoice)).not.toContain('Échéance')
    expect(view.queryByRole('heading', { name: 'Paiement' })).toBeNull()
    expect(view.queryByRole('heading', { name: 'Notes' })).toBeNull()
    expect(view.getByRole('table', { name: 'Totaux' })).toBeTruthy()
  })

  it('says a file that is no e-invoice cannot be read, and offers to try again when the server fails', async () => {
    stubApi([])
    renderPage(<EInvoiceReadableView receiptId={5} />)
    expect(await screen.findByText(/ne se lit pas comme une facture électronique/)).toBeTruthy()
    cleanup()
    const spy = stubApi([{ path: '/receipts/5/e-invoice', status: 500, body: { message: 'Erreur', code: 'X' } }])
    renderPage(<EInvoiceReadableView receiptId={5} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Réessayer' }))
    expect(screen.getByText('La facture électronique n’a pas pu être lue.')).toBeTruthy()
    await vi.waitFor(() => expect(getsTo(spy, '/receipts/5/e-invoice')).toHaveLength(2))
  })
})

describe('the receipt preview', () => {
  it('shows the readable view for an XML receipt, in the drawer too, and never asks for it for a PDF', async () => {
    const xml = receipt({
      id: 7,
      name: 'beaulieu.xml',
      mimeType: 'application/xml',
      extension: 'xml',
      eInvoiceFormat: 'cii',
    })
    const { spy } = stubReceiptsApi({ receipts: [xml] })
    renderPage(<ReceiptPreviewDrawer receiptId={7} fromList={xml} onClose={() => {}} onDownload={() => {}} />)
    expect(await screen.findByRole('article', { name: 'Facture 2026/IB/0931' })).toBeTruthy()
    expect(screen.queryByText(/indisponible/i)).toBeNull()
    expect(getsTo(spy, '/receipts/7/e-invoice')).toHaveLength(1)
    cleanup()
    const pdf = receipt({ id: 8 })
    const other = stubReceiptsApi({ receipts: [pdf] })
    renderPage(<ReceiptPreview receipt={pdf} />)
    expect(screen.queryByLabelText('Chargement de la facture électronique')).toBeNull()
    expect(other.spy.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('e-invoice'))).toEqual([])
    expect(screen.queryByRole('article')).toBeNull()
  })
})
