import { messages, RECEIPT_FORMATS, RECEIPT_STATE_IDS, type ReceiptDto } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { PdfLoader } from '../../../components/pdf/loader'
import { PdfLoaderContext } from '../../../components/pdf/loader'
import { renderPage, whereIs } from '../../../components/test-utils'
import { bodiesSent, fakePdfFile, getsTo, pdfFile, pngFile, receipt, stubReceiptsApi } from './fakeReceiptsApi'
import { ReceiptsPage } from './ReceiptsPage'

const m = messages.receipts

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const orange = receipt({
  id: 1,
  name: 'facture-orange.pdf',
  createdAt: '2026-03-20T10:00:00Z',
})
const lunch = receipt({
  id: 2,
  name: 'ticket-repas.jpeg',
  mimeType: 'image/jpeg',
  extension: 'jpeg',
  stateId: RECEIPT_STATE_IDS.VALIDATED,
  contactId: 32,
  contact: { id: 32, name: 'Papeterie Dupuis' },
  datedAt: '2026-03-02',
  taxExcluded: '10.00',
  taxIncluded: '12.00',
  createdAt: '2026-03-03T10:00:00Z',
})
const attached = receipt({
  id: 3,
  name: 'loyer-fevrier.pdf',
  stateId: RECEIPT_STATE_IDS.VALIDATED,
  taxIncluded: '800.00',
  datedAt: '2026-02-01',
  transactions: [{ id: 9, name: 'Loyer', datedAt: '2026-02-01', amount: '-800.00', journalId: 1 }],
  createdAt: '2026-02-05T10:00:00Z',
})
const unreadable = receipt({
  id: 4,
  name: 'scan-flou.png',
  mimeType: 'image/png',
  extension: 'png',
  stateId: RECEIPT_STATE_IDS.FAILED,
  failure: 'Le fichier est illisible.',
  createdAt: '2026-02-01T10:00:00Z',
})
const all = [orange, lunch, attached, unreadable]

const item = (name: string) => within(screen.getByRole('button', { name }).closest('li') as HTMLElement)
const section = (label: string) => screen.getByRole('region', { name: label })
const lastListQuery = (spy: ReturnType<typeof stubReceiptsApi>['spy']) => getsTo(spy, '/receipts').at(-1)?.searchParams
const fileInput = () => screen.getByLabelText('Choisir des justificatifs')
const drop = (...files: File[]) => fireEvent.change(fileInput(), { target: { files } })
/** A toast, by its text (the upload's toasts come after a request: a loaded machine takes longer). */
const toast = (text: string) => screen.findByText(text, {}, { timeout: 3000 })
/** The drop zone takes files again once the last upload is over (it is disabled while one is under way). */
const uploadOver = () => waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 3000 })

