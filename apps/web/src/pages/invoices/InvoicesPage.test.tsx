import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi, whereIs } from '../../components/test-utils'
import { bodiesOf, rowMenu } from '../../test-support/documentFixtures'
import { InvoicesPage } from './InvoicesPage'
import { creditNote, draft, full, listItem, pending, routes, state } from './invoicesPageFixtures'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('InvoicesPage', () => {
  it('groups rows by month, newest first, with date, "Aucune" reference, "Aucun" client, payments and amounts', async () => {
    stubApi(routes([listItem(), pending]))
    renderPage(<InvoicesPage />, { route: '/app/sales/invoices' })
    const march = await screen.findByRole('region', { name: 'Mars 2026' })
    const february = screen.getByRole('region', { name: 'Février 2026' })
    expect(march.compareDocumentPosition(february) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(march).getByText('mardi 3 mars')).toBeTruthy()
    expect(within(march).getByText('Aucune · Aucun')).toBeTruthy()
    expect(within(february).getByText('F-2026-0001 · Atelier Dupont')).toBeTruthy()
    expect(within(february).getByText('Règlement de 500,00 € le 20/02/2026')).toBeTruthy()
    expect(within(march).getByText('1 200,00 €')).toBeTruthy()
    expect(within(march).getByText('1 440,00 €')).toBeTruthy()
    expect(screen.getByText('Factures')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Nouvelle facture' }).getAttribute('href')).toBe('/app/sales/invoices/new')
    expect(screen.getByRole('link', { name: 'Nouvel avoir' }).getAttribute('href')).toBe(
      '/app/sales/invoices/new?credit=true',
    )
  })

  it('shows a credit note marked "Avoir" with its negative amounts in red, and one "Net à payer" when tax-free', async () => {
    stubApi(
      routes([
        creditNote,
        listItem({ id: 13, name: 'Franchise', taxFree: true, amount: '800.00', datedAt: '2026-02-01' }),
      ]),
    )
    renderPage(<InvoicesPage />)
    expect(await screen.findByText('Avoir')).toBeTruthy()
    expect(screen.getByText('-100,00 €').getAttribute('style')).toContain('red')
    expect(screen.getByText('800,00 €').getAttribute('style') ?? '').not.toContain('red')
    expect(screen.getByText('Net à payer')).toBeTruthy()
  })

  it('says on each row where an invoice stands on the e-invoicing network: refused, by e-mail, not sent', async () => {
    stubApi(
      routes([
        listItem({ id: 21, name: 'Refusée', eInvoiceStatus: { code: 210, label: 'Refusée', delivery: 'sent' } }),
        listItem({
          id: 22,
          name: 'Hors annuaire',
          eInvoiceStatus: { code: null, label: 'Par e-mail', delivery: 'skipped' },
        }),
        listItem({
          id: 23,
          name: 'En échec',
          eInvoiceStatus: { code: null, label: 'Non transmise', delivery: 'failed' },
        }),
        listItem({ id: 24, name: 'Avant la plateforme', eInvoiceStatus: null }),
      ]),
    )
    renderPage(<InvoicesPage />)
    const row = async (name: string) =>
      (await screen.findByRole('button', { name: new RegExp(`^${name}$`) })).closest('li') as HTMLElement
    const expected: [string, string][] = [
      ['Refusée', 'Refusée'],
      ['Hors annuaire', 'Par e-mail'],
      ['En échec', 'Non transmise'],
    ]
    for (const [name, label] of expected) {
      const item = await row(name)
      expect(within(item).getByText('Facture électronique')).toBeTruthy()
      expect(within(item).getAllByText(label).length).toBeGreaterThan(0)
    }
    expect(within(await row('Avant la plateforme')).queryByText('Facture électronique')).toBeNull()
  })

  it('filters by status through the tabs and the summary (status=PAID…)', async () => {
    const spy = stubApi(routes([pending]))
    const { router } = renderPage(<InvoicesPage />, { route: '/app/sales/invoices' })
    const paid = await screen.findByRole('button', { name: /^Payée : 1\s234,50\s€, 2 factures$/ })
    fireEvent.click(paid)
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/invoices?status=PAID'))
    await waitFor(() =>
      expect(spy.mock.calls.some(([url]) => String(url).includes('filter%5Bstate%5D=PAID'))).toBe(true),
    )
    fireEvent.click(screen.getByRole('button', { name: /^En retard/ }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/invoices?status=LATE'))
    fireEvent.click(await screen.findByRole('tab', { name: 'Brouillon' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/invoices?status=DRAFT'))
    fireEvent.click(screen.getByRole('tab', { name: 'Toutes' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/invoices'))
  })

  it('says "Aucune facture pour le moment" when there is none, "Aucun résultat" under a filter', async () => {
    stubApi(routes([]))
    renderPage(<InvoicesPage />, { route: '/app/sales/invoices' })
    expect(await screen.findByText('Aucune facture pour le moment')).toBeTruthy()
    cleanup()
    stubApi(routes([]))
    renderPage(<InvoicesPage />, { route: '/app/sales/invoices?status=PAID' })
    expect(await screen.findByText('Aucun résultat')).toBeTruthy()
  })

  it('offers only the actions the state table allows: draft, pending invoice, credit note (never made recurring)', async () => {
    stubApi(routes([draft, pending, creditNote]))
    renderPage(<InvoicesPage />)
    expect(await rowMenu('Site vitrine')).toEqual([
      'Télécharger le PDF',
      'Modifier',
      'Valider',
      'Dupliquer',
      'Créer une facture récurrente',
      'Supprimer',
    ])
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' })
    cleanup()
    stubApi(routes([draft, pending, creditNote]))
    renderPage(<InvoicesPage />)
    expect(await rowMenu('Refonte')).toEqual([
      'Télécharger le PDF',
      'Enregistrer un paiement',
      'Marquer comme payée',
      'Renvoyer par e-mail',
      'Copier le lien de partage',
      'Avoir partiel',
      'Avoir total',
      'Dupliquer',
      'Créer une facture récurrente',
    ])
    cleanup()
    stubApi(routes([draft, pending, creditNote]))
    renderPage(<InvoicesPage />)
    expect(await rowMenu('Avoir refonte')).toEqual([
      'Télécharger le PDF',
      'Marquer comme payée',
      'Renvoyer par e-mail',
      'Copier le lien de partage',
      'Dupliquer',
    ])
  })

  it('asks a partial credit note amount, shows what remains, posts {partial: true, amount} and shows a 422 under the field', async () => {
    const spy = stubApi(
      routes(
        [pending],
        [
          {
            method: 'POST',
            path: '/invoices/11/credit-note',
            status: 422,
            body: {
              message: 'Données invalides',
              code: 'VALIDATION',
              errors: { amount: ['Le montant ne peut pas dépasser ce qui reste à créditer (1 440,00 €).'] },
            },
          },
        ],
      ),
    )
    renderPage(<InvoicesPage />)
    await rowMenu('Refonte')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Avoir partiel' }))
    expect(await screen.findByText('Reste à créditer : 1 440,00 €')).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: /^Montant TTC/ }), { target: { value: '100,5' } })
    fireEvent.click(screen.getByRole('button', { name: "Créer l'avoir" }))
    expect(
      await screen.findByText('Le montant ne peut pas dépasser ce qui reste à créditer (1 440,00 €).'),
    ).toBeTruthy()
    expect(bodiesOf(spy, 'POST', '/invoices/11/credit-note')).toEqual([{ partial: true, amount: '100.5' }])
  })

  it('confirms a total credit note, then says "Avoir créé" and where to find it', async () => {
    const spy = stubApi(
      routes(
        [pending],
        [{ method: 'POST', path: '/invoices/11/credit-note', status: 201, body: { data: full(creditNote) } }],
      ),
    )
    renderPage(<InvoicesPage />)
    await rowMenu('Refonte')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Avoir total' }))
    expect(
      await screen.findByText(
        'Un avoir du montant total sera créé et ta facture sera annulée. Cette action est irréversible !',
      ),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: "Créer l'avoir" }))
    expect(await screen.findByText('Avoir créé')).toBeTruthy()
    expect(screen.getByText('Tu le retrouveras dans la liste des factures.')).toBeTruthy()
    expect(bodiesOf(spy, 'POST', '/invoices/11/credit-note')).toEqual([{ partial: false }])
  })

  it("shows the server's message as the toast description when an action is refused", async () => {
    stubApi(
      routes(
        [pending],
        [
          {
            method: 'POST',
            path: '/invoices/11/credit-note',
            status: 409,
            body: { message: 'Cette facture a déjà été entièrement créditée.', code: 'CONFLICT' },
          },
        ],
      ),
    )
    renderPage(<InvoicesPage />)
    await rowMenu('Refonte')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Avoir total' }))
    fireEvent.click(await screen.findByRole('button', { name: "Créer l'avoir" }))
    expect(await screen.findByText('Cette facture a déjà été entièrement créditée.')).toBeTruthy()
    expect(screen.getByText('Une erreur est survenue.')).toBeTruthy()
  })

  it('marks an invoice paid on the chosen date and changes the payment date of a paid one', async () => {
    const paid = listItem({
      id: 14,
      name: 'Logo',
      state: state('PAID'),
      stateId: 5,
      paymentDateAt: '2026-03-05',
      reference: 'F-2026-0002',
    })
    const spy = stubApi(
      routes(
        [pending, paid],
        [
          { method: 'POST', path: '/invoices/11/mark-as-paid', body: { data: full(pending) } },
          { method: 'PATCH', path: '/invoices/14/payment-date', body: { data: full(paid) } },
        ],
      ),
    )
    renderPage(<InvoicesPage />)
    const picker = (await screen.findByRole('textbox', { name: 'Date de paiement de Logo' })) as HTMLInputElement
    expect(picker.value).toBe('05/03/2026')
    fireEvent.focus(picker)
    fireEvent.change(picker, { target: { value: '06/03/2026' } })
    fireEvent.blur(picker)
    await waitFor(() =>
      expect(
        spy.mock.calls.some(
          ([url, init]) =>
            init?.method === 'PATCH' && String(url).endsWith('/invoices/14/payment-date?date=2026-03-06'),
        ),
      ).toBe(true),
    )

    await rowMenu('Refonte')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Marquer comme payée' }))
    const date = (await screen.findByRole('textbox', { name: /^Date de paiement$/ })) as HTMLInputElement
    fireEvent.focus(date)
    fireEvent.change(date, { target: { value: '01/03/2026' } })
    fireEvent.blur(date)
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    await waitFor(() =>
      expect(bodiesOf(spy, 'POST', '/invoices/11/mark-as-paid')).toEqual([
        { paymentDateAt: '2026-03-01', method: 'TRANSFER' },
      ]),
    )
  })

  it('opens the details drawer from a row (?open=id) with its tabs, and says so when it cannot load', async () => {
    stubApi(routes([pending]))
    const { router } = renderPage(<InvoicesPage />, { route: '/app/sales/invoices' })
    fireEvent.click(await screen.findByRole('button', { name: 'Refonte' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/invoices?open=11'))
    expect(await screen.findByText('Prévisualisation indisponible')).toBeTruthy()
    fireEvent.click(screen.getByRole('tab', { name: 'Commentaires' }))
    expect(await screen.findByText("Il n'y a aucun commentaire.")).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Commentaires' })).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Historique' })).toBeTruthy()
    expect(screen.getByRole('table', { name: 'Ventilation de la TVA' })).toBeTruthy()
    const mentions = screen.getByLabelText('Mentions obligatoires')
    expect(mentions.textContent).toContain("Nature de l'opération")
    expect(screen.queryByRole('button', { name: /Réinitialiser/ })).toBeNull()
    cleanup()
    stubApi(routes([]))
    renderPage(<InvoicesPage />, { route: '/app/sales/invoices?open=99' })
    expect(await screen.findByText('Une erreur est survenue lors du chargement des données.')).toBeTruthy()
  })

  it('shows a 176x224 preview per invoice in the grid view, waiting to be on screen', async () => {
    stubApi(routes([pending]))
    renderPage(<InvoicesPage />, { route: '/app/sales/invoices?view=grid' })
    await screen.findAllByText('Refonte')
    const preview = screen.getByLabelText("Chargement de l'aperçu").parentElement as HTMLElement
    expect(preview.getAttribute('style')).toContain('width: calc(11rem')
    expect(preview.getAttribute('style')).toContain('height: calc(14rem')
  })

  it('duplicates an invoice and lands on the new draft', async () => {
    stubApi(
      routes(
        [pending],
        [{ method: 'POST', path: '/invoices/11/duplicate', status: 201, body: { data: full(listItem({ id: 42 })) } }],
      ),
    )
    const { router } = renderPage(<InvoicesPage />)
    await rowMenu('Refonte')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Dupliquer' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/invoices/42'))
  })
})
