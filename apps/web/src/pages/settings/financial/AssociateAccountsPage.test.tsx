import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../../components/test-utils'
import { bodiesSent, journal, stubJournalsApi } from '../../../test-support/fakeJournalsApi'
import { AssociateAccountsPage } from './AssociateAccountsPage'

const bank = journal()
const associate = journal({
  id: 7,
  name: 'CCA Jeanne Dupont',
  code: 'CC1',
  accountCode: '4551',
  journalTypeId: 2,
  journalType: { id: 2, code: 'CC', name: 'Compte courant' },
  iban: null,
  bank: null,
  startingValue: '2500.00',
  balance: '2620.00',
  accountingEntryId: 500,
  owed: '1500.00',
})

afterEach(() => {
  cleanup()
  // Toasts live in a store of their own: a test must not meet the previous one's.
  notifications.clean()
  vi.unstubAllGlobals()
})

describe('AssociateAccountsPage', () => {
  it('says there is no associate account yet, in the spec’s words', async () => {
    const spy = stubJournalsApi([bank])
    renderPage(<AssociateAccountsPage />)
    expect(await screen.findByText("Tu n'as pas encore de compte courant d'associé")).toBeTruthy()
    const listCall = spy.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'))[0]
    expect(listCall?.searchParams.get('filter[journalTypeCode]')).toBe('CC')
    expect(listCall?.searchParams.get('filter[isActive]')).toBe('true')
  })

  it('lists the associate accounts with what the company owes each associate', async () => {
    stubJournalsApi([bank, associate])
    renderPage(<AssociateAccountsPage />)
    const row = within(await screen.findByRole('listitem', { name: 'CCA Jeanne Dupont' }))
    expect(row.getByText('Dû à l’associé')).toBeTruthy()
    expect(row.getByText('1 500,00 €')).toBeTruthy()
    expect(screen.queryByText('Compte pro')).toBeNull()
  })

  it('adds an account: the name shows its "CCA " prefix, the initial balance is optional', async () => {
    const spy = stubJournalsApi([])
    renderPage(<AssociateAccountsPage />)
    fireEvent.click(await screen.findByRole('button', { name: "Ajouter un compte courant d'associé" }))
    const drawer = within(await screen.findByRole('dialog', { name: "Nouveau compte courant d'associé" }))
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await drawer.findByText('Ce champ est obligatoire')).toBeTruthy()
    fireEvent.change(drawer.getByRole('textbox', { name: /^Nom de l'associé/ }), {
      target: { value: 'Camille Martin' },
    })
    expect(drawer.getByText("Le compte s'appellera « CCA Camille Martin ».")).toBeTruthy()
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/journals')).toEqual([
      { name: 'Camille Martin', journalTypeId: 2, startingValue: '0' },
    ])
    expect(await screen.findByRole('listitem', { name: 'CCA Camille Martin' })).toBeTruthy()
  })

  it('keeps the operator account of an individual business beside the associates’ accounts', async () => {
    const spy = stubJournalsApi(
      [],
      [{ path: '/me', body: { data: { id: 1, currentOrganization: { id: 1, legalFormType: 'EI' } } } }],
    )
    renderPage(<AssociateAccountsPage />)
    expect(await screen.findByText("Tu n'as pas encore de compte de l'exploitant")).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: "Ajouter un compte de l'exploitant" }))
    const drawer = within(await screen.findByRole('dialog', { name: "Nouveau compte de l'exploitant" }))
    fireEvent.change(drawer.getByRole('textbox', { name: /^Nom du compte/ }), { target: { value: 'Camille Martin' } })
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByRole('listitem', { name: 'Camille Martin' })).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/journals')).toEqual([
      { name: 'Camille Martin', journalTypeId: 3, startingValue: '0' },
    ])
  })

  it('edits an account without its prefix, and deletes one after confirmation', async () => {
    const spy = stubJournalsApi([associate])
    renderPage(<AssociateAccountsPage />)
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier CCA Jeanne Dupont' }))
    const drawer = within(await screen.findByRole('dialog', { name: "Modifier le compte courant d'associé" }))
    expect(drawer.getByRole('textbox', { name: /^Nom de l'associé/ })).toHaveProperty('value', 'Jeanne Dupont')
    expect(drawer.getByRole('textbox', { name: /^Solde initial/ })).toHaveProperty('value', '2500')
    fireEvent.change(drawer.getByRole('textbox', { name: /^Solde initial/ }), { target: { value: '3000' } })
    fireEvent.click(drawer.getByRole('button', { name: 'Enregistrer' }))
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
    expect(bodiesSent(spy, 'PATCH', '/journals/7')).toEqual([{ name: 'Jeanne Dupont', startingValue: '3000' }])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer CCA Jeanne Dupont' }))
    const confirm = within(
      await screen.findByRole('dialog', { name: 'Es-tu certain·e de vouloir supprimer cette entrée ?' }),
    )
    fireEvent.click(confirm.getByRole('button', { name: 'Supprimer' }))
    expect(await screen.findByText("Tu n'as pas encore de compte courant d'associé")).toBeTruthy()
    expect(bodiesSent(spy, 'DELETE', '/journals/7')).toHaveLength(1)
  })
})
