import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage, whereIs } from '../../../components/test-utils'
import { cashOperation, stubCashApi } from '../../../test-support/fakeCashApi'
import { CATEGORIES } from '../../../test-support/fakeTransactionsApi'
import { pickCategory, typeAndLeave } from '../../../test-support/lineHelpers'
import { CashOperationPage } from './CashOperationPage'

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const line = (position: number) => within(screen.getByRole('group', { name: `Ligne ${position}` }))
const saveButton = () => screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement

async function chooseType(position: number, type: string) {
  fireEvent.click(line(position).getByRole('combobox', { name: 'Type' }))
  fireEvent.click(await screen.findByRole('option', { name: type }))
}

describe('CashOperationForm', () => {
  it('forces the sign by the type, saves, becomes the movement’s page and says the balance is negative', async () => {
    const spy = stubCashApi({ operations: [] })
    const { router } = renderPage(<CashOperationPage />, { route: '/app/financial/cash/new' })
    expect(await screen.findByRole('heading', { name: messages.cash.newOperationTitle })).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: /^Libellé/ }), { target: { value: 'Timbres' } })
    await chooseType(1, 'Sortie')
    typeAndLeave(line(1).getByRole('textbox', { name: 'Montant' }), '12')
    expect(line(1).getByRole('textbox', { name: 'Montant' })).toHaveProperty('value', '-12')
    await pickCategory(line(1), 'Frais postaux et de télécommunications')
    expect(screen.getByText('Total : -12,00 €')).toBeTruthy()
    fireEvent.click(saveButton())

    await waitFor(() => expect(bodiesSent(spy, 'POST', '/cash-operations')).toHaveLength(1))
    expect(bodiesSent(spy, 'POST', '/cash-operations')[0]).toMatchObject({
      name: 'Timbres',
      allocations: [
        { name: 'Sortie', amount: '-12', accountingEntryId: CATEGORIES.phone.id, taxId: 101, taxManual: false },
      ],
    })
    await waitFor(() => expect(whereIs(router)).toBe('/app/financial/cash/101'))
    const warning = 'Attention : le solde de ta caisse devient négatif (-12,00 €).' // as the page reads it: spaces collapsed
    expect(await screen.findByRole('heading', { name: 'Timbres' })).toBeTruthy()
    // On the page, and in the toast.
    await waitFor(() => expect(screen.getAllByText(warning)).toHaveLength(2))
  })

  it('turns an amount typed negative for an entry positive, and back when the type changes', async () => {
    stubCashApi({})
    renderPage(<CashOperationPage />, { route: '/app/financial/cash/new' })
    await screen.findByRole('group', { name: 'Ligne 1' })
    typeAndLeave(line(1).getByRole('textbox', { name: 'Montant' }), '-40')
    expect(line(1).getByRole('textbox', { name: 'Montant' })).toHaveProperty('value', '40')
    await chooseType(1, 'Sortie')
    expect(line(1).getByRole('textbox', { name: 'Montant' })).toHaveProperty('value', '-40')
  })

  it('asks for a category before saving, and keeps the save disabled without a line', async () => {
    const spy = stubCashApi({})
    renderPage(<CashOperationPage />, { route: '/app/financial/cash/new' })
    fireEvent.change(await screen.findByRole('textbox', { name: /^Libellé/ }), { target: { value: 'Apport' } })
    typeAndLeave(line(1).getByRole('textbox', { name: 'Montant' }), '50')
    fireEvent.click(saveButton())
    expect(await line(1).findByText('Tu dois choisir une catégorie.')).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/cash-operations')).toHaveLength(0)

    fireEvent.click(line(1).getByRole('button', { name: 'Supprimer la ligne 1' }))
    expect(screen.queryByRole('group', { name: 'Ligne 1' })).toBeNull()
    expect(saveButton().disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Ajouter une ligne' }))
    expect(line(1).getByRole('combobox', { name: 'Type' })).toHaveProperty('value', 'Sortie')
    expect(saveButton().disabled).toBe(false)
  })

  it('asks before leaving a form with unsaved changes', async () => {
    stubCashApi({})
    const { router } = renderPage(<CashOperationPage />, { route: '/app/financial/cash/new' })
    fireEvent.change(await screen.findByRole('textbox', { name: /^Libellé/ }), { target: { value: 'Apport' } })
    fireEvent.click(screen.getByRole('link', { name: 'Retour à la liste' }))
    const dialog = await screen.findByRole('dialog', { name: messages.generic.leaveGuard })
    expect(dialog.textContent).toContain('Es-tu certain·e de vouloir quitter cette page ?')
    fireEvent.click(within(dialog).getByRole('button', { name: 'Quitter la page' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/financial/cash'))
  })

  it('shows a stored movement with its signed lines, and deletes it after confirmation', async () => {
    const spy = stubCashApi({ operations: [cashOperation()] })
    const { router } = renderPage(<CashOperationPage />, { route: '/app/financial/cash/50' })
    expect(await screen.findByRole('heading', { name: 'Timbres' })).toBeTruthy()
    expect(line(1).getByRole('combobox', { name: 'Type' })).toHaveProperty('value', 'Sortie')
    expect(line(1).getByRole('textbox', { name: 'Montant' })).toHaveProperty('value', '-12,00')

    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }))
    const dialog = await screen.findByRole('dialog', { name: 'Es-tu certain·e de vouloir supprimer cette entrée ?' })
    expect(within(dialog).getByText('Cette action est irréversible !')).toBeTruthy()
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/financial/cash'))
    expect(
      spy.mock.calls.some(([url, init]) => init?.method === 'DELETE' && String(url).endsWith('/transactions/50')),
    ).toBe(true)
  })

  it('answers a movement that does not exist with the not-found state', async () => {
    stubCashApi({})
    renderPage(<CashOperationPage />, { route: '/app/financial/cash/999' })
    expect(await screen.findByText(messages.http.notFound)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Retour à la caisse' })).toBeTruthy()
  })
})
