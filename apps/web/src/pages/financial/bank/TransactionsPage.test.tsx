import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, whereIs } from '../../../components/test-utils'
import { connection } from '../connections/fakeConnectionsApi'
import { allocation, CATEGORIES, getsTo, meBody, sentTo, stubBankApi, transaction } from './fakeTransactionsApi'
import { TransactionsPage } from './TransactionsPage'

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const bakery = transaction()
const bakeryAgain = transaction({ id: 2, datedAt: '2026-02-20', rawName: 'CB BOULANGERIE MARTIN 20/02' })
const bakeryThird = transaction({ id: 3, datedAt: '2026-02-12', rawName: 'CB BOULANGERIE MARTIN 12/02' })
const client = transaction({
  id: 4,
  name: 'Virement Atelier Dupont',
  rawName: 'VIR SEPA ATELIER DUPONT FACT 12',
  amount: '1200.00',
  datedAt: '2026-03-03',
  transactionAllocations: [allocation(CATEGORIES.sales, '1200.00', 1)],
  commentCount: 2,
  note: 'Acompte du projet',
})
const rent = transaction({
  id: 5,
  name: 'Loyer avril',
  rawName: 'PRLV SCI DES LILAS',
  amount: '-800.00',
  datedAt: '2026-04-05',
  isFuture: true,
})
const phone = transaction({
  id: 6,
  name: 'Orange',
  rawName: 'PRLV ORANGE',
  amount: '-39.99',
  datedAt: '2026-02-27',
  isValidated: true,
  transactionAllocations: [allocation(CATEGORIES.phone, '-20.00'), allocation(CATEGORIES.food, '-19.99')],
})
const unknown = transaction({
  id: 7,
  name: 'Retrait DAB',
  rawName: 'RETRAIT DAB 01/03',
  amount: '-60.00',
  datedAt: '2026-03-01',
  isChecked: true,
  transactionAllocations: [allocation(CATEGORIES.holding, '-60.00', 302)],
})

const row = (name: string) => {
  const open = screen.getByRole('button', { name: `Ouvrir ${name}` })
  return within(open.closest('.mantine-Paper-root') as HTMLElement)
}
const lastListQuery = (spy: ReturnType<typeof stubBankApi>) => getsTo(spy, '/transactions').at(-1)?.searchParams

