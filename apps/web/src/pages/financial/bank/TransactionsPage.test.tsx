import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, whereIs } from '../../../components/test-utils'
import { connection } from '../../../test-support/fakeConnectionsApi'
import { CATEGORIES, meBody, sentTo, stubBankApi } from '../../../test-support/fakeTransactionsApi'
import { TransactionsPage } from './TransactionsPage'
import { bakery, bakeryAgain, client, lastListQuery, phone, rent, row, unknown } from './transactionsPageFixtures'

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

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