describe('ReceiptsPage', () => {
  it('lists the receipts by month of import, each with its supplier, date, amount and badge', async () => {
    stubReceiptsApi({ receipts: all })
    renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts' })
    expect(await screen.findByRole('button', { name: 'facture-orange.pdf' })).toBeTruthy()
    expect(screen.getByRole('heading', { name: m.title })).toBeTruthy()
    expect(screen.getByRole('tab', { name: m.tabAll, selected: true })).toBeTruthy()

    // Newest month first, the server's order kept inside each.
    expect(
      screen
        .getAllByRole('region')
        .map((region) => region.getAttribute('aria-label'))
        .filter(Boolean),
    ).toEqual(['Mars 2026', 'Février 2026'])
    const march = within(section('Mars 2026'))
    expect(march.getAllByRole('listitem').map((li) => within(li).getAllByRole('button')[0]?.textContent)).toEqual([
      expect.stringContaining('facture-orange.pdf'),
      expect.stringContaining('ticket-repas.jpeg'),
    ])
    expect(within(section('Février 2026')).getByRole('button', { name: 'loyer-fevrier.pdf' })).toBeTruthy()

    expect(item('facture-orange.pdf').getByText(m.badgeToProcess)).toBeTruthy()
    expect(item('ticket-repas.jpeg').getByText(m.badgeToAssociate)).toBeTruthy()
    expect(item('ticket-repas.jpeg').getByText('Papeterie Dupuis · 02/03/2026')).toBeTruthy()
    expect(item('ticket-repas.jpeg').getByText('12,00 €')).toBeTruthy()
    expect(item('loyer-fevrier.pdf').getByText(m.badgeAssociated)).toBeTruthy()

    // A failed reading: the badge in red, and why.
    const failed = item('scan-flou.png')
    const badge = failed.getByText(m.badgeToProcess).closest('[data-badge]') as HTMLElement
    expect(badge.dataset.failed).toBe('true')
    expect(badge.getAttribute('data-variant')).toBe('filled')
    expect(failed.getByText('Le fichier est illisible.')).toBeTruthy()
    const pending = item('facture-orange.pdf').getByText(m.badgeToProcess).closest('[data-badge]') as HTMLElement
    expect(pending.dataset.failed).toBeUndefined()

    // The editor is offered until the receipt is validated.
    expect(item('facture-orange.pdf').getByRole('link', { name: 'Traiter facture-orange.pdf' })).toBeTruthy()
    expect(item('facture-orange.pdf').getByRole('link').getAttribute('href')).toBe('/app/purchase/receipts/1')
    expect(item('scan-flou.png').queryByRole('link', { name: /^Traiter/ })).toBeTruthy()
    expect(item('ticket-repas.jpeg').queryByRole('link', { name: /^Traiter/ })).toBeNull()
    expect(item('loyer-fevrier.pdf').queryByRole('link', { name: /^Traiter/ })).toBeNull()
  })

  it('names the supplier read on a receipt with no contact yet, and says which photos are still being read', async () => {
    const { receipts } = stubReceiptsApi({
      receipts: [
        receipt({ ...orange, supplierName: 'ORANGE SA', datedAt: '2026-03-15' }),
        receipt({
          id: 5,
          name: 'IMG_2041.jpg',
          mimeType: 'image/jpeg',
          reading: true,
          createdAt: '2026-03-21T10:00:00Z',
        }),
      ],
    })
    renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts' })
    expect(await screen.findByRole('button', { name: 'facture-orange.pdf' })).toBeTruthy()
    expect(item('facture-orange.pdf').getByText('ORANGE SA · 15/03/2026')).toBeTruthy()
    expect(item('IMG_2041.jpg').getByText(m.reading)).toBeTruthy()
    // Asked again while a photo is being read, until its fields are in.
    receipts[1] = receipt({ ...(receipts[1] as ReceiptDto), reading: false, supplierName: 'BOULANGERIE DUPONT SARL' })
    expect(await item('IMG_2041.jpg').findByText('BOULANGERIE DUPONT SARL', {}, { timeout: 6000 })).toBeTruthy()
  })

  it('puts the tab in the URL and asks the server for it; each tab has its own empty text', async () => {
    const { spy } = stubReceiptsApi({ receipts: [lunch] })
    const { router } = renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts' })
    await screen.findByRole('button', { name: 'ticket-repas.jpeg' })
    expect(lastListQuery(spy)?.get('filter[toValidate]')).toBeNull()
    expect(lastListQuery(spy)?.get('filter[toAssociate]')).toBeNull()

    fireEvent.click(screen.getByRole('tab', { name: m.tabToProcess }))
    expect(await screen.findByText(m.empty('à traiter'))).toBeTruthy()
    expect(m.empty('à traiter')).toBe('Aucun justificatif à traiter')
    expect(whereIs(router)).toBe('/app/purchase/receipts?state=to-process')
    expect(lastListQuery(spy)?.get('filter[toValidate]')).toBe('true')
    expect(lastListQuery(spy)?.get('filter[toAssociate]')).toBeNull()

    fireEvent.click(screen.getByRole('tab', { name: m.tabToAssociate }))
    expect(await screen.findByRole('button', { name: 'ticket-repas.jpeg' })).toBeTruthy()
    expect(whereIs(router)).toBe('/app/purchase/receipts?state=to-associate')
    expect(lastListQuery(spy)?.get('filter[toAssociate]')).toBe('true')
    expect(lastListQuery(spy)?.get('filter[toValidate]')).toBeNull()

    fireEvent.click(screen.getByRole('tab', { name: m.tabAll }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/receipts'))
    await waitFor(() => expect(lastListQuery(spy)?.get('filter[toAssociate]')).toBeNull())
  })

  it('says "Tu n’as importé aucun justificatif" when there is none at all', async () => {
    stubReceiptsApi({ receipts: [] })
    renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts' })
    expect(await screen.findByText('Tu n’as importé aucun justificatif')).toBeTruthy()
  })

  it('filters by dates and amounts from the URL and from the drawer, keeping the tab', async () => {
    const { spy } = stubReceiptsApi({ receipts: [orange] })
    const { router } = renderPage(<ReceiptsPage />, {
      route: '/app/purchase/receipts?state=to-process&datedAfter=2026-03-01&datedBefore=2026-03-31',
    })
    await screen.findByRole('button', { name: 'facture-orange.pdf' })
    let query = lastListQuery(spy)
    expect(query?.get('filter[toValidate]')).toBe('true')
    expect(query?.get('filter[datedAfter]')).toBe('2026-03-01')
    expect(query?.get('filter[datedBefore]')).toBe('2026-03-31')

    fireEvent.click(screen.getByRole('button', { name: 'Filtres (2 actifs)' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Filtres' }))
    expect((drawer.getByRole('textbox', { name: 'Du' }) as HTMLInputElement).value).toBe('01/03/2026')
    const min = drawer.getByRole('textbox', { name: 'Montant minimum' })
    fireEvent.change(min, { target: { value: '10,5' } })
    fireEvent.blur(min)
    fireEvent.change(drawer.getByRole('textbox', { name: 'Montant maximum' }), { target: { value: '0' } })
    fireEvent.click(drawer.getByRole('button', { name: 'Appliquer' }))

    await waitFor(() => expect(lastListQuery(spy)?.get('filter[amountMin]')).toBe('10.5'))
    query = lastListQuery(spy)
    expect(query?.get('filter[amountMax]')).toBe('0')
    expect(query?.get('filter[toValidate]')).toBe('true')
    expect(new URLSearchParams(router.state.location.search).get('state')).toBe('to-process')

    // The drawer's reset clears its fields only: the tab stays.
    fireEvent.click(screen.getByRole('button', { name: 'Filtres (4 actifs)' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Filtres' })).getByRole('button', { name: 'Réinitialiser' }),
    )
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/receipts?state=to-process'))
  })

  it('refuses in the browser a file of another format, a file too large, and more than 5 files at once', async () => {
    const { uploads } = stubReceiptsApi({ receipts: [orange] })
    renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts' })
    await screen.findByRole('button', { name: 'facture-orange.pdf' })

    drop(new File(['a;b'], 'releve.csv', { type: 'text/csv' }))
    expect(await toast(m.uploadFailed('releve.csv'))).toBeTruthy()
    expect(screen.getByText(messages.files.invalidFormat(1, RECEIPT_FORMATS))).toBeTruthy()

    const big = pdfFile('gros-scan.pdf')
    Object.defineProperty(big, 'size', { value: 5_000_001 })
    drop(pdfFile('petit.pdf'), big)
    expect(await toast(m.uploadFailed('gros-scan.pdf'))).toBeTruthy()
    expect(screen.getByText('Ton fichier n°2 est trop volumineux ! (Taille max: 5 Mo)')).toBeTruthy()
    // The other one went up alone.
    await waitFor(() => expect(uploads).toHaveLength(1))
    expect(uploads[0]?.body.getAll('document').map((file) => (file as File).name)).toEqual(['petit.pdf'])
    expect(await toast(m.uploaded(1))).toBeTruthy()

    await uploadOver()
    drop(...Array.from({ length: 6 }, (_, index) => pdfFile(`scan-${index + 1}.pdf`)))
    expect(await toast(messages.files.tooMany(5))).toBeTruthy()
    expect(messages.files.tooMany(5)).toBe('Tu ne peux pas transférer plus de 5 fichiers à la fois')
    expect(uploads).toHaveLength(1)
  })

  it('sends dropped files in one request, says how many were added and shows them', async () => {
    const { uploads, spy } = stubReceiptsApi({ receipts: [orange] })
    renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts' })
    await screen.findByRole('button', { name: 'facture-orange.pdf' })
    const listReads = getsTo(spy, '/receipts').length

    drop(pdfFile('facture-edf.pdf'), pngFile('ticket-taxi.png'))
    expect(await toast(m.uploaded(2))).toBeTruthy()
    expect(m.uploaded(2)).toBe('2 justificatifs ajoutés.')
    expect(uploads).toHaveLength(1)
    expect(uploads[0]?.path).toBe('/receipts')
    expect(uploads[0]?.headers['X-Requested-With']).toBe('fetch')
    expect(uploads[0]?.body.getAll('document').map((file) => (file as File).name)).toEqual([
      'facture-edf.pdf',
      'ticket-taxi.png',
    ])
    expect(await screen.findByRole('button', { name: 'ticket-taxi.png' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'facture-edf.pdf' })).toBeTruthy()
    expect(getsTo(spy, '/receipts').length).toBeGreaterThan(listReads)
    expect(screen.getByRole('region', { name: 'Avril 2026' })).toBeTruthy()
  })

  it("names the file the server refused and gives the server's reason", async () => {
    const { receipts } = stubReceiptsApi({ receipts: [orange] })
    renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts' })
    await screen.findByRole('button', { name: 'facture-orange.pdf' })

    drop(pdfFile('vraie.pdf'), fakePdfFile('faux.pdf'))
    expect(await toast(m.uploadFailed('faux.pdf'))).toBeTruthy()
    expect(screen.getByText(messages.files.invalidFormat(2, RECEIPT_FORMATS))).toBeTruthy()
    expect(screen.queryByText(m.uploaded(1))).toBeNull()
    expect(receipts).toHaveLength(1)
  })

  it('opens the "Nouveau justificatif" file picker', async () => {
    stubReceiptsApi({ receipts: [orange] })
    renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts' })
    await screen.findByRole('button', { name: 'facture-orange.pdf' })
    const click = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {})
    fireEvent.click(screen.getByRole('button', { name: m.newReceipt }))
    expect(click.mock.instances).toContain(fileInput())
  })

  it('deletes a receipt once confirmed', async () => {
    const { spy } = stubReceiptsApi({ receipts: [orange, lunch] })
    renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts' })
    await screen.findByRole('button', { name: 'facture-orange.pdf' })

    fireEvent.click(screen.getByRole('button', { name: 'Actions pour facture-orange.pdf' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }))
    const dialog = within(await screen.findByRole('dialog', { name: m.deleteConfirm }))
    expect(dialog.getByText(messages.generic.irreversible)).toBeTruthy()
    // "Annuler" keeps it.
    fireEvent.click(dialog.getByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: m.deleteConfirm })).toBeNull())
    expect(bodiesSent(spy, 'DELETE', '/receipts/1')).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Actions pour facture-orange.pdf' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: m.deleteConfirm })).getByRole('button', { name: 'Supprimer' }),
    )
    expect(await toast(m.deleted)).toBeTruthy()
    expect(bodiesSent(spy, 'DELETE', '/receipts/1')).toHaveLength(1)
    await waitFor(() => expect(screen.queryByRole('button', { name: 'facture-orange.pdf' })).toBeNull())
    expect(screen.getByRole('button', { name: 'ticket-repas.jpeg' })).toBeTruthy()
  })

  describe('files', () => {
    const saved: { href: string; download: string }[] = []
    beforeEach(() => {
      saved.length = 0
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, download: this.download })
      })
      URL.createObjectURL = vi.fn(() => 'blob:justificatif')
      URL.revokeObjectURL = vi.fn()
    })

    it('downloads the file under its name with the extension of its type', async () => {
      const { spy } = stubReceiptsApi({ receipts: [orange, lunch] })
      renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts' })
      await screen.findByRole('button', { name: 'facture-orange.pdf' })

      fireEvent.click(screen.getByRole('button', { name: 'Actions pour ticket-repas.jpeg' }))
      fireEvent.click(await screen.findByRole('menuitem', { name: 'Télécharger' }))
      await waitFor(() => expect(saved).toEqual([{ href: 'blob:justificatif', download: 'ticket-repas.jpg' }]))
      expect(getsTo(spy, '/receipts/2/download')).toHaveLength(1)
    })

    it("previews an image in the drawer the row's name opens, and a PDF with the PDF preview", async () => {
      stubReceiptsApi({ receipts: [orange, unreadable] })
      const opened: string[] = []
      const loader: PdfLoader = async (url) => {
        opened.push(url)
        return {
          pageCount: 2,
          renderPage: (_page, _canvas, options) => ({
            promise: Promise.resolve({ width: options.width, height: 100 }),
            cancel: () => {},
          }),
          destroy: () => {},
        }
      }
      const { router } = renderPage(
        <PdfLoaderContext.Provider value={loader}>
          <ReceiptsPage />
        </PdfLoaderContext.Provider>,
        { route: '/app/purchase/receipts' },
      )
      fireEvent.click(await screen.findByRole('button', { name: 'scan-flou.png' }))
      const drawer = within(await screen.findByRole('dialog', { name: 'scan-flou.png' }))
      expect(new URLSearchParams(router.state.location.search).get('open')).toBe('4')
      const image = drawer.getByRole('img', { name: 'Aperçu de scan-flou.png' })
      expect(image.getAttribute('src')).toBe('/api/v1/receipts/4/download')
      expect(drawer.getByText('Le fichier est illisible.')).toBeTruthy()
      expect(drawer.getByRole('link', { name: 'Traiter' }).getAttribute('href')).toBe('/app/purchase/receipts/4')
      fireEvent.click(drawer.getByRole('button', { name: 'Télécharger' }))
      await waitFor(() => expect(saved.map((entry) => entry.download)).toEqual(['scan-flou.png']))
      fireEvent.click(drawer.getByRole('button', { name: 'Fermer' }))
      await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('open')).toBeNull())

      fireEvent.click(screen.getByRole('button', { name: 'facture-orange.pdf' }))
      const pdf = within(await screen.findByRole('dialog', { name: 'facture-orange.pdf' }))
      await waitFor(() => expect(opened).toEqual(['/api/v1/receipts/1/download']))
      expect(await pdf.findByText('Page 1/2')).toBeTruthy()
    })
  })

  it('lands on the drop zone from the quick-create link, and takes the flag out of the URL', async () => {
    stubReceiptsApi({ receipts: [orange] })
    const { router } = renderPage(<ReceiptsPage />, { route: '/app/purchase/receipts?upload=true' })
    await screen.findByRole('button', { name: 'facture-orange.pdf' })
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/receipts'))
    expect(document.activeElement?.contains(fileInput())).toBe(true)
  })
})