describe('TransactionsPage', () => {
  it('shows the future transactions first, then months and days, with each item’s bank, category and amount', async () => {
    stubBankApi({ transactions: [rent, bakery, client, unknown, phone] })
    renderPage(<TransactionsPage />, { route: '/app/financial/bank' })
    const future = await screen.findByRole('region', { name: 'À venir' })
    const march = screen.getByRole('region', { name: 'Mars 2026' })
    const february = screen.getByRole('region', { name: 'Février 2026' })
    expect(future.compareDocumentPosition(march) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(march.compareDocumentPosition(february) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(within(future).getByText('Loyer avril')).toBeTruthy()
    // Two transactions of 3 March under one heading, then 1 March.
    expect(within(march).getAllByText('mardi 3 mars')).toHaveLength(1)
    expect(within(march).getByText('dimanche 1er mars')).toBeTruthy()

    expect(screen.getByRole('heading', { name: 'Banque' })).toBeTruthy()
    expect(screen.getByLabelText('5 au total')).toBeTruthy()
    expect(row('Boulangerie Martin').getByLabelText('Société Générale')).toBeTruthy()
    expect(row('Boulangerie Martin').getByRole('button', { name: /: À catégoriser$/ })).toBeTruthy()
    expect(row('Boulangerie Martin').getByText('-42,00 €')).toBeTruthy()
    const income = row('Virement Atelier Dupont').getByText('+1 200,00 €')
    expect(income.getAttribute('data-income')).toBe('true')
    expect(row('Virement Atelier Dupont').getByRole('button', { name: /: Prestations de services$/ })).toBeTruthy()
    expect(row('Virement Atelier Dupont').getByLabelText('2 commentaires')).toBeTruthy()
    expect(row('Virement Atelier Dupont').getByLabelText('Note')).toBeTruthy()
    expect(row('Orange').getByRole('button', { name: /: Catégories multiples$/ })).toBeTruthy()
    expect(row('Retrait DAB').getByRole('button', { name: /: Compte d'attente$/ })).toBeTruthy()
    // The bank balance of the active account is on the page.
    expect(await screen.findByRole('region', { name: 'Solde bancaire' })).toBeTruthy()
  })

  it('shows the raw bank label in the name’s tooltip', async () => {
    stubBankApi({ transactions: [bakery] })
    renderPage(<TransactionsPage />)
    fireEvent.mouseEnter(await screen.findByText('Boulangerie Martin'))
    expect(await screen.findByText('CB BOULANGERIE MARTIN 03/03 PARIS')).toBeTruthy()
  })

  it('locks checked and validated items: no checkbox, a tick or a lock, no category change', async () => {
    stubBankApi({ transactions: [bakery, phone, unknown] })
    renderPage(<TransactionsPage />)
    await screen.findByRole('button', { name: 'Ouvrir Orange' })
    expect(row('Boulangerie Martin').getByRole('checkbox', { name: 'Sélectionner Boulangerie Martin' })).toBeTruthy()
    expect(row('Orange').queryByRole('checkbox')).toBeNull()
    expect(row('Orange').getByRole('img', { name: 'Validée' })).toBeTruthy()
    expect(row('Retrait DAB').queryByRole('checkbox')).toBeNull()
    expect(row('Retrait DAB').getByRole('img', { name: 'Vérifiée' })).toBeTruthy()
    expect(row('Retrait DAB').getByRole('button', { name: /: Compte d'attente$/ })).toHaveProperty('disabled', true)
    expect(row('Orange').getByRole('button', { name: /: Catégories multiples$/ })).toHaveProperty('disabled', true)
  })

  it('sends to the disconnected-bank screen when a connection is past its 90 days, unless reached by bypass', async () => {
    const expired = connection({ needsRenewal: true, expiresAt: '2026-01-01T00:00:00.000Z' })
    const routes = [
      { path: '/bank-connections', body: { data: [expired], meta: { total: 1, page: 1, pageSize: 1000 } } },
    ]
    stubBankApi({ transactions: [bakery] }, routes)
    const { router } = renderPage(<TransactionsPage />, { route: '/app/financial/bank' })
    await waitFor(() => expect(whereIs(router)).toBe('/app/oups/disconnected-bank'))
    cleanup()

    stubBankApi({ transactions: [bakery] }, routes)
    renderPage(<TransactionsPage />, { route: '/app/financial/bank?bypass=true' })
    expect(await screen.findByRole('button', { name: /^Ouvrir / })).toBeTruthy()
  })

  it('asks the tab’s filter: Toutes the current fiscal year, then uncategorised, to justify, archived', async () => {
    const spy = stubBankApi({ transactions: [bakery, bakeryAgain, client] })
    const { router } = renderPage(<TransactionsPage />, { route: '/app/financial/bank' })
    await screen.findByRole('button', { name: 'Ouvrir Virement Atelier Dupont' })
    expect(lastListQuery(spy)?.get('filter[isArchived]')).toBe('false')
    expect(lastListQuery(spy)?.get('filter[journalTypeCode]')).toBe('BQ')

    fireEvent.click(await screen.findByRole('tab', { name: 'À catégoriser (2)' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/financial/bank?uncategorized=true'))
    await waitFor(() => expect(lastListQuery(spy)?.get('filter[uncategorized]')).toBe('true'))
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Ouvrir Virement Atelier Dupont' })).toBeNull())

    fireEvent.click(screen.getByRole('tab', { name: 'À justifier' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/financial/bank?toJustify=true'))
    await waitFor(() => expect(lastListQuery(spy)?.get('filter[toJustify]')).toBe('true'))
    expect(lastListQuery(spy)?.get('filter[uncategorized]')).toBeNull()

    fireEvent.click(screen.getByRole('tab', { name: 'Archivées' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/financial/bank?isArchived=true'))
    await waitFor(() => expect(lastListQuery(spy)?.get('filter[isArchived]')).toBe('true'))
    expect(screen.getByRole('tab', { name: 'Archivées' }).getAttribute('aria-selected')).toBe('true')

    fireEvent.click(screen.getByRole('tab', { name: 'Toutes' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/financial/bank'))
    await waitFor(() => expect(lastListQuery(spy)?.get('filter[isArchived]')).toBe('false'))
  })

  it('applies the filter drawer into the URL: page back to 1, empty/all/0 dropped, amount 0 kept, bypass kept', async () => {
    const spy = stubBankApi({ transactions: [bakery] })
    const { router } = renderPage(<TransactionsPage />, {
      route: '/app/financial/bank?page=3&bypass=true&journalId=1&whereType=debit',
    })
    fireEvent.click(await screen.findByRole('button', { name: 'Filtres (2 actifs)' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Filtres' }))
    fireEvent.change(drawer.getByLabelText('Montant minimum'), { target: { value: '0' } })
    fireEvent.change(drawer.getByLabelText('Montant maximum'), { target: { value: '150,5' } })
    fireEvent.change(drawer.getByLabelText('Recherche'), { target: { value: '  boulangerie ' } })
    const pick = async (label: string, option: string) => {
      fireEvent.click(drawer.getByRole('combobox', { name: label }))
      fireEvent.click(await screen.findByRole('option', { name: option }))
    }
    await pick('Type', 'Toutes')
    await pick('Commentaire', 'Sans')
    await pick('Statut', 'Toutes')
    fireEvent.click(drawer.getByRole('button', { name: 'Appliquer' }))

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        search: 'boulangerie',
        amountMin: '0',
        amountMax: '150.5',
        journalId: '1',
        withComment: 'false',
        isArchived: 'all',
        bypass: 'true',
      }),
    )
    await waitFor(() => expect(lastListQuery(spy)?.get('filter[amountMin]')).toBe('0'))
    const sent = lastListQuery(spy)
    expect(sent?.get('page')).toBe('1')
    expect(sent?.get('filter[search]')).toBe('boulangerie')
    expect(sent?.get('filter[withComment]')).toBe('false')
    expect(sent?.get('filter[whereType]')).toBeNull()
    expect(sent?.get('filter[isArchived]')).toBeNull()
    expect(screen.queryByRole('dialog', { name: 'Filtres' })).toBeNull()
    // The count of the reset button ignores page and open; the drawer's counts only its own fields.
    expect(screen.getByRole('button', { name: 'Réinitialiser les filtres (7 actifs)' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Filtres (6 actifs)' })).toBeTruthy()

    // An amount bound can be emptied again (a money input would put back its former value).
    fireEvent.click(screen.getByRole('button', { name: 'Filtres (6 actifs)' }))
    const again = within(await screen.findByRole('dialog', { name: 'Filtres' }))
    const max = again.getByLabelText('Montant maximum')
    expect(max).toHaveProperty('value', '150,5')
    fireEvent.focus(max)
    fireEvent.change(max, { target: { value: '' } })
    fireEvent.blur(max)
    fireEvent.click(again.getByRole('button', { name: 'Appliquer' }))
    await waitFor(() => expect(router.state.location.search).not.toContain('amountMax'))
    expect(router.state.location.search).toContain('amountMin=0')

    fireEvent.click(screen.getByRole('button', { name: 'Filtres (5 actifs)' }))
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Filtres' })).getByText('Réinitialiser'))
    await waitFor(() => expect(whereIs(router)).toBe('/app/financial/bank'))
  })

  it('shows the bulk bar from two selected, the server’s refusal as a toast, then a success that clears the selection', async () => {
    const spy = stubBankApi({ transactions: [bakery, bakeryAgain, client] })
    renderPage(<TransactionsPage />)
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Sélectionner Virement Atelier Dupont' }))
    expect(screen.queryByRole('button', { name: 'Valider' })).toBeNull()
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Sélectionner Boulangerie Martin' })[0] as HTMLElement)
    expect(await screen.findByText('2 sélectionnées')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Valider' }))
    expect(await screen.findByText(messages.transactions.bulkNotCategorized)).toBeTruthy()
    expect(sentTo(spy, 'POST', '/transactions/bulk')).toEqual([{ action: 'validate', ids: [1, 4] }])
    // All or nothing: the selection stays for another try.
    expect(screen.getByText('2 sélectionnées')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Sans justificatif' }))
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
    expect(sentTo(spy, 'POST', '/transactions/bulk')[1]).toEqual({ action: 'no-receipt', ids: [1, 4] })
    await waitFor(() => expect(screen.queryByText('2 sélectionnées')).toBeNull())
  })

  it('gives one category to the selection through "Même catégorie", refused over money in and out', async () => {
    const spy = stubBankApi({ transactions: [bakery, bakeryAgain, client] })
    renderPage(<TransactionsPage />)
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Tout sélectionner' }))
    expect(await screen.findByText('3 sélectionnées')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Même catégorie' }))
    const modal = within(await screen.findByRole('dialog', { name: 'Même catégorie' }))
    fireEvent.click(modal.getByRole('button', { name: 'Catégorie à appliquer' }))
    fireEvent.change(await screen.findByRole('textbox', { name: 'Rechercher une catégorie' }), {
      target: { value: 'reception' },
    })
    fireEvent.click(await screen.findByRole('option', { name: 'Réceptions' }))
    fireEvent.click(modal.getByRole('button', { name: 'Appliquer' }))
    expect(await screen.findByText(messages.transactions.bulkMixedSigns)).toBeTruthy()
    expect(sentTo(spy, 'POST', '/transactions/bulk')).toEqual([
      { action: 'categorize', ids: [1, 2, 4], accountingEntryId: CATEGORIES.food.id },
    ])
  })

  it('categorises from the list with one part for the whole amount, then offers the category to the same label', async () => {
    const spy = stubBankApi({ transactions: [bakery, bakeryAgain, bakeryThird, client] })
    renderPage(<TransactionsPage />)
    await screen.findByRole('button', { name: 'Ouvrir Virement Atelier Dupont' })
    const bakeryRow = within(
      screen
        .getAllByRole('button', { name: 'Ouvrir Boulangerie Martin' })[0]
        ?.closest('.mantine-Paper-root') as HTMLElement,
    )
    fireEvent.click(bakeryRow.getByRole('button', { name: 'Catégorie de Boulangerie Martin : À catégoriser' }))
    // Accents and case do not matter, the tags count: "boulangerie" is a tag of Réceptions.
    fireEvent.change(await screen.findByRole('textbox', { name: 'Rechercher une catégorie' }), {
      target: { value: 'BOULANGÉRIE' },
    })
    const options = await screen.findAllByRole('option')
    expect(options.map((option) => option.getAttribute('aria-label'))).toEqual(['Réceptions'])
    fireEvent.click(options[0] as HTMLElement)

    await waitFor(() => expect(sentTo(spy, 'PATCH', '/transactions/1')).toHaveLength(1))
    expect(sentTo(spy, 'PATCH', '/transactions/1')[0]).toEqual({
      allocations: [
        {
          name: 'Boulangerie Martin',
          amount: '-42.00',
          accountingEntryId: CATEGORIES.food.id,
          taxId: 101,
          taxManual: false,
        },
      ],
    })
    const modal = within(await screen.findByRole('dialog', { name: 'Transactions avec le même libellé' }))
    expect(getsTo(spy, '/transactions').some((url) => url.searchParams.get('filter[sameAs]') === '1')).toBe(true)
    const lookup = getsTo(spy, '/transactions').find((url) => url.searchParams.get('filter[sameAs]') === '1')
    expect(lookup?.searchParams.get('filter[uncategorized]')).toBe('true')
    expect(lookup?.searchParams.get('pageSize')).toBe('999')
    expect(modal.getByText(/2 autres transactions ont le même libellé/)).toBeTruthy()
    fireEvent.click(modal.getByRole('button', { name: 'Appliquer à 2 transactions' }))
    await waitFor(() =>
      expect(sentTo(spy, 'POST', '/transactions/bulk')).toEqual([
        { action: 'categorize', ids: [2, 3], accountingEntryId: CATEGORIES.food.id },
      ]),
    )
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Transactions avec le même libellé' })).toBeNull())
    await waitFor(() => expect(screen.getAllByRole('button', { name: /: Réceptions$/ })).toHaveLength(3))
  })

  it('applies a suggestion with its tax; without another transaction of that label no modal opens', async () => {
    const spy = stubBankApi({
      transactions: [bakery, client],
      suggestions: {
        1: [
          { accountingEntry: CATEGORIES.food, taxId: 101, source: 'history' },
          { accountingEntry: CATEGORIES.phone, taxId: 101, source: 'tags' },
        ],
      },
    })
    renderPage(<TransactionsPage />)
    const chips = within(await screen.findByRole('group', { name: 'Suggestions pour Boulangerie Martin' }))
    // Only the uncategorised transaction asks for suggestions.
    expect(getsTo(spy, '/transactions/4/suggestions')).toHaveLength(0)
    fireEvent.click(await chips.findByRole('button', { name: 'Catégoriser en Réceptions' }))
    await waitFor(() => expect(sentTo(spy, 'PATCH', '/transactions/1')).toHaveLength(1))
    expect(sentTo(spy, 'PATCH', '/transactions/1')[0].allocations[0]).toMatchObject({
      accountingEntryId: CATEGORIES.food.id,
      taxId: 101,
    })
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
    await waitFor(() => expect(screen.getByRole('button', { name: /Boulangerie Martin : Réceptions$/ })).toBeTruthy())
    expect(screen.queryByRole('dialog', { name: 'Transactions avec le même libellé' })).toBeNull()
  })

  it('gives a tax-free organisation’s category the no-VAT tax', async () => {
    const spy = stubBankApi({ transactions: [bakery], me: meBody({ isTaxFree: true }) })
    renderPage(<TransactionsPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Catégorie de Boulangerie Martin : À catégoriser' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Frais postaux et de télécommunications' }))
    await waitFor(() => expect(sentTo(spy, 'PATCH', '/transactions/1')).toHaveLength(1))
    expect(sentTo(spy, 'PATCH', '/transactions/1')[0].allocations[0].taxId).toBe(106)
  })

  it('opens a transaction at /app/financial/bank/{id}/show, keeping the list’s parameters', async () => {
    stubBankApi({ transactions: [bakery] })
    const { router } = renderPage(<TransactionsPage />, { route: '/app/financial/bank?uncategorized=true' })
    fireEvent.click(await screen.findByRole('button', { name: 'Ouvrir Boulangerie Martin' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/financial/bank/1/show?uncategorized=true'))
  })

  it('says that no bank account is connected yet, with the ways out, unless reached by bypass', async () => {
    stubBankApi({ transactions: [], journals: [] })
    renderPage(<TransactionsPage />, { route: '/app/financial/bank' })
    expect(await screen.findByText(messages.empty.noBank)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ajouter un compte bancaire' }).getAttribute('href')).toBe(
      '/app/setting/financial',
    )
    expect(screen.getByRole('link', { name: 'Importer un relevé' }).getAttribute('href')).toBe(
      '/app/financial/bank/import',
    )
    expect(screen.getByRole('link', { name: 'Connecter ma banque' }).getAttribute('href')).toBe(
      '/app/oups/bank-first-connexion',
    )
    expect(
      screen.getByRole('link', { name: 'Voir mes transactions sans connecter de banque' }).getAttribute('href'),
    ).toBe('/app/financial/bank?bypass=true')
    cleanup()
    stubBankApi({ transactions: [], journals: [] })
    renderPage(<TransactionsPage />, { route: '/app/financial/bank?bypass=true' })
    expect(await screen.findByText(messages.generic.noResult)).toBeTruthy()
    expect(screen.getByRole('tab', { name: 'Toutes' })).toBeTruthy()
  })

  it('adds a transaction by hand: the only account chosen, money out negative, one part for its category', async () => {
    const spy = stubBankApi({ transactions: [client] })
    renderPage(<TransactionsPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Nouvelle transaction' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Nouvelle transaction' }))
    await waitFor(() =>
      expect(drawer.getByRole('combobox', { name: /^Compte bancaire/ })).toHaveProperty('value', 'Compte pro'),
    )
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect((await drawer.findAllByText(messages.validation.required)).length).toBeGreaterThan(0)
    expect(sentTo(spy, 'POST', '/transactions')).toHaveLength(0)

    fireEvent.change(drawer.getByRole('textbox', { name: /^Libellé/ }), { target: { value: 'Chèque n°123' } })
    fireEvent.change(drawer.getByRole('textbox', { name: /^Montant/ }), { target: { value: '250,5' } })
    fireEvent.click(drawer.getByRole('button', { name: 'Catégorie' }))
    fireEvent.click(await screen.findByRole('option', { name: 'Frais postaux et de télécommunications' }))
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))

    await waitFor(() => expect(sentTo(spy, 'POST', '/transactions')).toHaveLength(1))
    const body = sentTo(spy, 'POST', '/transactions')[0]
    expect(body).toMatchObject({
      journalId: 1,
      name: 'Chèque n°123',
      amount: '-250.5',
      allocations: [
        {
          name: 'Chèque n°123',
          amount: '-250.5',
          accountingEntryId: CATEGORIES.phone.id,
          taxId: 101,
          taxManual: false,
        },
      ],
    })
    expect(body.datedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(await screen.findByRole('button', { name: 'Ouvrir Chèque n°123' })).toBeTruthy()
  })

  it('hides the bank balance from a demo organisation', async () => {
    stubBankApi({ transactions: [bakery], me: meBody({ isDemo: true }) })
    renderPage(<TransactionsPage />)
    await screen.findByRole('button', { name: 'Ouvrir Boulangerie Martin' })
    expect(screen.queryByRole('region', { name: 'Solde bancaire' })).toBeNull()
  })
})
