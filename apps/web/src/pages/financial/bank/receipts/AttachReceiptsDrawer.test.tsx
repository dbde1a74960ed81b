import { messages, RECEIPT_STATE_IDS, type TransactionDto } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../../components/test-utils'
import { invoiceListItem } from '../../../../test-support/documentFixtures'
import {
  bodiesSent,
  receipt,
  receiptLink,
  stubTransactionApi,
  transaction,
} from '../../../../test-support/fakeTransactionApi'
import { AttachReceiptsDrawer } from './AttachReceiptsDrawer'

const r = messages.receipts

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

/** The receipts of the organisation: the newest first; only the oldest is of the transaction's 120,00 €. */
const recent = receipt({
  id: 503,
  name: 'ticket-sncf.jpg',
  extension: 'jpg',
  mimeType: 'image/jpeg',
  reference: null,
  contact: { id: 11, name: 'SNCF' },
  datedAt: '2026-03-20',
  taxIncluded: '48.50',
})
const older = receipt({
  id: 502,
  name: 'note-restaurant.pdf',
  contact: null,
  reference: null,
  datedAt: '2026-03-15',
  taxIncluded: '36.00',
})
const exact = receipt({ id: 501 })
/** Not validated yet: found only by a search. */
const pending = receipt({
  id: 504,
  name: 'facture-orange.pdf',
  stateId: RECEIPT_STATE_IDS.PENDING,
  contact: null,
  reference: null,
  datedAt: null,
  taxIncluded: null,
})
const library = [pending, recent, older, exact]

const TITLE = 'Ajouter un justificatif'
const RECEIPTS_TAB = "Factures d'achat et notes de frais"

const open = (subject: TransactionDto) =>
  renderPage(<AttachReceiptsDrawer transaction={subject} opened onClose={() => {}} />)
const drawer = async () => within(await screen.findByRole('dialog', { name: TITLE }))
type Scope = Awaited<ReturnType<typeof drawer>>
const attachButton = (panel: Scope) => panel.getByRole('button', { name: /^Associer/ }) as HTMLButtonElement
const rowNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((item) => item.getAttribute('aria-label'))
/** The list of the receipts tab, once loaded. */
const receiptChoices = async (panel: Scope) =>
  ((await panel.findAllByRole('checkbox', { name: /^Choisir / }))[0] as HTMLElement).closest('ul') as HTMLElement
const queriesOf = (spy: ReturnType<typeof stubTransactionApi>, path: string) =>
  spy.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method }) => method === 'GET' && url.pathname === `/api/v1${path}`)
    .map(({ url }) => url.searchParams)

/** The files chosen in the Importer tab, as the file picker gives them. */
async function drop(panel: Scope, ...files: File[]) {
  fireEvent.click(panel.getByRole('tab', { name: 'Importer' }))
  fireEvent.change(panel.getByLabelText('Choisir des justificatifs'), { target: { files } })
}
const pdf = (name: string) =>
  new File(['%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'], name, { type: 'application/pdf' })
const uploads = (spy: ReturnType<typeof stubTransactionApi>) =>
  spy.mock.calls
    .filter(
      ([input, init]) =>
        init?.method === 'POST' && new URL(String(input), 'http://localhost').pathname === '/api/v1/receipts',
    )
    .map(([, init]) => init?.body as FormData)

/** The names of the files a multipart request sent as `document`. */
const documentNames = (form: FormData | undefined) =>
  (form?.getAll('document') ?? []).map((part) => (part as File).name)

