import { formatReference, messages, type ReferenceNumberingDto, type SalesSettingsDto, todayInParis } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { me } from '../../test-support/documentFixtures'
import { SalesSettingsPage } from './SalesSettingsPage'

const numbering = (id: number, series: ReferenceNumberingDto['series'], prefix: string): ReferenceNumberingDto => ({
  id,
  series,
  prefix,
  separator: '-',
  suffix: '',
  hasDate: true,
  hasDay: false,
  hasMonth: false,
  hasYearLong: true,
  hasYearShort: false,
  dateSeparator: '',
  currentChrono: 12,
  example: `${prefix}-AAAA-XXXX`,
  next: `${prefix}-2026-0012`,
})

const settings: SalesSettingsDto = {
  invoiceEmail: 'Bonjour, voici ta facture.',
  quoteEmail: null,
  recurringEmail: null,
  recurringUnit: 'month',
  recurringCreationOption: 'draft',
  recurringEndingType: 'date',
  emailSignature: 'Léa, Atelier Martin',
  invoiceEmailSubject: 'Ta facture',
  quoteEmailSubject: null,
  invoiceTerms: 'Paiement par virement.',
  quoteTerms: 'Bon pour accord.',
  quoteValidityPeriod: 15,
  invoicePaymentLimit: 45,
  invoicePaymentEndOfMonth: true,
  hasDeliveryFees: false,
  hasLatePenalties: true,
  hasDisbursement: false,
  hasDiscounts: true,
  latePenaltyRate: '10',
  vatOnDebits: false,
  lateInvoiceReminders: true,
  creditNotePrefix: 'AV',
  invoiceReference: numbering(1, 'invoice', 'F'),
  creditNoteReference: numbering(2, 'credit_note', 'AV'),
  quoteReference: numbering(3, 'quote', 'D'),
  invoiceCurrentChrono: 12,
  quoteCurrentChrono: 12,
  colorPrimary: '#000000',
  fontId: 1,
  fontTitle: 'Inter',
  logoUrl: null,
  iconUrl: null,
  backgroundUrl: null,
  backgroundNextPagesUrl: null,
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const bodyOf = (spy: ReturnType<typeof stubApi>, method: string, path: string) => {
  const call = spy.mock.calls.find(([input, init]) => init?.method === method && String(input).endsWith(path))
  return call ? JSON.parse(String(call[1]?.body)) : undefined
}

const invoiceNumbering = async () => within(await screen.findByRole('form', { name: 'Numérotation des factures' }))

describe('SalesSettingsPage', () => {
  it('loads the settings into the fields', async () => {
    stubApi([{ path: '/settings', body: { data: settings } }])
    renderPage(<SalesSettingsPage />)

    const terms = await screen.findByRole('textbox', { name: 'Conditions par défaut des factures' })
    expect(terms).toHaveProperty('value', 'Paiement par virement.')
    expect(screen.getByRole('textbox', { name: /Validité des devis/ })).toHaveProperty('value', '15')
    expect(screen.getByRole('textbox', { name: /Délai de paiement/ })).toHaveProperty('value', '45')
    expect(screen.getByText('Sur tes factures : 45 jours fin de mois')).toBeTruthy()
    expect(screen.getByRole('checkbox', { name: /Fin de mois/ })).toHaveProperty('checked', true)
    expect(screen.getByRole('switch', { name: /Remises/ })).toHaveProperty('checked', true)
    expect(screen.getByRole('textbox', { name: /Taux des pénalités/ })).toHaveProperty('value', '10')
    expect(screen.getByRole('textbox', { name: 'Signature' })).toHaveProperty('value', 'Léa, Atelier Martin')

    const invoice = await invoiceNumbering()
    expect(invoice.getByRole('textbox', { name: 'Préfixe' })).toHaveProperty('value', 'F')
    expect(invoice.getByRole('textbox', { name: /Compteur actuel/ })).toHaveProperty('value', '12')
    expect(invoice.getByText('F-AAAA-XXXX')).toBeTruthy()
    expect(within(screen.getByRole('form', { name: 'Numérotation des devis' })).getByText('D-AAAA-XXXX')).toBeTruthy()
  })

  it('updates the example live when the prefix and the date parts change', async () => {
    stubApi([{ path: '/settings', body: { data: settings } }])
    renderPage(<SalesSettingsPage />)
    const invoice = await invoiceNumbering()

    fireEvent.click(invoice.getByRole('checkbox', { name: 'MM' }))
    expect(invoice.getByText('F-AAAAMM-XXXX')).toBeTruthy()

    fireEvent.click(invoice.getByRole('combobox', { name: 'Séparateur de date' }))
    fireEvent.click(await invoice.findByRole('option', { name: 'Tiret (-)' }))
    expect(await invoice.findByText('F-AAAA-MM-XXXX')).toBeTruthy()

    fireEvent.change(invoice.getByRole('textbox', { name: 'Préfixe' }), { target: { value: 'FAC' } })
    expect(invoice.getByText('FAC-AAAA-MM-XXXX')).toBeTruthy()

    fireEvent.click(invoice.getByRole('checkbox', { name: 'AA' }))
    expect(invoice.getByRole('checkbox', { name: 'AAAA' })).toHaveProperty('checked', false)
    expect(invoice.getByText('FAC-AA-MM-XXXX')).toBeTruthy()

    const format = {
      prefix: 'FAC',
      separator: '-',
      suffix: '',
      hasDay: false,
      hasMonth: true,
      hasYearLong: false,
      hasYearShort: true,
      dateSeparator: '-',
    }
    expect(invoice.getByText(`Prochaine : ${formatReference(format, 12, todayInParis())}`)).toBeTruthy()
  })

  it('saves a numbering on its own, without the reference preview', async () => {
    const spy = stubApi([
      { path: '/settings', body: { data: settings } },
      {
        method: 'PATCH',
        path: '/reference-numberings/1',
        body: { data: { ...numbering(1, 'invoice', 'FAC'), currentChrono: 40 } },
      },
    ])
    renderPage(<SalesSettingsPage />)
    const invoice = await invoiceNumbering()

    fireEvent.change(invoice.getByRole('textbox', { name: 'Préfixe' }), { target: { value: 'FAC' } })
    fireEvent.change(invoice.getByRole('textbox', { name: /Compteur actuel/ }), { target: { value: '40' } })
    fireEvent.click(invoice.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText(messages.generic.saved)).toBeTruthy()
    const body = bodyOf(spy, 'PATCH', '/reference-numberings/1')
    expect(body).toEqual({
      prefix: 'FAC',
      separator: '-',
      suffix: '',
      hasDay: false,
      hasMonth: false,
      hasYearLong: true,
      hasYearShort: false,
      dateSeparator: '',
      currentChrono: 40,
    })
    expect('reference' in body).toBe(false)
    expect(
      spy.mock.calls.some(([input, init]) => init?.method === 'PATCH' && String(input).endsWith('/settings')),
    ).toBe(false)
  })

  it('refuses a counter below 1 with the schema message and sends nothing', async () => {
    const spy = stubApi([{ path: '/settings', body: { data: settings } }])
    renderPage(<SalesSettingsPage />)
    const invoice = await invoiceNumbering()

    fireEvent.change(invoice.getByRole('textbox', { name: /Compteur actuel/ }), { target: { value: '0' } })
    fireEvent.click(invoice.getByRole('button', { name: 'Enregistrer' }))

    expect(await invoice.findByText(messages.documents.chronoMin)).toBeTruthy()
    expect(spy.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false)
  })

  it('saves the settings and puts a 422 under its field', async () => {
    const spy = stubApi([
      { path: '/settings', body: { data: settings } },
      {
        method: 'PATCH',
        path: '/settings',
        status: 422,
        body: {
          message: messages.validation.invalidData,
          code: 'VALIDATION_FAILED',
          errors: { invoiceEmailSubject: ['Objet refusé'] },
        },
      },
    ])
    renderPage(<SalesSettingsPage />)

    fireEvent.change(await screen.findByRole('textbox', { name: 'Conditions par défaut des devis' }), {
      target: { value: 'Valable 15 jours.' },
    })
    fireEvent.click(screen.getByRole('switch', { name: /Frais de port/ }))
    const form = within(screen.getByRole('form', { name: 'Réglages des ventes' }))
    fireEvent.click(form.getByRole('button', { name: 'Enregistrer' }))

    expect(await screen.findByText('Objet refusé')).toBeTruthy()
    expect(screen.getByRole('textbox', { name: "Objet de l'e-mail des factures" }).getAttribute('aria-invalid')).toBe(
      'true',
    )
    const body = bodyOf(spy, 'PATCH', '/settings')
    expect(body).toMatchObject({
      quoteTerms: 'Valable 15 jours.',
      hasDeliveryFees: true,
      quoteValidityPeriod: 15,
      invoicePaymentLimit: 45,
      invoicePaymentEndOfMonth: true,
      latePenaltyRate: '10',
    })
  })

  it('offers "fin de mois" only from 30 days', async () => {
    const spy = stubApi([
      { path: '/settings', body: { data: settings } },
      { method: 'PATCH', path: '/settings', body: { data: { ...settings, invoicePaymentLimit: 15 } } },
    ])
    renderPage(<SalesSettingsPage />)

    const limit = await screen.findByRole('textbox', { name: /Délai de paiement/ })
    expect(screen.getByRole('checkbox', { name: /Fin de mois/ })).toHaveProperty('disabled', false)

    fireEvent.change(limit, { target: { value: '15' } })
    const endOfMonth = screen.getByRole('checkbox', { name: /Fin de mois/ })
    expect(endOfMonth).toHaveProperty('disabled', true)
    expect(endOfMonth).toHaveProperty('checked', false)
    expect(screen.getByText('Sur tes factures : 15 jours')).toBeTruthy()

    fireEvent.change(limit, { target: { value: '30' } })
    expect(screen.getByRole('checkbox', { name: /Fin de mois/ })).toHaveProperty('disabled', false)

    fireEvent.change(limit, { target: { value: '15' } })
    fireEvent.click(
      within(screen.getByRole('form', { name: 'Réglages des ventes' })).getByRole('button', { name: 'Enregistrer' }),
    )
    await waitFor(() => expect(bodyOf(spy, 'PATCH', '/settings')).toBeTruthy())
    expect(bodyOf(spy, 'PATCH', '/settings')).toMatchObject({
      invoicePaymentLimit: 15,
      invoicePaymentEndOfMonth: false,
    })
    expect(await screen.findByText(messages.generic.saved)).toBeTruthy()
  })
})

describe('SalesSettingsPage: recurring invoices', () => {
  const section = async () => within(await screen.findByRole('region', { name: 'Factures récurrentes' }))

  it('saves the defaults of new recurring invoices and their message on a plan that has them', async () => {
    const spy = stubApi([
      { path: '/me', body: me() },
      { path: '/settings', body: { data: settings } },
      { method: 'PATCH', path: '/settings', body: { data: { ...settings, recurringUnit: 'week' } } },
    ])
    renderPage(<SalesSettingsPage />)
    const recurring = await section()
    await waitFor(() =>
      expect(recurring.getByRole('radio', { name: 'Valider et envoyer par e-mail' })).toHaveProperty('disabled', false),
    )
    fireEvent.click(recurring.getByRole('radio', { name: 'Valider et envoyer par e-mail' }))
    fireEvent.click(recurring.getByRole('radio', { name: "Après un nombre d'échéances" }))
    fireEvent.change(recurring.getByRole('textbox', { name: /Message des factures récurrentes/ }), {
      target: { value: 'Bonjour {client}' },
    })
    const form = within(screen.getByRole('form', { name: 'Réglages des ventes' }))
    fireEvent.click(form.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(bodyOf(spy, 'PATCH', '/settings')).toBeTruthy())
    expect(bodyOf(spy, 'PATCH', '/settings')).toMatchObject({
      recurringUnit: 'month',
      recurringCreationOption: 'send',
      recurringEndingType: 'occurrences',
      recurringEmail: 'Bonjour {client}',
    })
  })

  it('are locked, with the star and the plan needed, on a plan without recurring invoices', async () => {
    stubApi([
      { path: '/me', body: me({ features: [] }) },
      { path: '/settings', body: { data: settings } },
    ])
    renderPage(<SalesSettingsPage />)
    const recurring = await section()
    expect(await recurring.findByText(messages.recurring.premiumRequired)).toBeTruthy()
    expect(recurring.getByRole('img', { name: 'Réservé aux formules Plus' })).toBeTruthy()
    expect(recurring.getByRole('radio', { name: 'Créer un brouillon à valider' })).toHaveProperty('disabled', true)
    expect(recurring.getByRole('textbox', { name: /Message des factures récurrentes/ })).toHaveProperty(
      'disabled',
      true,
    )
  })
})

describe('SalesSettingsPage: late-invoice reminders', () => {
  it('switches the weekly reminders off on a plan that has them', async () => {
    const spy = stubApi([
      { path: '/me', body: me({ features: ['reminders'] }) },
      { path: '/settings', body: { data: settings } },
      { method: 'PATCH', path: '/settings', body: { data: { ...settings, lateInvoiceReminders: false } } },
    ])
    renderPage(<SalesSettingsPage />)
    const reminders = await screen.findByRole('switch', { name: /Relancer les factures en retard/ })
    expect(reminders).toHaveProperty('checked', true)
    fireEvent.click(reminders)
    const form = within(screen.getByRole('form', { name: 'Réglages des ventes' }))
    fireEvent.click(form.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() => expect(bodyOf(spy, 'PATCH', '/settings')).toBeTruthy())
    expect(bodyOf(spy, 'PATCH', '/settings')).toMatchObject({ lateInvoiceReminders: false })
  })

  it('are not offered on the free formula', async () => {
    stubApi([
      { path: '/me', body: me({ features: [] }) },
      { path: '/settings', body: { data: settings } },
    ])
    renderPage(<SalesSettingsPage />)
    await screen.findByRole('form', { name: 'Réglages des ventes' })
    await waitFor(() => expect(screen.getByRole('switch', { name: /Remises/ })).toBeTruthy())
    expect(screen.queryByRole('switch', { name: /Relancer les factures en retard/ })).toBeNull()
  })
})
