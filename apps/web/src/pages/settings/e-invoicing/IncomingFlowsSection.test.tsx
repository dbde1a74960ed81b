import { eInvoicingMessages, incomingFlowMessages } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage } from '../../../components/test-utils'
import { connected, fakeEInvoicingApi, incomingFlow, notConnected } from '../../../test-support/fakeEInvoicingApi'
import { EInvoicingPage } from './EInvoicingPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const open = () => renderPage(<EInvoicingPage />, { route: '/app/setting/e-invoicing' })
const section = async () =>
  within(await screen.findByRole('region', { name: 'Flux reçus de la plateforme' }, { timeout: 3000 }))
const cards = async () => (await section()).findAllByRole('listitem')
const tab = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement
const flowRequests = (spy: ReturnType<typeof fakeEInvoicingApi>) =>
  spy.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/v1/e-invoicing/incoming-flows')

const unreadable = incomingFlow()
const unknownInvoice = incomingFlow({
  id: 2,
  kind: 'status',
  kindLabel: 'Statut de cycle de vie',
  syntax: 'CDAR',
  fileName: 'CDAR-0007.xml',
  lastError: 'Ce statut concerne une facture que Carnet ne connaît pas encore.',
  attempts: 5,
  nextAttemptAt: null,
  receivedAt: '2026-11-27T08:00:00Z',
})
const received = incomingFlow({
  id: 3,
  fileName: 'FA-2026-090.pdf',
  state: 'processed',
  lastError: null,
  attempts: 0,
  nextAttemptAt: null,
  receiptId: 17,
  receivedAt: '2026-11-20T10:00:00Z',
})