describe('AttachReceiptsDrawer', () => {
  it('opens on what is attached when the transaction has a receipt or an invoice', async () => {
    const withReceipt = transaction({ receipts: [receiptLink(exact)] })
    stubTransactionApi(withReceipt, { receipts: library })
    open(withReceipt)
    const panel = await drawer()
    expect(panel.getByRole('tab', { name: 'Associés (1)', selected: true })).toBeTruthy()
    const attached = within(panel.getByRole('list', { name: 'Justificatifs associés' }))
    expect(attached.getByText('facture-bureau-vallee.pdf')).toBeTruthy()
    expect(attached.getByText('120,00 €')).toBeTruthy()
    cleanup()

    const withInvoice = transaction({
      amount: '1200.00',
      invoices: [
        {
          id: 3,
          reference: 'F-2026-0003',
          name: 'Site vitrine',
          customerName: 'Boulangerie Rivière',
          datedAt: '2026-03-01',
          totalTaxIncluded: '1200.00',
          amount: '1200.00',
        },
      ],
    })
    stubTransactionApi(withInvoice)
    open(withInvoice)
    const second = await drawer()
    expect(second.getByRole('tab', { name: 'Associés (1)', selected: true })).toBeTruthy()
    expect(second.getByRole('button', { name: 'Détacher F-2026-0003' })).toBeTruthy()
  })

  it('opens on the receipts for money going out, on the sales invoices for money coming in', async () => {
    stubTransactionApi(transaction(), { receipts: library })
    open(transaction())
    expect((await drawer()).getByRole('tab', { name: RECEIPTS_TAB, selected: true })).toBeTruthy()
    cleanup()

    const income = transaction({ amount: '1200.00' })
    stubTransactionApi(income, {
      routes: [
        {
          path: '/invoices',
          body: {
            data: [invoiceListItem({ id: 14, reference: 'F-2026-014', amount: '1200.00', datedAt: '2026-02-27' })],
            meta: { total: 1, page: 1, pageSize: 100 },
          },
        },
      ],
    })
    open(income)
    const panel = await drawer()
    expect(panel.getByRole('tab', { name: 'Factures de vente', selected: true })).toBeTruthy()
    // The sales invoices of the attach-invoice drawer, to tick and attach.
    const choice = await panel.findByRole('checkbox', { name: 'Choisir F-2026-014' })
    expect(attachButton(panel).disabled).toBe(true)
    fireEvent.click(choice)
    expect(attachButton(panel).disabled).toBe(false)
  })

  it('offers the receipts to associate, those of the same amount first; Associer waits for a choice', async () => {
    const spy = stubTransactionApi(transaction(), { receipts: library })
    open(transaction())
    const panel = await drawer()
    const list = await receiptChoices(panel)
    expect(rowNames(list)).toEqual(['facture-bureau-vallee.pdf', 'ticket-sncf.jpg', 'note-restaurant.pdf'])
    const first = within(within(list).getByRole('listitem', { name: 'facture-bureau-vallee.pdf' }))
    expect(first.getByText('Même montant')).toBeTruthy()
    expect(first.getByText('Bureau Vallée · 12/03/2026 · BV-2026-0312')).toBeTruthy()
    expect(first.getByText('120,00 €')).toBeTruthy()
    expect(
      within(within(list).getByRole('listitem', { name: 'ticket-sncf.jpg' })).queryByText('Même montant'),
    ).toBeNull()
    // Only the validated receipts attached to nothing; those of the amount asked for apart.
    const queries = queriesOf(spy, '/receipts')
    expect(queries.every((query) => query.get('filter[toAssociate]') === 'true')).toBe(true)
    expect(queries.every((query) => query.get('pageSize') === '100')).toBe(true)
    expect(queries.some((query) => query.get('filter[amountMin]') === '120')).toBe(true)

    expect(attachButton(panel).disabled).toBe(true)
    fireEvent.click(panel.getByRole('checkbox', { name: 'Choisir ticket-sncf.jpg' }))
    expect(attachButton(panel).disabled).toBe(false)
    fireEvent.click(panel.getByRole('checkbox', { name: 'Choisir ticket-sncf.jpg' }))
    expect(attachButton(panel).disabled).toBe(true)
  })

  it('attaches every receipt ticked, says so and shows them attached', async () => {
    const spy = stubTransactionApi(transaction({ hasNoReceipt: true }), { receipts: library })
    open(transaction({ hasNoReceipt: true }))
    const panel = await drawer()
    await receiptChoices(panel)
    fireEvent.click(panel.getByRole('checkbox', { name: 'Choisir facture-bureau-vallee.pdf' }))
    fireEvent.click(panel.getByRole('checkbox', { name: 'Choisir note-restaurant.pdf' }))
    fireEvent.click(panel.getByRole('button', { name: 'Associer les 2 justificatifs' }))

    expect(await screen.findByText(r.attached)).toBeTruthy()
    expect(r.attached).toBe('Justificatif associé avec succès !')
    expect(bodiesSent(spy, 'POST', '/transactions/7/receipts')).toEqual([{ receipts: [501, 502] }])
    expect(panel.getByRole('tab', { name: 'Associés (2)', selected: true })).toBeTruthy()
    expect(rowNames(panel.getByRole('list', { name: 'Justificatifs associés' }))).toEqual([
      'facture-bureau-vallee.pdf',
      'note-restaurant.pdf',
    ])
    // No longer offered.
    fireEvent.click(panel.getByRole('tab', { name: RECEIPTS_TAB }))
    await waitFor(() =>
      expect(rowNames(panel.getByRole('tabpanel', { name: RECEIPTS_TAB }))).toEqual(['ticket-sncf.jpg']),
    )
  })

  it('shows the server’s refusal and keeps the choice', async () => {
    stubTransactionApi(transaction(), {
      receipts: library,
      routes: [
        {
          method: 'POST',
          path: '/transactions/7/receipts',
          status: 500,
          body: { message: 'Le serveur ne répond pas.', code: 'INTERNAL' },
        },
      ],
    })
    open(transaction())
    const panel = await drawer()
    await receiptChoices(panel)
    fireEvent.click(panel.getByRole('checkbox', { name: 'Choisir ticket-sncf.jpg' }))
    fireEvent.click(attachButton(panel))
    expect(await screen.findByText('Le serveur ne répond pas.')).toBeTruthy()
    expect(panel.getByRole('checkbox', { name: 'Choisir ticket-sncf.jpg' })).toHaveProperty('checked', true)
    expect(panel.getByRole('tab', { name: RECEIPTS_TAB, selected: true })).toBeTruthy()
  })

  it('finds any receipt by a search, one still to process too', async () => {
    const spy = stubTransactionApi(transaction(), { receipts: library })
    open(transaction())
    const panel = await drawer()
    await receiptChoices(panel)
    fireEvent.change(panel.getByRole('textbox', { name: 'Rechercher un justificatif' }), {
      target: { value: 'orange' },
    })
    const row = within(await panel.findByRole('listitem', { name: 'facture-orange.pdf' }))
    expect(row.getByText('À traiter')).toBeTruthy()
    expect(rowNames(panel.getByRole('tabpanel', { name: RECEIPTS_TAB }))).toEqual(['facture-orange.pdf'])
    const searched = queriesOf(spy, '/receipts').filter((query) => query.get('filter[search]') === 'orange')
    expect(searched.length).toBeGreaterThan(0)
    expect(searched.every((query) => !query.has('filter[toAssociate]'))).toBe(true)

    fireEvent.change(panel.getByRole('textbox', { name: 'Rechercher un justificatif' }), { target: { value: 'zzz' } })
    expect(await panel.findByText('Aucun résultat')).toBeTruthy()
  })

  it('says when there is nothing to associate and leads to the import', async () => {
    stubTransactionApi(transaction(), { receipts: [pending] })
    open(transaction())
    const panel = await drawer()
    expect(await panel.findByText('Aucun justificatif à associer')).toBeTruthy()
    fireEvent.click(panel.getByRole('button', { name: 'Importer un justificatif' }))
    expect(panel.getByRole('tab', { name: 'Importer', selected: true })).toBeTruthy()
  })

  it('says so when no receipt was ever imported', async () => {
    stubTransactionApi(transaction(), { receipts: [] })
    open(transaction())
    const panel = await drawer()
    expect(await panel.findByText('Tu n’as importé aucun reçu')).toBeTruthy()
  })

  it('detaches a receipt from the attached tab, down to the empty state', async () => {
    const subject = transaction({ receipts: [receiptLink(exact)] })
    const spy = stubTransactionApi(subject, { receipts: library })
    open(subject)
    const panel = await drawer()
    fireEvent.click(panel.getByRole('button', { name: 'Dissocier facture-bureau-vallee.pdf' }))
    expect(await screen.findByText(r.detached)).toBeTruthy()
    expect(await panel.findByText('Tu n’as rattaché aucun justificatif')).toBeTruthy()
    expect(bodiesSent(spy, 'DELETE', '/transactions/7/receipts/501')).toHaveLength(1)
    // The attached tab has no attach button.
    expect(panel.queryByRole('button', { name: /^Associer/ })).toBeNull()
  })

  it('uploads the files chosen with the transaction’s id, and shows them attached', async () => {
    const spy = stubTransactionApi(transaction(), { receipts: library })
    open(transaction())
    const panel = await drawer()
    await drop(panel, pdf('facture-free.pdf'), pdf('ticket-parking.pdf'))

    expect(await screen.findByText(r.attached)).toBeTruthy()
    const [form] = uploads(spy)
    expect(uploads(spy)).toHaveLength(1)
    expect(form?.get('transactionId')).toBe('7')
    expect(form?.get('origin')).toBe('transaction')
    expect(documentNames(form)).toEqual(['facture-free.pdf', 'ticket-parking.pdf'])
    expect(panel.getByRole('tab', { name: 'Associés (2)', selected: true })).toBeTruthy()
    const attached = within(panel.getByRole('list', { name: 'Justificatifs associés' }))
    expect(attached.getByText('facture-free.pdf')).toBeTruthy()
    // Uploaded, not processed yet.
    expect(attached.getAllByText('À traiter')).toHaveLength(2)
  })

  it('refuses in the browser a file of another format, and more than 10 files, sending nothing', async () => {
    const spy = stubTransactionApi(transaction(), { receipts: library })
    open(transaction())
    const panel = await drawer()
    await drop(panel, new File(['PK'], 'devis.docx', { type: 'application/msword' }))
    expect(await screen.findByText(r.uploadFailed('devis.docx'))).toBeTruthy()
    expect(
      screen.getByText("Le fichier n°1 n'est pas valide ! (Formats acceptés: png, jpg, jpeg, pdf, xml)"),
    ).toBeTruthy()

    await drop(panel, ...Array.from({ length: 11 }, (_, index) => pdf(`scan-${index + 1}.pdf`)))
    expect(await screen.findByText(messages.files.tooMany(10))).toBeTruthy()
    expect(messages.files.tooMany(10)).toBe('Tu ne peux pas transférer plus de 10 fichiers à la fois')
    expect(uploads(spy)).toHaveLength(0)
  })

  it('sends the good files of a drop with a bad one, which gets its own toast', async () => {
    const spy = stubTransactionApi(transaction(), { receipts: library })
    open(transaction())
    const panel = await drawer()
    const big = new File(['x'], 'photo.png', { type: 'image/png' })
    Object.defineProperty(big, 'size', { value: 5_000_001 })
    await drop(panel, pdf('facture.pdf'), big)
    expect(await screen.findByText(r.uploadFailed('photo.png'))).toBeTruthy()
    expect(screen.getByText('Ton fichier n°2 est trop volumineux ! (Taille max: 5 Mo)')).toBeTruthy()
    expect(await screen.findByText(r.attached)).toBeTruthy()
    expect(documentNames(uploads(spy)[0])).toEqual(['facture.pdf'])
  })

  it('names the file the server refused, with its reason', async () => {
    const spy = stubTransactionApi(transaction(), { receipts: library })
    open(transaction())
    const panel = await drawer()
    // A PDF by its name and type, not by its bytes.
    const fake = new File(['MZ\u0090 pas un PDF'], 'scan.pdf', { type: 'application/pdf' })
    await drop(panel, pdf('facture.pdf'), fake)
    expect(await screen.findByText(r.uploadFailed('scan.pdf'))).toBeTruthy()
    expect(
      screen.getByText("Le fichier n°2 n'est pas valide ! (Formats acceptés: png, jpg, jpeg, pdf, xml)"),
    ).toBeTruthy()
    expect(uploads(spy)).toHaveLength(1)
    // Nothing attached: the request was refused whole.
    expect(panel.getByRole('tab', { name: 'Importer', selected: true })).toBeTruthy()
    expect(panel.getByRole('tab', { name: 'Associés' })).toBeTruthy()
  })
})
