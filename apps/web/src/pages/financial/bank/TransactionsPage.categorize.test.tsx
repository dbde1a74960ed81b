import { messages } from '@app/domain'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../../components/test-utils'
import { CATEGORIES, getsTo, meBody, sentTo, stubBankApi } from '../../../test-support/fakeTransactionsApi'
import { TransactionsPage } from './TransactionsPage'
import { bakery, bakeryAgain, bakeryThird, client } from './transactionsPageFixtures'

describe('TransactionsPage: categorising from the list, one by one or a selection at a time', () => {
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
})
