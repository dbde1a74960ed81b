import { eInvoicingMessages, type LifecycleEventDto, type ReceiptEInvoicingDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage, stubApi } from '../../../components/test-utils'
import { receipt } from './fakeReceiptsApi'
import { ReceiptPreviewDrawer } from './ReceiptPreviewDrawer'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const made = (over: Partial<LifecycleEventDto>): LifecycleEventDto => ({
  code: 203,
  label: 'Mise à disposition',
  source: 'platform',
  reason: null,
  reasonLabel: null,
  message: null,
  action: null,
  actionLabel: null,
  occurredAt: '2026-11-20T10:00:00Z',
  ...over,
})

/** A supplier invoice that came through the PA, its file a Factur-X PDF shown as unavailable here (no pdf.js). */
const received = (eInvoicing: ReceiptEInvoicingDto | null) =>
  receipt({ id: 5, name: 'FA-2026-118.xml', mimeType: 'application/xml', extension: 'xml', eInvoicing })

function openDrawer(eInvoicing: ReceiptEInvoicingDto | null) {
  const body = received(eInvoicing)
  const spy = stubApi([
    { path: '/receipts/5', body: { data: body } },
    { method: 'POST', path: '/receipts/5/e-invoice-status', status: 201, body: { data: body } },
  ])
  renderPage(<ReceiptPreviewDrawer receiptId={5} fromList={body} onClose={() => {}} onDownload={() => {}} />)
  return spy
}

const section = async () => within(await screen.findByRole('region', { name: 'Facture électronique reçue' }))
const answers = async () => within((await section()).getByRole('group', { name: 'Réponses au fournisseur' }))

describe('the buyer’s answers to a received e-invoice', () => {
  it('shows nothing of the network for a receipt that did not come through it', async () => {
    openDrawer(null)
    await screen.findByText('FA-2026-118.xml')
    expect(screen.queryByRole('region', { name: 'Facture électronique reçue' })).toBeNull()
  })

  it('offers every answer to an invoice just made available, and shows its statuses', async () => {
    openDrawer({ flowId: 'f-1', status: 203, statusLabel: 'Mise à disposition', events: [made({})] })
    const buttons = (await answers()).getAllByRole('button').map((button) => button.textContent)
    expect(buttons).toEqual([
      'Approuver',
      'Approuver partiellement',
      'Mettre en litige',
      'Suspendre',
      'Refuser',
      'Paiement transmis',
    ])
    expect((await section()).getByText('20/11/2026 à 11:00 · par la plateforme')).toBeTruthy()
  })

  it('offers only the moves forward: after a payment, nothing but a refusal; after a refusal, nothing', async () => {
    openDrawer({ flowId: 'f-1', status: 211, statusLabel: 'Paiement transmis', events: [] })
    expect((await answers()).getAllByRole('button').map((button) => button.textContent)).toEqual(['Refuser'])
    cleanup()
    openDrawer({
      flowId: 'f-1',
      status: 210,
      statusLabel: 'Refusée',
      events: [
        made({ code: 210, label: 'Refusée', source: 'buyer', reason: 'DOUBLON', reasonLabel: 'Facture en double' }),
      ],
    })
    const s = await section()
    expect(s.queryByRole('group', { name: 'Réponses au fournisseur' })).toBeNull()
    expect(s.getByText('par toi', { exact: false })).toBeTruthy()
    expect(s.getByText('Motif : Facture en double')).toBeTruthy()
  })

  it('refuses only with a reason from the list, then sends the code, the reason and the message', async () => {
    const spy = openDrawer({ flowId: 'f-1', status: 204, statusLabel: 'Prise en charge', events: [] })
    fireEvent.click((await answers()).getByRole('button', { name: 'Refuser' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Refuser la facture' }))
    fireEvent.click(dialog.getByRole('button', { name: 'Refuser' }))
    expect(await dialog.findByText(eInvoicingMessages.reasonRequired)).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/receipts/5/e-invoice-status')).toEqual([])
    fireEvent.click(dialog.getByRole('combobox', { name: /Motif/ }))
    fireEvent.click(await screen.findByRole('option', { name: 'Facture en double' }))
    fireEvent.change(dialog.getByLabelText('Message à ton fournisseur (facultatif)'), {
      target: { value: 'Déjà reçue sous FA-2026-117.' },
    })
    fireEvent.click(dialog.getByRole('button', { name: 'Refuser' }))
    expect(await screen.findByText('Statut envoyé à ton fournisseur : Refusée.')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/receipts/5/e-invoice-status')).toEqual([
      { code: 210, reason: 'DOUBLON', message: 'Déjà reçue sous FA-2026-117.' },
    ])
  })

  it('approves without a reason', async () => {
    const spy = openDrawer({ flowId: 'f-1', status: 203, statusLabel: 'Mise à disposition', events: [] })
    fireEvent.click((await answers()).getByRole('button', { name: 'Approuver' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Approuver la facture' }))
    expect(dialog.queryByRole('combobox', { name: /Motif/ })).toBeNull()
    fireEvent.click(dialog.getByRole('button', { name: 'Approuver' }))
    await waitFor(() =>
      expect(bodiesSent(spy, 'POST', '/receipts/5/e-invoice-status')).toEqual([
        { code: 205, reason: null, message: null },
      ]),
    )
  })
})
