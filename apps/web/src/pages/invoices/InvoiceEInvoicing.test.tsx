import type { DocumentEInvoicingDto, InvoiceDto, LifecycleEventDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Route, renderPage, stubApi } from '../../components/test-utils'
import { invoice, invoiceListItem, line, me } from '../../test-support/documentFixtures'
import { InvoicesPage } from './InvoicesPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const PENDING = { id: 3, code: 'PENDING', name: 'En attente', color: 'yellow' }
const item = invoiceListItem({
  id: 11,
  name: 'Refonte',
  reference: 'F-2026-0001',
  datedAt: '2026-02-10',
  state: PENDING,
  stateId: 3,
  contactId: 3,
  contact: { id: 3, name: 'Atelier Dupont', contactTypeId: 1 },
  amount: '1440.00',
  totalTaxExcluded: '1200.00',
  totalTaxes: '240.00',
  totalTaxIncluded: '1440.00',
})

const event = (over: Partial<LifecycleEventDto>): LifecycleEventDto => ({
  code: 200,
  label: 'Déposée',
  source: 'platform',
  reason: null,
  reasonLabel: null,
  message: null,
  action: null,
  actionLabel: null,
  occurredAt: '2026-02-10T08:00:00Z',
  ...over,
})

const network = (over: Partial<DocumentEInvoicingDto> = {}): DocumentEInvoicingDto => ({
  channel: 'network',
  delivery: 'sent',
  flowId: 'flow-1',
  trackingId: 'F-2026-0001',
  attempts: 1,
  lastError: null,
  status: 200,
  statusLabel: 'Déposée',
  events: [event({})],
  ...over,
})

const detail = (eInvoicing: DocumentEInvoicingDto | null, over: Partial<InvoiceDto> = {}): InvoiceDto =>
  invoice({
    ...item,
    lines: [line(1, 0, { amount: '1200', totalTaxExcluded: '1200.00' })],
    remainingToCredit: '1440.00',
    remainingToPay: '1440.00',
    eInvoicing,
    ...over,
  })

const routes = (body: InvoiceDto, extra: Route[] = []): Route[] => [
  ...extra,
  { path: '/me', body: me({ preferences: { display: { invoices: 'list' }, pageSize: 25 } }) },
  { path: '/invoices', body: { data: [item], meta: { total: 1, page: 1, pageSize: 25 } } },
  { path: '/invoices/summary', body: { data: null } },
  { path: '/invoice-states', body: { data: [PENDING] } },
  { path: '/invoices/11', body: { data: body } },
  { path: '/invoices/11/comments', body: { data: [] } },
]

const openDrawer = () => renderPage(<InvoicesPage />, { route: '/app/sales/invoices?open=11' })
const section = async () => within(await screen.findByRole('region', { name: 'Facture électronique' }))

