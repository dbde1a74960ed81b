import { formatDateFr, formatEuro, type ItemDto, messages, paymentLimitDate, todayInParis } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi, whereIs } from '../../../components/test-utils'
import { baseRoutes, customer, invoice, line, quote, settings } from '../../../test-support/documentFixtures'
import { InvoiceEditorPage, QuoteEditorPage } from './DocumentEditorPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** The JSON bodies sent with `method`. */
const sent = (spy: ReturnType<typeof stubApi>, method: string) =>
  spy.mock.calls
    .filter(([, init]) => init?.method === method && typeof init.body === 'string')
    .map(([, init]) => JSON.parse(String(init?.body)))

const inputValue = (element: HTMLElement) => (element as HTMLInputElement).value
const lineCards = () => screen.getAllByTestId('document-line')
const field = (card: HTMLElement, name: RegExp) => within(card).getByRole('textbox', { name }) as HTMLInputElement
/** Selects are comboboxes. */
const select = (card: HTMLElement, name: RegExp) => within(card).getByRole('combobox', { name }) as HTMLInputElement

/** Types into a money or quantity input and leaves it, as a person does. */
function typeAmount(input: HTMLElement, value: string) {
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

/** An amount as the totals show it, from a hand-computed decimal. */
const euro = (value: string) => formatEuro(value)
const total = (testId: string) => screen.getByTestId(testId).textContent

const twoRates = invoice({
  lines: [
    line(1, 0, { name: 'Conception', quantity: '2', amount: '100' }),
    line(2, 1, {
      name: 'Livre',
      quantity: '1',
      amount: '50',
      taxId: 3,
      tax: { id: 3, code: 'x', name: '5,5 %', amount: '5.50' },
    }),
  ],
})

describe('Invoice editor', () => {
  it('opens a new invoice named "Nouvelle facture", dated today, payable in 30 days, with the terms of the settings', async () => {
    stubApi(baseRoutes())
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/new' })
    expect(await screen.findByRole('heading', { name: 'Nouvelle facture' })).toBeTruthy()
    expect(inputValue(screen.getByRole('textbox', { name: /^Titre/ }))).toBe('Nouvelle facture')
    const today = todayInParis()
    expect(inputValue(screen.getByRole('textbox', { name: /^Date d'émission/ }))).toBe(formatDateFr(today))
    expect(inputValue(screen.getByRole('combobox', { name: /^Délai de paiement/ }))).toBe('30 jours')
    expect(screen.getByText(new RegExp(`Échéance le ${formatDateFr(paymentLimitDate(today, 30))}`))).toBeTruthy()
    expect(inputValue(screen.getByRole('textbox', { name: 'Conditions particulières' }))).toBe('Paiement par virement.')
    expect(screen.getByText('Référence : Aucune')).toBeTruthy()
    expect(screen.getByText('Brouillon')).toBeTruthy()
    // Without a contact or a line, the page says what Valider will need.
    expect(screen.getByText(messages.documents.contactRequired)).toBeTruthy()
    expect(screen.getByText(messages.documents.linesRequired)).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne libre' }))
    const [card] = lineCards()
    if (!card) throw new Error('no line')
    expect(inputValue(select(card, /^Type/))).toBe('Divers')
    expect(inputValue(field(card, /^Quantité/))).toBe('1')
    await waitFor(() => expect(inputValue(select(card, /^Unité/))).toBe('Unité'))
    await waitFor(() => expect(inputValue(select(card, /^TVA/))).toMatch(/^20\s%$/))
    expect(screen.queryByText(messages.documents.linesRequired)).toBeNull()
  })

  it('adds a catalogue item as a line: its name, reference, type, unit and tax, a TTC price turned into a unit price HT', async () => {
    const item = (id: number, fields: Partial<ItemDto>) =>
      ({
        id,
        name: `Article ${id}`,
        reference: `REF-${id}`,
        description: 'Livré monté',
        amount: '100',
        priceRule: 'HT',
        itemTypeId: 1,
        itemType: { id: 1, code: 'PRO', name: 'Produit' },
        unitId: 2,
        unit: { id: 2, code: 'heure', name: 'Heure' },
        taxId: 1,
        tax: { id: 1, code: 'VT_FR_20', name: '20 %', amount: '20.00' },
        ...fields,
      }) as ItemDto
    const items = [
      item(1, { name: 'Chaise', amount: '120', priceRule: 'TTC' }),
      item(2, {
        name: 'Livre',
        amount: '100',
        priceRule: 'TTC',
        taxId: 3,
        tax: { id: 3, code: 'VT_FR_5_5', name: '5,5 %', amount: '5.50' },
        itemType: { id: 2, code: 'SER', name: 'Service' },
      }),
    ]
    stubApi([{ path: '/items', body: { data: items, meta: { total: 2, page: 1, pageSize: 999 } } }, ...baseRoutes()])
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/new' })
    await screen.findByRole('heading', { name: 'Nouvelle facture' })
    const picker = screen.getByRole('combobox', { name: 'Ajouter un article du catalogue' })
    await waitFor(() => expect((picker as HTMLInputElement).disabled).toBe(false))
    for (const name of ['Chaise (REF-1)', 'Livre (REF-2)']) {
      fireEvent.click(picker)
      fireEvent.click(await screen.findByRole('option', { name }))
    }
    const [chair, book] = lineCards()
    if (!chair || !book) throw new Error('two lines expected')
    expect(inputValue(field(chair, /^Désignation/))).toBe('Chaise')
    expect(inputValue(field(chair, /^Référence/))).toBe('REF-1')
    expect(inputValue(field(chair, /^Description/))).toBe('Livré monté')
    expect(inputValue(select(chair, /^Type/))).toBe('Produit')
    await waitFor(() => expect(inputValue(select(chair, /^Unité/))).toBe('Heure'))
    // 120 TTC at 20 % = 100 HT; 100 TTC at 5,5 % = 94,786730… HT, kept to 6 decimals.
    expect(inputValue(field(chair, /^Prix unitaire HT/))).toBe('100')
    expect(inputValue(field(book, /^Prix unitaire HT/))).toBe('94,78673')
    expect(inputValue(select(book, /^Type/))).toBe('Service')
    await waitFor(() => expect(inputValue(select(book, /^TVA/))).toMatch(/^5,5\s%$/))
    expect(inputValue(picker)).toBe('')
  })

  it('titles a new credit note "Nouvel avoir"', async () => {
    stubApi(baseRoutes())
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/new?credit=true' })
    expect(await screen.findByRole('heading', { name: 'Nouvel avoir' })).toBeTruthy()
    expect(inputValue(screen.getByRole('textbox', { name: /^Titre/ }))).toBe('Nouvel avoir')
    // What is typed is credited: the totals are negative at once, as the server stores them.
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne libre' }))
    const [line] = lineCards()
    if (!line) throw new Error('one line expected')
    typeAmount(field(line, /^Prix unitaire HT/), '50')
    await waitFor(() => expect(total('total-ttc')).toBe(euro('-60')))
  })

  it('updates the totals, per VAT rate, as a quantity, a price or a line discount changes', async () => {
    stubApi([...baseRoutes(), { path: '/invoices/5', body: { data: twoRates } }])
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/5' })
    // 2 × 100 at 20 % and 1 × 50 at 5,5 %: HT 250; VAT 40 + 2,75; TTC 292,75.
    await waitFor(() => expect(total('total-ttc')).toBe(euro('292.75')))
    expect(total('total-ht')).toBe(euro('250'))
    expect(total('total-vat-20')).toBe(euro('40'))
    expect(total('total-vat-5.5')).toBe(euro('2.75'))

    const [first, second] = lineCards()
    if (!first || !second) throw new Error('two lines expected')
    // Quantity 3: 300 at 20 % → VAT 60; TTC 300 + 60 + 50 + 2,75 = 412,75.
    typeAmount(field(first, /^Quantité/), '3')
    await waitFor(() => expect(total('total-ttc')).toBe(euro('412.75')))
    expect(within(first).getByTestId('line-total').textContent).toBe(euro('300'))
    // Price 80 on the second line: 80 at 5,5 % → VAT 4,40; TTC 360 + 84,40 = 444,40.
    typeAmount(field(second, /^Prix unitaire HT/), '80')
    await waitFor(() => expect(total('total-ttc')).toBe(euro('444.4')))
    // A 10 % discount on it: 72 → VAT 3,96; HT 372; TTC 360 + 75,96 = 435,96.
    fireEvent.click(within(second).getByRole('radio', { name: '%' }))
    typeAmount(within(second).getByRole('textbox', { name: 'Remise en pourcentage' }), '10')
    await waitFor(() => expect(total('total-ttc')).toBe(euro('435.96')))
    expect(total('total-ht')).toBe(euro('372'))
    expect(total('total-vat-5.5')).toBe(euro('3.96'))
  })

  it('saves a new invoice with the chosen customer and billing address, lines at positions 0, 1, and goes to its page', async () => {
    const created = invoice({ id: 42, name: 'Nouvelle facture', contactId: 7 })
    const spy = stubApi([
      ...baseRoutes(),
      { method: 'POST', path: '/invoices', status: 201, body: { data: created } },
      { path: '/invoices/42', body: { data: created } },
    ])
    const { router } = renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/new' })
    await screen.findByRole('heading', { name: 'Nouvelle facture' })
    const client = screen.getByRole('combobox', { name: /^Client/ })
    await waitFor(() => expect((client as HTMLInputElement).disabled).toBe(false))
    fireEvent.click(client)
    fireEvent.click(await screen.findByRole('option', { name: 'ACME' }))
    // The first BILLING address of the customer is chosen (not its COMPANY one).
    await waitFor(() =>
      expect(inputValue(screen.getByRole('combobox', { name: /^Adresse de facturation/ }))).toMatch(
        /31 rue de la Paix/,
      ),
    )
    for (const [name, price] of [
      ['Audit', '500'],
      ['Atelier', '250,5'],
    ] as const) {
      fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne libre' }))
      const card = lineCards().at(-1) as HTMLElement
      fireEvent.change(field(card, /^Désignation/), { target: { value: name } })
      typeAmount(field(card, /^Prix unitaire HT/), price)
    }
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/invoices/42'))
    const [body] = sent(spy, 'POST')
    expect(body).toMatchObject({
      name: 'Nouvelle facture',
      contactId: 7,
      billingAddressId: 31,
      paymentLimit: 30,
      isCreditNote: false,
      terms: 'Paiement par virement.',
    })
    expect(
      body.lines.map((l: { name: string; position: number; amount: string }) => [l.name, l.position, l.amount]),
    ).toEqual([
      ['Audit', 0, '500'],
      ['Atelier', 1, '250.5'],
    ])
    expect(body.lines[0]).toMatchObject({ type: 'MISC', quantity: '1', unitId: 1, taxId: 1 })
    expect(await screen.findByText(messages.generic.saved)).toBeTruthy()
  })

  it("puts the server's field errors under the line's field and its message in a toast", async () => {
    stubApi([
      ...baseRoutes(),
      { path: '/invoices/5', body: { data: twoRates } },
      {
        method: 'PATCH',
        path: '/invoices/5',
        status: 422,
        body: {
          message: 'Les données envoyées ne sont pas valides.',
          code: 'VALIDATION',
          errors: { 'lines.0.amount': ['Ce prix est refusé'] },
        },
      },
    ])
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/5' })
    await screen.findByRole('heading', { name: 'Site web' })
    fireEvent.change(screen.getByRole('textbox', { name: /^Titre/ }), { target: { value: 'Site web v2' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Ce prix est refusé')).toBeTruthy()
    const [first] = lineCards()
    expect(field(first as HTMLElement, /^Prix unitaire HT/).getAttribute('aria-invalid')).toBe('true')
    expect(await screen.findByText('Les données envoyées ne sont pas valides.')).toBeTruthy()
  })

  it('shows a validated invoice read-only, with the red notice and no Enregistrer', async () => {
    const pending = invoice({
      ...twoRates,
      reference: 'F-2026-0001',
      state: { id: 3, code: 'PENDING', name: 'En attente', color: 'yellow' },
    })
    stubApi([...baseRoutes(), { path: '/invoices/5', body: { data: pending } }])
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/5' })
    expect(await screen.findByText(messages.documents.notDraft)).toBeTruthy()
    expect(screen.getByText('Référence : F-2026-0001')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Ajouter une ligne libre' })).toBeNull()
    expect((screen.getByRole('textbox', { name: /^Titre/ }) as HTMLInputElement).readOnly).toBe(true)
  })

  it('offers the global discount only when the settings allow discounts, and spreads it over the rates', async () => {
    stubApi([...baseRoutes(), { path: '/invoices/5', body: { data: twoRates } }])
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/5' })
    await screen.findByRole('heading', { name: 'Site web' })
    expect(screen.queryByRole('switch', { name: 'Remise globale' })).toBeNull()
    cleanup()

    stubApi([
      ...baseRoutes({ salesSettings: { ...settings, hasDiscounts: true } }),
      { path: '/invoices/5', body: { data: twoRates } },
    ])
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/5' })
    fireEvent.click(await screen.findByRole('switch', { name: 'Remise globale' }))
    const dialog = await screen.findByRole('dialog')
    // Without an amount the modal starts on the percentage.
    typeAmount(within(dialog).getByRole('textbox', { name: /^Pourcentage/ }), '10')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Appliquer' }))
    // 10 % of 250 = 25, spread 20 on the 20 % base and 5 on the 5,5 % one: HT 225; VAT 36 + 2,48; TTC 263,48.
    await waitFor(() => expect(total('total-discount')).toBe(euro('-25')))
    expect(total('total-ht')).toBe(euro('225'))
    expect(total('total-ttc')).toBe(euro('263.48'))
  })

  it('opens the discount modal on the amount when there is one, and switching type clears it', async () => {
    const withDiscount = invoice({ ...twoRates, discount: { name: 'Fidélité', amount: '20', percentage: null } })
    stubApi([
      ...baseRoutes({ salesSettings: { ...settings, hasDiscounts: true } }),
      { path: '/invoices/5', body: { data: withDiscount } },
    ])
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/5' })
    await waitFor(() => expect(total('total-discount')).toBe(euro('-20')))
    expect(screen.getByText('Fidélité')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Modifier la remise' }))
    const dialog = await screen.findByRole('dialog')
    expect(inputValue(within(dialog).getByRole('textbox', { name: /^Montant HT/ }))).toBe('20')
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Pourcentage' }))
    expect(inputValue(within(dialog).getByRole('textbox', { name: /^Pourcentage/ }))).toBe('')
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Montant' }))
    expect(inputValue(within(dialog).getByRole('textbox', { name: /^Montant HT/ }))).toBe('')
  })

  it('asks before leaving with unsaved changes', async () => {
    stubApi([...baseRoutes(), { path: '/invoices/5', body: { data: twoRates } }])
    const { router } = renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/5' })
    await screen.findByRole('heading', { name: 'Site web' })
    fireEvent.change(screen.getByRole('textbox', { name: /^Titre/ }), { target: { value: 'Autre titre' } })
    fireEvent.click(screen.getByRole('link', { name: 'Retour à la liste' }))
    expect(await screen.findByText(messages.generic.leaveGuard)).toBeTruthy()
    expect(whereIs(router)).toBe('/app/sales/invoices/5')
  })

  it('sends a recurring invoice to its own editor', async () => {
    stubApi([...baseRoutes(), { path: '/invoices/30', body: { data: invoice({ id: 30, isRecurring: true }) } }])
    const { router } = renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/30' })
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/subscriptions/30'))
  })

  it('shows a single "Net à payer" and the 293 B mention for a tax-free organisation, without a VAT column', async () => {
    stubApi(baseRoutes({ taxFree: true }))
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/new' })
    await screen.findByRole('heading', { name: 'Nouvelle facture' })
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne libre' }))
    const [card] = lineCards()
    typeAmount(field(card as HTMLElement, /^Prix unitaire HT/), '100')
    await waitFor(() => expect(total('total-net')).toBe(euro('100')))
    expect(screen.getByText(messages.documents.netToPay)).toBeTruthy()
    expect(screen.getByText(messages.documents.taxFreeMention)).toBeTruthy()
    expect(screen.queryByTestId('total-ttc')).toBeNull()
    expect(within(card as HTMLElement).queryByRole('combobox', { name: /^TVA/ })).toBeNull()
  })

  it('reorders lines with the move buttons and by dragging, and saves them in the new order', async () => {
    const spy = stubApi([
      ...baseRoutes(),
      { path: '/invoices/5', body: { data: twoRates } },
      { method: 'PATCH', path: '/invoices/5', body: { data: twoRates } },
    ])
    renderPage(<InvoiceEditorPage />, { route: '/app/sales/invoices/5' })
    await screen.findByRole('heading', { name: 'Site web' })
    const names = () => lineCards().map((card) => inputValue(field(card, /^Désignation/)))
    expect(names()).toEqual(['Conception', 'Livre'])
    fireEvent.click(screen.getByRole('button', { name: 'Descendre la ligne 1' }))
    expect(names()).toEqual(['Livre', 'Conception'])
    // Dragging the second line's handle onto the first line puts it back on top.
    const handles = screen.getAllByTestId('line-drag-handle')
    fireEvent.dragStart(handles[1] as HTMLElement)
    fireEvent.dragOver(lineCards()[0] as HTMLElement)
    fireEvent.drop(lineCards()[0] as HTMLElement)
    expect(names()).toEqual(['Conception', 'Livre'])
    fireEvent.click(screen.getByRole('button', { name: 'Monter la ligne 2' }))
    expect(names()).toEqual(['Livre', 'Conception'])
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(sent(spy, 'PATCH')).toHaveLength(1))
    const [body] = sent(spy, 'PATCH')
    expect(body.lines.map((l: { name: string; position: number }) => [l.name, l.position])).toEqual([
      ['Livre', 0],
      ['Conception', 1],
    ])
  })
})

describe('Quote editor', () => {
  it('opens a new quote named "Nouveau devis", valid 30 days', async () => {
    stubApi(baseRoutes())
    renderPage(<QuoteEditorPage />, { route: '/app/sales/quotes/new' })
    expect(await screen.findByRole('heading', { name: 'Nouveau devis' })).toBeTruthy()
    expect(inputValue(screen.getByRole('textbox', { name: /^Durée de validité/ }))).toBe('30')
    expect(screen.getByText(/^Valable jusqu'au/)).toBeTruthy()
    // A quote is validated with a customer, lines or not.
    expect(screen.getByText(messages.documents.contactRequired)).toBeTruthy()
    expect(screen.queryByText(messages.documents.linesRequired)).toBeNull()
  })

  it('links a converted quote to its invoice and shows it read-only', async () => {
    const won = quote({
      invoiceId: 77,
      contactId: customer.id,
      state: { id: 5, code: 'WON', name: 'Gagné', color: 'green' },
    })
    stubApi([...baseRoutes(), { path: '/quotes/9', body: { data: won } }])
    renderPage(<QuoteEditorPage />, { route: '/app/sales/quotes/9/show' })
    const link = await screen.findByRole('link', { name: /voir la facture/ })
    expect(link.getAttribute('href')).toBe('/app/sales/invoices/77')
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull()
  })
})
