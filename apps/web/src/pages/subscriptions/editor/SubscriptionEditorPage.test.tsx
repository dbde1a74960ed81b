import { addDays, formatDateFr, messages, todayInParis } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Route, renderPage, stubApi, whereIs } from '../../../components/test-utils'
import { baseRoutes, customer, line } from '../../../test-support/documentFixtures'
import { subscription } from '../../../test-support/subscriptionFixtures'
import { SubscriptionEditorPage } from './SubscriptionEditorPage'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const tomorrow = addDays(todayInParis(), 1)

/** The JSON bodies sent to `path` with `method`. */
const sent = (spy: ReturnType<typeof stubApi>, method: string, path: string) =>
  spy.mock.calls
    .filter(([url, init]) => init?.method === method && String(url).split('?')[0]?.endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body)))

const inputValue = (element: HTMLElement) => (element as HTMLInputElement).value
const textbox = (name: RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement
const combobox = (name: RegExp) => screen.getByRole('combobox', { name }) as HTMLInputElement

/** Types into an input and leaves it, as a person does. */
function type(input: HTMLElement, value: string) {
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}

async function pick(name: RegExp, option: string) {
  const select = combobox(name)
  await waitFor(() => expect(select.disabled).toBe(false))
  fireEvent.click(select)
  fireEvent.click(await screen.findByRole('option', { name: option }))
}

/** A customer with an e-mail, the calendar preview, and what `extra` adds (first match wins). */
function routes(extra: Route[] = []): Route[] {
  return [
    ...extra,
    {
      path: '/contacts',
      body: { data: [{ ...customer, email: 'compta@acme.fr' }], meta: { total: 1, page: 1, pageSize: 1000 } },
    },
    { method: 'POST', path: '/recurring-calendar', body: { data: ['2026-12-05', '2027-01-05'] } },
    ...baseRoutes(),
  ]
}

/** A customer and one line of 100 €: what a subscription worth saving has. */
async function fillInvoicePart() {
  await pick(/^Client/, 'ACME')
  fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne libre' }))
  const [card] = screen.getAllByTestId('document-line')
  fireEvent.change(within(card as HTMLElement).getByRole('textbox', { name: /^Désignation/ }), {
    target: { value: 'Maintenance' },
  })
  type(within(card as HTMLElement).getByRole('textbox', { name: /^Prix unitaire HT/ }), '100')
}

const created = subscription({ id: 42, name: 'Nouvelle facture récurrente' })

describe('Recurring invoice editor: a new one', () => {
  it('starts on the defaults: tomorrow, every month on the 1st, a draft each time, no end date', async () => {
    stubApi(routes())
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/new' })
    expect(await screen.findByRole('heading', { name: 'Nouvelle facture récurrente' })).toBeTruthy()
    expect(inputValue(textbox(/^Titre/))).toBe('Nouvelle facture récurrente')
    expect(inputValue(textbox(/^Date de début/))).toBe(formatDateFr(tomorrow))
    expect(inputValue(textbox(/^Tous les/))).toBe('1')
    expect(inputValue(combobox(/^Période/))).toBe('mois')
    expect(inputValue(combobox(/^Jour du mois/))).toBe('1er')
    expect((screen.getByRole('radio', { name: 'À une date' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('switch', { name: 'Date de fin' }) as HTMLInputElement).checked).toBe(false)
    expect(screen.queryByRole('textbox', { name: /^Dernière échéance/ })).toBeNull()
    expect((screen.getByRole('radio', { name: 'Créer un brouillon à valider' }) as HTMLInputElement).checked).toBe(true)
    expect(screen.queryByRole('textbox', { name: /^Destinataires/ })).toBeNull()
    // Each invoice is dated its occurrence: no issue date; the payment term stays.
    expect(screen.queryByRole('textbox', { name: /^Date d'émission/ })).toBeNull()
    expect(inputValue(combobox(/^Délai de paiement/))).toBe('30 jours')
    expect(screen.getByText(/30 jours · à compter de la date de chaque facture/)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Retour à la liste' }).getAttribute('href')).toBe(
      '/app/sales/subscriptions',
    )
  })

  it('posts an invoice with isRecurring and numbers (null occurrences, null end date), then goes to its page', async () => {
    const spy = stubApi(
      routes([
        { method: 'POST', path: '/invoices', status: 201, body: { data: created } },
        { path: '/invoices/42', body: { data: created } },
      ]),
    )
    const { router } = renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/new' })
    await screen.findByRole('heading', { name: 'Nouvelle facture récurrente' })
    await fillInvoicePart()
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/subscriptions/42'))
    expect(await screen.findByText(messages.generic.saved)).toBeTruthy()
    const [body] = sent(spy, 'POST', '/invoices')
    expect(body).toMatchObject({ name: 'Nouvelle facture récurrente', contactId: 7, isRecurring: true })
    expect(body.recurringParams).toEqual({
      startingAt: tomorrow,
      endingAt: null,
      endingType: 'date',
      occurrences: null,
      recurrence: 1,
      unit: 'month',
      day: 1,
      creationOption: 'draft',
      emails: null,
    })
  })

  it('shows the weekdays for a weekly schedule and sends the chosen one as 1–7', async () => {
    const spy = stubApi(routes([{ method: 'POST', path: '/invoices', status: 201, body: { data: created } }]))
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/new' })
    await screen.findByRole('heading', { name: 'Nouvelle facture récurrente' })
    await pick(/^Période/, 'semaine(s)')
    expect(screen.queryByRole('combobox', { name: /^Jour du mois/ })).toBeNull()
    expect(inputValue(combobox(/^Jour de la semaine/))).toBe('Lundi')
    fireEvent.click(combobox(/^Jour de la semaine/))
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent)
    expect(options).toEqual(['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'])
    fireEvent.click(screen.getByRole('option', { name: 'Mercredi' }))
    type(textbox(/^Tous les/), '2')
    expect(screen.getByTestId('recurrence-described').textContent).toBe(
      'Une facture toutes les 2 semaines, le mercredi.',
    )
    await fillInvoicePart()
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(sent(spy, 'POST', '/invoices')).toHaveLength(1))
    expect(sent(spy, 'POST', '/invoices')[0].recurringParams).toMatchObject({ unit: 'week', day: 3, recurrence: 2 })
  })

  it('ends after N occurrences: sends the count and a null end date, even one typed before', async () => {
    const spy = stubApi(routes([{ method: 'POST', path: '/invoices', status: 201, body: { data: created } }]))
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/new' })
    await screen.findByRole('heading', { name: 'Nouvelle facture récurrente' })
    fireEvent.click(screen.getByRole('switch', { name: 'Date de fin' }))
    type(textbox(/^Dernière échéance/), formatDateFr(addDays(tomorrow, 90)))
    fireEvent.click(screen.getByRole('radio', { name: "Après un nombre d'échéances" }))
    expect(inputValue(textbox(/^Nombre d'échéances/))).toBe('1')
    type(textbox(/^Nombre d'échéances/), '12')
    await fillInvoicePart()
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(sent(spy, 'POST', '/invoices')).toHaveLength(1))
    expect(sent(spy, 'POST', '/invoices')[0].recurringParams).toMatchObject({
      endingType: 'occurrences',
      occurrences: 12,
      endingAt: null,
    })
  })

  it('asks a date once "Date de fin" is on, refuses one before tomorrow, and sends it', async () => {
    const spy = stubApi(routes([{ method: 'POST', path: '/invoices', status: 201, body: { data: created } }]))
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/new' })
    await screen.findByRole('heading', { name: 'Nouvelle facture récurrente' })
    await fillInvoicePart()
    fireEvent.click(screen.getByRole('switch', { name: 'Date de fin' }))
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText(messages.validation.required)).toBeTruthy()
    type(textbox(/^Date de début/), formatDateFr(todayInParis()))
    type(textbox(/^Dernière échéance/), formatDateFr(todayInParis()))
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText(messages.recurring.startTomorrow)).toBeTruthy()
    expect(screen.getByText(messages.recurring.endTomorrow)).toBeTruthy()
    expect(sent(spy, 'POST', '/invoices')).toHaveLength(0)
    const end = addDays(tomorrow, 60)
    type(textbox(/^Date de début/), formatDateFr(tomorrow))
    type(textbox(/^Dernière échéance/), formatDateFr(end))
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(sent(spy, 'POST', '/invoices')).toHaveLength(1))
    expect(sent(spy, 'POST', '/invoices')[0].recurringParams).toMatchObject({ endingType: 'date', endingAt: end })
  })

  it("needs recipients to send each invoice: the customer's e-mail by default, Cc and Cci rows on demand", async () => {
    const spy = stubApi(routes([{ method: 'POST', path: '/invoices', status: 201, body: { data: created } }]))
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/new' })
    await screen.findByRole('heading', { name: 'Nouvelle facture récurrente' })
    fireEvent.click(screen.getByRole('radio', { name: 'Valider et envoyer par e-mail' }))
    expect(inputValue(textbox(/^Objet/))).toBe(messages.recurring.defaultSubject)
    expect(inputValue(textbox(/^Message/))).toBe(messages.sending.invoiceBody('la facture'))
    const mail = screen.getByRole('group', { name: 'E-mail de chaque facture' })
    fireEvent.click(within(mail).getByRole('button', { name: 'Variables disponibles' }))
    const help = await within(mail).findByRole('table', { name: 'Variables disponibles' })
    expect(within(help).getByText('{reference}')).toBeTruthy()
    expect(within(help).getByText('{client}')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    const recipients = textbox(/^Destinataires/)
    await waitFor(() => expect(recipients.getAttribute('aria-invalid')).toBe('true'))
    expect(sent(spy, 'POST', '/invoices')).toHaveLength(0)

    await fillInvoicePart()
    await waitFor(() => expect(inputValue(textbox(/^Destinataires/))).toBe('compta@acme.fr'))
    fireEvent.click(screen.getByRole('button', { name: 'Cc' }))
    fireEvent.change(textbox(/^Cc/), { target: { value: 'associe@acme.fr' } })
    fireEvent.click(screen.getByRole('button', { name: 'Cci' }))
    fireEvent.change(textbox(/^Cci/), { target: { value: 'archive@acme.fr' } })
    // A removed row is cleared: its address is not sent.
    fireEvent.click(screen.getByRole('button', { name: 'Retirer Cci' }))
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(sent(spy, 'POST', '/invoices')).toHaveLength(1))
    expect(sent(spy, 'POST', '/invoices')[0].recurringParams).toMatchObject({
      creationOption: 'send',
      emails: {
        emailRecipient: 'compta@acme.fr',
        cc: 'associe@acme.fr',
        cci: null,
        subject: messages.recurring.defaultSubject,
        body: messages.sending.invoiceBody('la facture'),
      },
    })
  })

  it('shows the upsell instead of the editor to a plan without recurring invoices', async () => {
    stubApi([{ path: '/me', body: { data: { id: 1, currentOrganization: { id: 1, features: [] } } } }, ...routes()])
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/new' })
    expect(await screen.findByTestId('recurring-upsell')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Enregistrer' })).toBeNull()
  })
})

describe('Recurring invoice editor: a saved one', () => {
  const saved = subscription(
    {
      id: 30,
      lines: [line(1, 0, { name: 'Maintenance', amount: '100' })],
      updatedAt: '2026-03-02T09:00:00Z',
    },
    // Started long ago: an unchanged past start stays valid.
    { startingAt: '2026-01-05', generatedCount: 3, lastOccurrenceAt: '2026-03-05', nextOccurrence: '2026-04-05' },
  )

  it('shows its badge, next occurrence and what it created, and the actions near the title', async () => {
    stubApi(routes([{ path: '/invoices/30', body: { data: saved } }]))
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/30' })
    expect(await screen.findByRole('heading', { name: 'Maintenance mensuelle' })).toBeTruthy()
    expect(screen.getByText('Actif')).toBeTruthy()
    expect(screen.getByText('Prochaine échéance : dimanche 5 avril')).toBeTruthy()
    expect(screen.getByText('3 factures créées')).toBeTruthy()
    expect(screen.queryByText(messages.documents.notDraft)).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }))
    const entries = (await screen.findAllByRole('menuitem')).map((item) => item.textContent)
    expect(entries).toEqual(['Suspendre', 'Dupliquer', 'Supprimer'])
  })

  it('PATCHes with isRecurring, keeping its past start, and takes back what the server saved', async () => {
    const spy = stubApi(
      routes([
        { path: '/invoices/30', body: { data: saved } },
        { method: 'PATCH', path: '/invoices/30', body: { data: { ...saved, name: 'Maintenance 2026' } } },
      ]),
    )
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/30' })
    await screen.findByRole('heading', { name: 'Maintenance mensuelle' })
    expect(inputValue(combobox(/^Jour du mois/))).toBe('5')
    fireEvent.change(textbox(/^Titre/), { target: { value: 'Maintenance 2026' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByRole('heading', { name: 'Maintenance 2026' })).toBeTruthy()
    const [body] = sent(spy, 'PATCH', '/invoices/30')
    expect(body).toMatchObject({ name: 'Maintenance 2026', isRecurring: true })
    expect(body.recurringParams).toMatchObject({ startingAt: '2026-01-05', day: 5, unit: 'month' })
  })

  it("puts the server's errors under their fields and shows the generic error toast, not its message", async () => {
    stubApi(
      routes([
        { path: '/invoices/30', body: { data: saved } },
        {
          method: 'PATCH',
          path: '/invoices/30',
          status: 422,
          body: {
            message: 'Les données envoyées ne sont pas valides.',
            code: 'VALIDATION',
            errors: {
              'recurringParams.startingAt': ['La date de début doit être au plus tôt demain.'],
              'lines.0.amount': ['Ce prix est refusé'],
            },
          },
        },
      ]),
    )
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/30' })
    await screen.findByRole('heading', { name: 'Maintenance mensuelle' })
    fireEvent.change(textbox(/^Titre/), { target: { value: 'Autre' } })
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('La date de début doit être au plus tôt demain.')).toBeTruthy()
    expect(textbox(/^Date de début/).getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Ce prix est refusé')).toBeTruthy()
    expect(await screen.findByText(messages.generic.error)).toBeTruthy()
    expect(screen.queryByText('Les données envoyées ne sont pas valides.')).toBeNull()
  })

  it('says so when the id is an ordinary invoice', async () => {
    stubApi(routes([{ path: '/invoices/5', body: { data: { ...saved, id: 5, isRecurring: false } } }]))
    renderPage(<SubscriptionEditorPage />, { route: '/app/sales/subscriptions/5' })
    expect(await screen.findByText('Cette facture récurrente est introuvable.')).toBeTruthy()
  })
})
