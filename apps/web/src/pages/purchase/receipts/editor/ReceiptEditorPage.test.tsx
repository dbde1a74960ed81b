import { formatEuro, messages, RECEIPT_STATE_IDS } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, whereIs } from '../../../../components/test-utils'
import { bodiesSent, receipt, stubReceiptsApi } from '../fakeReceiptsApi'
import { ReceiptEditorPage } from './ReceiptEditorPage'

const m = messages.receipts

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const ticket = receipt({
  id: 1,
  name: 'ticket-taxi.png',
  mimeType: 'image/png',
  extension: 'png',
  createdAt: '2026-03-04T08:15:00Z',
})
const edf = receipt({ id: 2, name: 'facture-edf.pdf' })
const validated = receipt({
  id: 3,
  name: 'loyer.pdf',
  stateId: RECEIPT_STATE_IDS.VALIDATED,
  datedAt: '2026-02-01',
  taxIncluded: '800.00',
})

const textbox = (name: RegExp | string) => screen.getByRole('textbox', { name }) as HTMLInputElement

function type(input: HTMLElement, value: string) {
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

async function pick(name: RegExp | string, option: string) {
  fireEvent.click(screen.getByRole('combobox', { name }))
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

/** Fills what validating needs: the date, the amounts. */
function fillAmountsAndDate({ date = '15/03/2026', ht = '10', ttc = '12,5' } = {}) {
  type(textbox(/^Date d'émission/), date)
  type(textbox('Montant HT'), ht)
  type(textbox(/^Montant TTC/), ttc)
}

const saveAndNext = () => fireEvent.click(screen.getByRole('button', { name: m.saveAndNext }))

/** The error text under a field, by the field's name. */
const errorOf = (input: HTMLElement) => {
  const id = input
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((part) => part.endsWith('-error'))
  return id ? document.getElementById(id)?.textContent : undefined
}

describe('ReceiptEditorPage', () => {
  it("shows the file beside the form, filled from the receipt, with the VAT computed and the import's origin and date", async () => {
    stubReceiptsApi({
      receipts: [
        receipt({
          ...ticket,
          reference: 'F-12',
          contactId: 31,
          contact: { id: 31, name: 'Orange' },
          datedAt: '2026-03-01',
          taxExcluded: '10.00',
          taxIncluded: '12.00',
        }),
      ],
    })
    renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/1' })
    expect(await screen.findByRole('heading', { name: 'ticket-taxi.png' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Aperçu de ticket-taxi.png' }).getAttribute('src')).toBe(
      '/api/v1/receipts/1/download',
    )
    expect(textbox('Référence').value).toBe('F-12')
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Fournisseur' }) as HTMLInputElement).value).toBe('Orange'),
    )
    expect(textbox(/^Date d'émission/).value).toBe('01/03/2026')
    expect(textbox('Montant HT').value).toBe('10,00')
    expect(textbox(/^Montant TTC/).value).toBe('12,00')
    expect(textbox(/^TVA/).value).toBe(formatEuro('2'))
    expect(textbox(/^TVA/).readOnly).toBe(true)
    expect(textbox('Origine').value).toBe('Import depuis les justificatifs')
    expect(textbox('Origine').readOnly).toBe(true)
    expect(textbox("Date d'import").value).toMatch(/^04\/03\/2026 à \d{2}:15$/)
    await waitFor(() =>
      expect((screen.getByRole('combobox', { name: 'Devise' }) as HTMLInputElement).value).toBe('EUR · Euro'),
    )

    // The VAT follows the amounts as they are typed.
    type(textbox(/^Montant TTC/), '15')
    expect(textbox(/^TVA/).value).toBe(formatEuro('5'))
    type(textbox('Montant HT'), '')
    expect(textbox('Montant HT').value).toBe('')
    expect(textbox(/^TVA/).value).toBe('')
  })

  it('says under the fields what validating needs, without asking the server', async () => {
    const { spy } = stubReceiptsApi({ receipts: [ticket] })
    renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/1' })
    await screen.findByRole('heading', { name: 'ticket-taxi.png' })
    saveAndNext()
    await waitFor(() => expect(errorOf(textbox(/^Date d'émission/))).toBe(m.dateRequired))
    expect(errorOf(textbox(/^Montant TTC/))).toBe(m.amountRequired)

    type(textbox('Montant HT'), '20')
    type(textbox(/^Montant TTC/), '12')
    saveAndNext()
    await waitFor(() => expect(errorOf(textbox('Montant HT'))).toBe(m.taxExcludedAboveIncluded))
    expect(bodiesSent(spy, 'PATCH', '/receipts/1')).toHaveLength(0)
  })

  it("puts the server's field errors under their fields, with the generic error toast", async () => {
    const { spy } = stubReceiptsApi({ receipts: [ticket] }, [
      {
        method: 'PATCH',
        path: '/receipts/1',
        status: 422,
        body: {
          message: messages.validation.invalidData,
          code: 'VALIDATION_FAILED',
          errors: { contactId: [messages.validation.choiceInvalid], datedAt: [m.dateRequired] },
        },
      },
    ])
    const { router } = renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/1' })
    await screen.findByRole('heading', { name: 'ticket-taxi.png' })
    await pick('Fournisseur', 'Orange')
    fillAmountsAndDate()
    saveAndNext()
    expect(await screen.findByText(messages.generic.error)).toBeTruthy()
    expect(errorOf(screen.getByRole('combobox', { name: 'Fournisseur' }))).toBe(messages.validation.choiceInvalid)
    expect(errorOf(textbox(/^Date d'émission/))).toBe(m.dateRequired)
    expect(bodiesSent(spy, 'PATCH', '/receipts/1')).toHaveLength(1)
    expect(whereIs(router)).toBe('/app/purchase/receipts/1')
  })

  it('validates the receipt, then opens the next one to process, then goes back to the list when none is left', async () => {
    const { spy, receipts } = stubReceiptsApi({ receipts: [ticket, edf, validated] })
    const { router } = renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/1' })
    await screen.findByRole('heading', { name: 'ticket-taxi.png' })
    type(textbox('Référence'), '  T-2026-03  ')
    type(textbox('Description'), 'Taxi gare de Lyon')
    await pick('Fournisseur', 'Papeterie Dupuis')
    await pick('Devise', 'USD · Dollar américain')
    fillAmountsAndDate()
    expect(textbox(/^TVA/).value).toBe(formatEuro('2.5'))
    saveAndNext()

    expect(await screen.findByText(m.saved)).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/receipts/1')).toEqual([
      {
        reference: 'T-2026-03',
        description: 'Taxi gare de Lyon',
        contactId: 32,
        supplierName: null,
        datedAt: '2026-03-15',
        currencyId: 2,
        taxExcluded: '10.00',
        taxIncluded: '12.50',
        stateId: RECEIPT_STATE_IDS.VALIDATED,
      },
    ])
    expect(receipts[0]?.stateId).toBe(RECEIPT_STATE_IDS.VALIDATED)
    // The next one pending, without asking whether to leave.
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/receipts/2'))
    expect(await screen.findByRole('heading', { name: 'facture-edf.pdf' })).toBeTruthy()
    expect(screen.queryByRole('dialog', { name: messages.generic.leaveGuard })).toBeNull()
    expect(textbox('Référence').value).toBe('')
    const pendingQuery = spy.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/v1/receipts')
    expect(pendingQuery?.searchParams.get('filter[toValidate]')).toBe('true')
    expect(pendingQuery?.searchParams.get('pageSize')).toBe('100')

    fillAmountsAndDate({ ht: '', ttc: '99' })
    saveAndNext()
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/receipts'))
    expect(bodiesSent(spy, 'PATCH', '/receipts/2')[0]).toMatchObject({ taxExcluded: null, taxIncluded: '99.00' })
  })

  it('proposes the supplier read on the receipt while none is chosen, and sends it as corrected with the validation', async () => {
    const read = receipt({ ...ticket, supplierName: 'BOULANGERIE DUPONT SARL' })
    const { spy, receipts, suppliers } = stubReceiptsApi({ receipts: [read] })
    renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/1' })
    await screen.findByRole('heading', { name: 'ticket-taxi.png' })
    const proposed = textbox(m.newSupplier)
    expect(proposed.value).toBe('BOULANGERIE DUPONT SARL')
    expect(screen.getByText(m.newSupplierRead)).toBeTruthy()

    type(textbox(m.newSupplier), 'Boulangerie Dupont')
    expect(screen.getByText(m.newSupplierTyped)).toBeTruthy()
    fillAmountsAndDate()
    saveAndNext()
    expect(await screen.findByText(m.saved)).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/receipts/1')[0]).toMatchObject({
      contactId: null,
      supplierName: 'Boulangerie Dupont',
      stateId: RECEIPT_STATE_IDS.VALIDATED,
    })
    // Made a supplier by the validation.
    expect(receipts[0]?.contact?.name).toBe('Boulangerie Dupont')
    expect(suppliers.map((item) => item.name)).toContain('Boulangerie Dupont')
  })

  it('says while the photo is being read, then fills the form when the reading ends', async () => {
    const { receipts } = stubReceiptsApi({ receipts: [receipt({ ...ticket, reading: true })] })
    renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/1' })
    expect(await screen.findByText(m.reading)).toBeTruthy()
    expect(screen.getByText(m.readingHint)).toBeTruthy()
    expect(textbox(/^Montant TTC/).value).toBe('')
    receipts[0] = receipt({
      ...ticket,
      reading: false,
      supplierName: 'BOULANGERIE DUPONT SARL',
      datedAt: '2026-03-02',
      taxIncluded: '8.80',
    })
    // Asked again every 2 s while it is being read.
    await waitFor(() => expect(textbox(/^Montant TTC/).value).toBe('8,80'), { timeout: 6000 })
    expect(screen.queryByText(m.reading)).toBeNull()
    await waitFor(() => expect(textbox(/^Date d'émission/).value).toBe('02/03/2026'))
    expect(textbox(m.newSupplier).value).toBe('BOULANGERIE DUPONT SARL')
  })

  it('offers no new supplier once one is chosen in the list', async () => {
    stubReceiptsApi({ receipts: [receipt({ ...ticket, supplierName: 'ORANGE SA' })] })
    renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/1' })
    await screen.findByRole('heading', { name: 'ticket-taxi.png' })
    expect(textbox(m.newSupplier).value).toBe('ORANGE SA')
    await pick('Fournisseur', 'Orange')
    expect(screen.queryByRole('textbox', { name: m.newSupplier })).toBeNull()
  })

  it('asks before "Terminer plus tard" leaves what was typed, and goes back to the list', async () => {
    stubReceiptsApi({ receipts: [ticket] })
    const { router } = renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/1' })
    await screen.findByRole('heading', { name: 'ticket-taxi.png' })
    type(textbox('Référence'), 'T-1')
    fireEvent.click(screen.getByRole('button', { name: m.finishLater }))
    const leave = within(await screen.findByRole('dialog', { name: messages.generic.leaveGuard }))
    fireEvent.click(leave.getByRole('button', { name: 'Rester' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: messages.generic.leaveGuard })).toBeNull())
    expect(whereIs(router)).toBe('/app/purchase/receipts/1')

    fireEvent.click(screen.getByRole('button', { name: m.finishLater }))
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: messages.generic.leaveGuard })).getByRole('button', {
        name: 'Quitter la page',
      }),
    )
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/receipts'))
  })

  it('goes back to the list at once when nothing was typed', async () => {
    stubReceiptsApi({ receipts: [ticket] })
    const { router } = renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/1' })
    await screen.findByRole('heading', { name: 'ticket-taxi.png' })
    fireEvent.click(screen.getByRole('button', { name: m.finishLater }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/receipts'))
  })

  it('does not offer a validated receipt for editing', async () => {
    const { spy } = stubReceiptsApi({ receipts: [validated] })
    renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/3' })
    expect(await screen.findByText(m.validatedLocked)).toBeTruthy()
    expect(screen.queryByRole('textbox', { name: 'Référence' })).toBeNull()
    expect(screen.queryByRole('button', { name: m.saveAndNext })).toBeNull()
    expect(screen.getByRole('link', { name: 'Retour aux justificatifs' }).getAttribute('href')).toBe(
      '/app/purchase/receipts',
    )
    expect(bodiesSent(spy, 'PATCH', '/receipts/3')).toHaveLength(0)
  })

  it('says when the receipt does not exist', async () => {
    stubReceiptsApi({ receipts: [] })
    renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/42' })
    expect(await screen.findByText(messages.http.notFound)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Retour aux justificatifs' })).toBeTruthy()
  })

  it('says so when the receipt was validated meanwhile (409)', async () => {
    stubReceiptsApi({ receipts: [ticket] }, [
      {
        method: 'PATCH',
        path: '/receipts/1',
        status: 409,
        body: { message: m.validatedLocked, code: 'RECEIPT_VALIDATED' },
      },
    ])
    const { router } = renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/1' })
    await screen.findByRole('heading', { name: 'ticket-taxi.png' })
    fillAmountsAndDate()
    saveAndNext()
    expect(await screen.findByText(m.validatedLocked)).toBeTruthy()
    expect(whereIs(router)).toBe('/app/purchase/receipts/1')
  })

  it('keeps a private note on the receipt, saved by itself after a pause', async () => {
    const { spy } = stubReceiptsApi({ receipts: [ticket] })
    renderPage(<ReceiptEditorPage />, { route: '/app/purchase/receipts/1' })
    const note = await screen.findByPlaceholderText('Ajoute une note sur ce justificatif…')
    fireEvent.change(note, { target: { value: 'Payé avec la carte perso' } })
    await waitFor(
      () => expect(bodiesSent(spy, 'PUT', '/receipts/1/note')).toEqual([{ comment: 'Payé avec la carte perso' }]),
      {
        timeout: 3000,
      },
    )
  })
})
