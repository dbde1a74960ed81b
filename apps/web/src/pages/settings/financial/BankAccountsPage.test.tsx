import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../components/test-utils'
import { bodiesSent, journal, stubJournalsApi } from '../../../test-support/fakeJournalsApi'
import { BankAccountsPage } from './BankAccountsPage'

const m = messages.journals

const main = journal()
const savings = journal({
  id: 2,
  name: 'Livret',
  code: 'BQ2',
  accountCode: '5122',
  iban: null,
  isActive: false,
  isDefault: true,
  startingValue: '0.00',
  balance: '-42.10',
  bank: null,
})

afterEach(() => {
  cleanup()
  // Toasts live in a store of their own: a test must not meet the previous one's.
  notifications.clean()
  vi.unstubAllGlobals()
})

const balanceBlock = async () => within(await screen.findByRole('region', { name: 'Solde bancaire' }))
const card = (name: string) => within(screen.getByRole('listitem', { name }))

describe('BankAccountsPage', () => {
  it('shows the active account’s balance and bank, then every account with its details', async () => {
    stubJournalsApi([main, savings])
    renderPage(<BankAccountsPage />)
    const block = await balanceBlock()
    expect(await block.findByText('1 600,39 €')).toBeTruthy()
    expect(block.getByText('Société Générale')).toBeTruthy()
    expect(block.getByText('Compte pro')).toBeTruthy()

    await screen.findByRole('listitem', { name: 'Compte pro' })
    const pro = card('Compte pro')
    expect(pro.getByText('FR76 3000 3000 1100 0500 0157 821')).toBeTruthy()
    expect(pro.getByText('BQ1')).toBeTruthy()
    expect(pro.getByText('Société Générale')).toBeTruthy()
    expect(pro.getByRole('switch', { name: 'Compte actif : Compte pro' })).toHaveProperty('checked', true)
    expect(pro.queryByText('Par défaut')).toBeNull()

    const livret = card('Livret')
    expect(livret.getByText('Banque non identifiée')).toBeTruthy()
    expect(livret.getByText('Par défaut')).toBeTruthy()
    expect(livret.getByText('IBAN non renseigné')).toBeTruthy()
    // A negative balance is written with its minus and stands out.
    const negative = livret.getByText('-42,10 €')
    expect(negative.textContent).toBe('-42,10\u00a0€')
    expect(negative.getAttribute('data-negative')).toBe('true')
    expect(livret.getByRole('switch', { name: 'Compte actif : Livret' })).toHaveProperty('checked', false)
  })

  it('says that no bank account is active, with a link to the bank settings, and that there is none yet', async () => {
    stubJournalsApi([])
    renderPage(<BankAccountsPage />)
    const block = await balanceBlock()
    expect(await block.findByText('Tu n’as activé aucun compte bancaire !')).toBeTruthy()
    expect(block.getByRole('link', { name: 'Gérer mes comptes bancaires' }).getAttribute('href')).toBe(
      '/app/setting/financial',
    )
    expect(await screen.findByText(messages.empty.noBank)).toBeTruthy()
  })

  it('offers to try again when the accounts cannot be loaded', async () => {
    stubJournalsApi([], [{ path: '/journals', status: 500, body: { message: 'Panne', code: 'INTERNAL' } }])
    renderPage(<BankAccountsPage />)
    // The balance block and the list each offer it.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Réessayer' })).toHaveLength(2))
  })

  it('puts the switch back and says why when a second bank account cannot be activated', async () => {
    const spy = stubJournalsApi([main, savings])
    renderPage(<BankAccountsPage />)
    await screen.findByRole('listitem', { name: 'Livret' })
    const toggle = card('Livret').getByRole('switch', { name: 'Compte actif : Livret' })
    fireEvent.click(toggle)
    expect(await screen.findByText('Un autre compte bancaire est déjà actif.')).toBeTruthy()
    expect(screen.getByText(m.toggleHint)).toBeTruthy()
    expect(m.toggleHint).toBe('Si tu souhaites activer un nouveau compte, désactive ton compte actif au préalable.')
    expect(bodiesSent(spy, 'POST', '/journals/2/toggle')).toHaveLength(1)
    await waitFor(() =>
      expect(card('Livret').getByRole('switch', { name: 'Compte actif : Livret' })).toHaveProperty('checked', false),
    )
    expect(screen.queryByText('Enregistré avec succès.')).toBeNull()
  })

  it('switches the active account off, and the balance block says so', async () => {
    stubJournalsApi([main, savings])
    renderPage(<BankAccountsPage />)
    await screen.findByRole('listitem', { name: 'Compte pro' })
    fireEvent.click(card('Compte pro').getByRole('switch', { name: 'Compte actif : Compte pro' }))
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
    expect(await (await balanceBlock()).findByText(m.noActiveBank)).toBeTruthy()
    expect(card('Compte pro').getByRole('switch', { name: 'Compte actif : Compte pro' })).toHaveProperty(
      'checked',
      false,
    )
  })

  it('checks the form with the shared schema before sending, then shows the server’s field errors', async () => {
    const spy = stubJournalsApi(
      [main],
      [
        {
          method: 'POST',
          path: '/journals',
          status: 422,
          body: {
            message: 'Les données sont invalides.',
            code: 'VALIDATION_FAILED',
            errors: { name: ['Ce nom est déjà pris.'] },
          },
        },
      ],
    )
    renderPage(<BankAccountsPage />)
    await screen.findByRole('listitem', { name: 'Compte pro' })
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter un compte bancaire' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Nouveau compte bancaire' }))
    expect(drawer.getByText('Un autre compte bancaire est actif : ce nouveau compte sera créé inactif.')).toBeTruthy()
    fireEvent.change(drawer.getByRole('textbox', { name: 'IBAN' }), {
      target: { value: 'FR7630003000110005000157822' },
    })
    fireEvent.change(drawer.getByRole('textbox', { name: 'BIC' }), { target: { value: 'PAS-UN-BIC' } })
    fireEvent.change(drawer.getByRole('textbox', { name: 'Solde de départ' }), { target: { value: '12,345' } })
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await drawer.findByText('Ce champ est obligatoire')).toBeTruthy()
    expect(drawer.getByText("Cet IBAN n'est pas valide.")).toBeTruthy()
    expect(drawer.getByText("Ce BIC n'est pas valide.")).toBeTruthy()
    expect(drawer.getByText('Le montant ne peut pas avoir plus de 2 décimales')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/journals')).toHaveLength(0)

    fireEvent.change(drawer.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Compte pro' } })
    fireEvent.change(drawer.getByRole('textbox', { name: 'IBAN' }), {
      target: { value: 'fr76 3000 3000 1100 0500 0157 821' },
    })
    fireEvent.change(drawer.getByRole('textbox', { name: 'BIC' }), { target: { value: '' } })
    fireEvent.change(drawer.getByRole('textbox', { name: 'Solde de départ' }), { target: { value: '1 200,5' } })
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await drawer.findByText('Ce nom est déjà pris.')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/journals')).toEqual([
      {
        name: 'Compte pro',
        journalTypeId: 1,
        iban: 'FR7630003000110005000157821',
        bic: null,
        isDefault: false,
        startingValue: '1200.5',
      },
    ])
  })

  it('creates a bank account: it starts inactive while another one is active', async () => {
    const spy = stubJournalsApi([main])
    renderPage(<BankAccountsPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un compte bancaire' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Nouveau compte bancaire' }))
    fireEvent.change(drawer.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Livret' } })
    fireEvent.click(drawer.getByRole('switch', { name: /Compte par défaut/ }))
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/journals')).toEqual([
      { name: 'Livret', journalTypeId: 1, iban: null, bic: null, isDefault: true, startingValue: '0' },
    ])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const livret = within(await screen.findByRole('listitem', { name: 'Livret' }))
    expect(livret.getByRole('switch', { name: 'Compte actif : Livret' })).toHaveProperty('checked', false)
  })

  it('edits an account with its current values and never sends its type', async () => {
    const spy = stubJournalsApi([main])
    renderPage(<BankAccountsPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Compte pro' }))
    const drawer = within(await screen.findByRole('dialog', { name: 'Modifier le compte bancaire' }))
    expect(drawer.getByRole('textbox', { name: /^Nom/ })).toHaveProperty('value', 'Compte pro')
    expect(drawer.getByRole('textbox', { name: 'IBAN' })).toHaveProperty('value', 'FR76 3000 3000 1100 0500 0157 821')
    expect(drawer.getByRole('textbox', { name: 'Solde de départ' })).toHaveProperty('value', '1200,5')
    expect(drawer.queryByText(/sera créé inactif/)).toBeNull()
    fireEvent.change(drawer.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Compte courant' } })
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/journals/1')).toEqual([
      {
        name: 'Compte courant',
        iban: 'FR7630003000110005000157821',
        bic: null,
        isDefault: false,
        startingValue: '1200.5',
      },
    ])
    expect(await screen.findByRole('listitem', { name: 'Compte courant' })).toBeTruthy()
  })

  it('asks before deleting, deletes, and shows the server’s refusal for an account with transactions', async () => {
    const spy = stubJournalsApi(
      [main, savings],
      [
        {
          method: 'DELETE',
          path: '/journals/1',
          status: 409,
          body: { message: m.hasTransactions, code: 'JOURNAL_HAS_TRANSACTIONS' },
        },
      ],
    )
    renderPage(<BankAccountsPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Supprimer Livret' }))
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Es-tu certain·e de vouloir supprimer cette entrée ?' }),
    )
    expect(dialog.getByText('Cette action est irréversible !')).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Annuler' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(bodiesSent(spy, 'DELETE', '/journals/2')).toHaveLength(0)

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Livret' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Livret' })).toBeNull())
    expect(bodiesSent(spy, 'DELETE', '/journals/2')).toHaveLength(1)

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer Compte pro' }))
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Supprimer' }))
    expect(
      await screen.findByText(
        'Ce compte contient des transactions : il ne peut pas être supprimé. Désactive-le plutôt.',
      ),
    ).toBeTruthy()
    expect(screen.getByRole('listitem', { name: 'Compte pro' })).toBeTruthy()
  })
})