describe('the flows received from the platform', () => {
  it('lists the failed flows first, newest first, each with its reason and when it is tried again (Paris time)', async () => {
    const spy = fakeEInvoicingApi({ initial: connected(), flows: [unknownInvoice, unreadable, received] })
    open()
    const [first, second] = await cards()
    expect(tab(/En échec/).checked).toBe(true)
    expect(screen.getByText('En échec (2)')).toBeTruthy()
    const newest = within(first as HTMLElement)
    expect(newest.getByText('Facture fournisseur')).toBeTruthy()
    expect(newest.getByText('FA-2026-118.pdf')).toBeTruthy()
    expect(newest.getByText('Reçu le 28/11/2026 à 22:50')).toBeTruthy()
    expect(newest.getByText('En échec')).toBeTruthy()
    expect(newest.getByText(unreadable.lastError as string)).toBeTruthy()
    expect(newest.getByText('Essayé 2 fois. Prochain essai automatique le 29/11/2026 à 00:20.')).toBeTruthy()
    const older = within(second as HTMLElement)
    expect(older.getByText('Statut de cycle de vie')).toBeTruthy()
    expect(older.getByText(unknownInvoice.lastError as string)).toBeTruthy()
    expect(older.getByText(/Plus d'essai automatique/)).toBeTruthy()
    expect(flowRequests(spy).at(-1)?.searchParams.get('filter[state]')).toBe('failed')
  })

  it('tries a flow again: the button waits for the answer, then the toast and the refreshed list', async () => {
    const spy = fakeEInvoicingApi({ initial: connected(), flows: [unreadable, unknownInvoice] })
    // The platform takes its time: the retry waits until the test lets it through.
    let answer = () => {}
    const platformAnswered = new Promise<void>((resolve) => {
      answer = resolve
    })
    const server = spy.getMockImplementation()
    spy.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/retry')) await platformAnswered
      return (server as NonNullable<typeof server>)(input, init)
    })
    open()
    await cards()
    const button = screen.getByRole('button', { name: 'Réessayer le flux FA-2026-118.pdf' })
    fireEvent.click(button)
    await waitFor(() => expect(button.getAttribute('data-loading')).toBe('true'))
    expect(button.hasAttribute('disabled')).toBe(true)
    expect(
      screen.getByRole('button', { name: 'Réessayer le flux CDAR-0007.xml' }).getAttribute('data-loading'),
    ).toBeNull()
    answer()
    expect(await screen.findByText(incomingFlowMessages.retried)).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('FA-2026-118.pdf')).toBeNull())
    expect(screen.getByText('En échec (1)')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/e-invoicing/incoming-flows/1/retry')).toEqual([undefined])
    fireEvent.click(tab(/Traités/))
    const processed = (await screen.findByText('FA-2026-118.pdf')).closest('li') as HTMLElement
    expect(within(processed).getByText('Traité')).toBeTruthy()
    expect(within(processed).getByRole('link', { name: 'Voir le justificatif' }).getAttribute('href')).toBe(
      '/app/purchase/receipts/42',
    )
  })

  it('says when the flow still cannot be processed, with its new reason', async () => {
    fakeEInvoicingApi({ initial: connected(), flows: [unreadable], retryOutcome: 'stillFailing' })
    open()
    await cards()
    fireEvent.click(screen.getByRole('button', { name: 'Réessayer le flux FA-2026-118.pdf' }))
    expect(await screen.findByText(incomingFlowMessages.stillFailing)).toBeTruthy()
    expect(await screen.findByText('Toujours illisible.')).toBeTruthy()
    expect(screen.getByText(/Essayé 3 fois/)).toBeTruthy()
  })

  it('says in French why a flow cannot be tried again: processed meanwhile, or the platform silent', async () => {
    fakeEInvoicingApi({ initial: connected(), flows: [unreadable], retryOutcome: 'processedMeanwhile' })
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Réessayer le flux FA-2026-118.pdf' }))
    expect(await screen.findByText(incomingFlowMessages.notFailed)).toBeTruthy()
    expect(await screen.findByText('Aucun flux en échec')).toBeTruthy()
    cleanup()
    vi.unstubAllGlobals()
    fakeEInvoicingApi({ initial: connected(), flows: [unreadable], retryOutcome: 'platformSilent' })
    open()
    fireEvent.click(await screen.findByRole('button', { name: 'Réessayer le flux FA-2026-118.pdf' }))
    expect(await screen.findByText(eInvoicingMessages.platformUnreachable)).toBeTruthy()
    expect(screen.getByText('FA-2026-118.pdf')).toBeTruthy()
  })

  it('opens on the processed flows when none failed, a supplier invoice leading to its receipt', async () => {
    const status = {
      ...received,
      id: 4,
      kind: 'status' as const,
      kindLabel: 'Statut de cycle de vie',
      receiptId: null,
      receivedAt: '2026-11-21T10:00:00Z',
    }
    fakeEInvoicingApi({ initial: connected(), flows: [received, status] })
    open()
    const all = await cards()
    expect(tab(/Traités/).checked).toBe(true)
    expect(all).toHaveLength(2)
    const link = within(all[1] as HTMLElement).getByRole('link', { name: 'Voir le justificatif' })
    expect(link.getAttribute('href')).toBe('/app/purchase/receipts/17')
    expect(within(all[0] as HTMLElement).queryByRole('link')).toBeNull()
    expect(screen.queryByRole('button', { name: /Réessayer/ })).toBeNull()
    fireEvent.click(tab(/En échec/))
    expect(await screen.findByText('Aucun flux en échec')).toBeTruthy()
  })

  it('says when nothing came yet, and offers to try again when the list cannot be read', async () => {
    fakeEInvoicingApi({ initial: connected() })
    open()
    expect(await screen.findByText('Aucun flux reçu pour l’instant')).toBeTruthy()
    cleanup()
    vi.unstubAllGlobals()
    fakeEInvoicingApi({ initial: connected(), flowsFail: true })
    open()
    const region = await section()
    expect(await region.findByRole('button', { name: 'Réessayer' })).toBeTruthy()
  })

  it('pages and searches the flows, and is not shown before the platform is connected', async () => {
    const many = Array.from({ length: 30 }, (_, index) =>
      incomingFlow({
        id: 100 + index,
        fileName: `FA-${100 + index}.pdf`,
        receivedAt: `2026-11-01T${10 + (index % 10)}:${String(index).padStart(2, '0')}:00Z`,
      }),
    )
    const spy = fakeEInvoicingApi({ initial: connected(), flows: many })
    open()
    expect(await cards()).toHaveLength(25)
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }))
    await waitFor(async () => expect(await cards()).toHaveLength(5))
    fireEvent.change(screen.getByRole('textbox', { name: 'Chercher un flux' }), { target: { value: 'FA-107' } })
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1))
    expect(flowRequests(spy).at(-1)?.searchParams.get('search')).toBe('FA-107')
    expect(flowRequests(spy).at(-1)?.searchParams.get('page')).toBe('1')
    cleanup()
    vi.unstubAllGlobals()
    const before = fakeEInvoicingApi({ initial: notConnected() })
    open()
    await screen.findByText('Pourquoi relier une plateforme agréée ?')
    expect(screen.queryByText('Flux reçus de la plateforme')).toBeNull()
    expect(flowRequests(before)).toEqual([])
  })
})