describe('the e-invoice section of an invoice', () => {
  it('is absent for an invoice that never went through the network', async () => {
    stubApi(routes(detail(null)))
    openDrawer()
    await screen.findByRole('region', { name: 'Paiements' })
    expect(screen.queryByRole('region', { name: 'Facture électronique' })).toBeNull()
  })

  it('says an invoice waits in the outbox, and why it waits after failed attempts', async () => {
    stubApi(routes(detail(network({ delivery: 'queued', attempts: 0, status: null, statusLabel: null, events: [] }))))
    openDrawer()
    const s = await section()
    expect(s.getByText("En file d'attente")).toBeTruthy()
    expect(s.getByText('Sans statut pour le moment')).toBeTruthy()
    expect(s.getByText('Aucun statut reçu pour le moment.')).toBeTruthy()
    cleanup()
    stubApi(
      routes(
        detail(network({ delivery: 'queued', attempts: 3, lastError: 'La plateforme ne répond pas.', events: [] })),
      ),
    )
    openDrawer()
    expect(
      (await section()).getByText(
        "En file d'attente : 3 essais sans réponse (La plateforme ne répond pas.). Carnet réessaie tout seul.",
      ),
    ).toBeTruthy()
  })

  it('says a failed delivery with its error and sends it again on « Renvoyer »', async () => {
    const failed = detail(network({ delivery: 'failed', lastError: 'Schéma invalide (BR-FR-12).', status: null }))
    const spy = stubApi(routes(failed, [{ method: 'POST', path: '/invoices/11/e-invoice', status: 202, body: {} }]))
    openDrawer()
    const s = await section()
    expect(s.getByText('Échec : Schéma invalide (BR-FR-12).')).toBeTruthy()
    fireEvent.click(s.getByRole('button', { name: 'Renvoyer' }))
    expect(await screen.findByText('La facture repart vers ta plateforme agréée.')).toBeTruthy()
    const posts = spy.mock.calls.filter(([, init]) => init?.method === 'POST')
    expect(posts.map(([url]) => String(url))).toEqual(['/api/v1/invoices/11/e-invoice'])
  })

  it('says a customer outside the directory got the invoice by e-mail, without a network status', async () => {
    stubApi(routes(detail(network({ channel: 'email', delivery: 'skipped', status: null, events: [] }))))
    openDrawer()
    const s = await section()
    expect(s.getByText('Envoyée par e-mail : ce client ne reçoit pas encore de factures électroniques')).toBeTruthy()
    expect(s.queryByText('Sans statut pour le moment')).toBeNull()
    expect(s.getByRole('button', { name: 'Envoyer par la plateforme' })).toBeTruthy()
  })

  it('shows the statuses in order, in Paris time, with who sent them, the reason, the message and the action asked', async () => {
    stubApi(
      routes(
        detail(
          network({
            status: 207,
            statusLabel: 'En litige',
            events: [
              event({
                code: 207,
                label: 'En litige',
                source: 'buyer',
                reason: 'QTE_ERR',
                reasonLabel: 'Quantité erronée',
                message: 'Nous avons reçu 8 pièces, pas 10.',
                action: 'CNP',
                actionLabel: 'Émettre un avoir partiel',
                occurredAt: '2026-02-12T16:30:00Z',
              }),
              event({ code: 202, label: 'Reçue par la plateforme', occurredAt: '2026-02-10T08:05:00Z' }),
              event({}),
            ],
          }),
        ),
      ),
    )
    openDrawer()
    const s = await section()
    expect(s.getByText('Transmise à la plateforme')).toBeTruthy()
    const labels = ['Déposée', 'Reçue par la plateforme', 'En litige']
    // The timeline's titles, leaving out the badge that repeats the current status.
    const shown = s.getAllByText(
      (_, element) =>
        element?.tagName === 'SPAN' &&
        !element.closest('.mantine-Badge-root') &&
        labels.includes(element.textContent ?? ''),
    )
    expect(shown.map((element) => element.textContent)).toEqual(labels)
    expect(s.getByText('12/02/2026 à 17:30 · par le client')).toBeTruthy()
    expect(s.getByText('10/02/2026 à 09:00 · par la plateforme')).toBeTruthy()
    expect(s.getByText('Motif : Quantité erronée')).toBeTruthy()
    expect(s.getByText('« Nous avons reçu 8 pièces, pas 10. »')).toBeTruthy()
    expect(s.getByText('Action demandée : Émettre un avoir partiel')).toBeTruthy()
  })

  it('offers the credit note on a refused invoice, with the confirmation of the actions menu', async () => {
    const refused = network({
      status: 210,
      statusLabel: 'Refusée',
      events: [
        event({ code: 210, label: 'Refusée', source: 'buyer', reason: 'DOUBLON', reasonLabel: 'Facture en double' }),
      ],
    })
    const spy = stubApi(
      routes(detail(refused), [
        { method: 'POST', path: '/invoices/11/credit-note', status: 201, body: { data: detail(null, { id: 12 }) } },
      ]),
    )
    openDrawer()
    const s = await section()
    expect(s.getByText('Refusée', { selector: '.mantine-Badge-label' })).toBeTruthy()
    expect(s.getByText(/Ton client a refusé cette facture/)).toBeTruthy()
    expect(s.getByRole('button', { name: 'Créer un avoir partiel' })).toBeTruthy()
    fireEvent.click(s.getByRole('button', { name: 'Créer un avoir total' }))
    const dialog = within(await screen.findByRole('dialog', { name: 'Créer un avoir total ?' }))
    fireEvent.click(dialog.getByRole('button', { name: "Créer l'avoir" }))
    await waitFor(() =>
      expect(
        spy.mock.calls.some(
          ([url, init]) => String(url).endsWith('/credit-note') && init?.body === '{"partial":false}',
        ),
      ).toBe(true),
    )
  })

  it('says a rejected invoice does not count as issued and offers a copy to correct', async () => {
    stubApi(
      routes(
        detail(
          network({
            status: 213,
            statusLabel: 'Rejetée',
            events: [event({ code: 213, label: 'Rejetée', reason: 'REJ_SEMAN', reasonLabel: 'Rejet sémantique' })],
          }),
        ),
      ),
    )
    openDrawer()
    const s = await section()
    expect(s.getByText(/elle ne compte pas comme émise/)).toBeTruthy()
    expect(s.getByText('Motif : Rejet sémantique')).toBeTruthy()
    expect(s.getByRole('button', { name: 'Dupliquer pour corriger' })).toBeTruthy()
  })
})
