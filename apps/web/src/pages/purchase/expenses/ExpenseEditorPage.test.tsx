import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage, whereIs } from '../../../components/test-utils'
import { associate, note, stubExpensesApi } from '../../../test-support/fakeExpensesApi'
import { pickCategory, typeAndLeave } from '../../../test-support/lineHelpers'
import { ExpenseEditorPage } from './ExpenseEditorPage'

const m = messages.expenses

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const line = (position: number) => within(screen.getByRole('group', { name: `Ligne ${position}` }))
const save = () => screen.getByRole('button', { name: 'Enregistrer' }) as HTMLButtonElement

async function openNew() {
  const rendered = renderPage(<ExpenseEditorPage />, { route: '/app/purchase/expenses/new' })
  await screen.findByRole('heading', { name: m.newExpense })
  return rendered
}

describe('ExpenseEditorPage', () => {
  it('creates a note on the associate account, then becomes that note’s page', async () => {
    const spy = stubExpensesApi({ accounts: [associate()] })
    const { router } = await openNew()
    expect(save().disabled).toBe(true)
    expect((screen.getByRole('combobox', { name: /^Compte courant d'associé/ }) as HTMLInputElement).value).toBe(
      'CCA Jeanne Dupont',
    )
    fireEvent.click(screen.getByRole('button', { name: m.addLine }))
    expect(save().disabled).toBe(false)
    fireEvent.change(line(1).getByRole('textbox', { name: 'Libellé' }), { target: { value: 'Billet de train' } })
    await pickCategory(line(1), 'Fournitures administratives')
    typeAndLeave(line(1).getByRole('textbox', { name: 'Montant TTC' }), '110')
    // 20 % inside 110 €, deductible.
    expect((line(1).getByRole('textbox', { name: 'TVA' }) as HTMLInputElement).value).toBe('18,33')
    expect(screen.getByLabelText('Total de la note de frais').textContent).toMatch(/^Total : 110,00.€$/)
    fireEvent.click(save())
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/expenses/71'))
    const [body] = bodiesSent(spy, 'POST', '/expenses')
    expect(body).toMatchObject({
      journalId: 5,
      allocations: [{ name: 'Billet de train', amount: '110', accountingEntryId: 10, taxId: 101, mileage: null }],
    })
    expect(body.name).toMatch(/^Note de frais du \d\d\/\d\d\/\d{4}$/)
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
  })

  it('prices a mileage line live with the barème and says which scale', async () => {
    const spy = stubExpensesApi({ accounts: [associate()] })
    await openNew()
    fireEvent.click(screen.getByRole('button', { name: m.addMileage }))
    expect((line(1).getByRole('textbox', { name: 'Libellé' }) as HTMLInputElement).value).toBe('Frais kilométriques')
    typeAndLeave(line(1).getByRole('textbox', { name: 'Puissance (CV)' }), '5')
    typeAndLeave(line(1).getByRole('textbox', { name: 'Km du trajet' }), '120')
    typeAndLeave(line(1).getByRole('textbox', { name: 'Km de l’année' }), '4000')
    // 4,000 km a year at 5 CV: 2,544 €; 120 km of it: 76.32 €.
    expect(line(1).getByLabelText('Montant de la ligne 1').textContent).toMatch(/^76,32.€$/)
    expect(line(1).getByText('Barème 2024')).toBeTruthy()
    fireEvent.click(save())
    await waitFor(() => expect(bodiesSent(spy, 'POST', '/expenses')).toHaveLength(1))
    expect(bodiesSent(spy, 'POST', '/expenses')[0].allocations).toEqual([
      expect.objectContaining({
        amount: '76.32',
        accountingEntryId: 14,
        mileage: { vehicleType: 'voiture', fiscalPower: 5, distanceKm: '120', yearlyDistanceKm: '4000' },
      }),
    ])
  })

  it('shows what is missing before sending: a category, an amount, a mileage the barème cannot price', async () => {
    const spy = stubExpensesApi({ accounts: [associate()] })
    await openNew()
    fireEvent.click(screen.getByRole('button', { name: m.addLine }))
    fireEvent.click(screen.getByRole('button', { name: m.addMileage }))
    typeAndLeave(line(2).getByRole('textbox', { name: 'Puissance (CV)' }), '5')
    typeAndLeave(line(2).getByRole('textbox', { name: 'Km du trajet' }), '0,01')
    typeAndLeave(line(2).getByRole('textbox', { name: 'Km de l’année' }), '100000')
    fireEvent.click(save())
    expect(await line(1).findByText('Tu dois choisir une catégorie.')).toBeTruthy()
    // The label and the amount.
    expect(line(1).getAllByText('Ce champ est obligatoire')).toHaveLength(2)
    expect(line(2).getByText(m.mileageNoAllowance)).toBeTruthy()
    expect(bodiesSent(spy, 'POST', '/expenses')).toHaveLength(0)
  })

  it('edits a saved note, and asks before leaving it with unsaved changes', async () => {
    const saved = note({
      transactionAllocations: [
        {
          id: 900,
          position: 0,
          name: 'Taxi',
          amount: '30.00',
          taxAmount: '2.73',
          taxManual: false,
          taxId: 102,
          tax: { id: 102, code: 'bs-INT', name: 'TVA 10 %', amount: '10.00', taxTypeCode: 'bs', taxRateCode: 'INT' },
          accountingEntryId: 11,
          accountingEntry: { id: 11, code: '625100', name: 'Voyages et déplacements' },
          mileage: null,
        },
      ],
    })
    const spy = stubExpensesApi({ notes: [saved], accounts: [associate()] })
    const { router } = renderPage(<ExpenseEditorPage />, { route: '/app/purchase/expenses/70' })
    expect(await screen.findByRole('heading', { name: 'Note de frais du 20/11/2026' })).toBeTruthy()
    typeAndLeave(line(1).getByRole('textbox', { name: 'Montant TTC' }), '45,5')
    fireEvent.click(screen.getByRole('link', { name: 'Retour à la liste' }))
    const dialog = within(await screen.findByRole('dialog', { name: messages.generic.leaveGuard }))
    fireEvent.click(dialog.getByRole('button', { name: 'Rester' }))
    fireEvent.click(save())
    await waitFor(() => expect(bodiesSent(spy, 'PATCH', '/transactions/70')).toHaveLength(1))
    expect(bodiesSent(spy, 'PATCH', '/transactions/70')[0]).toMatchObject({
      name: 'Note de frais du 20/11/2026',
      datedAt: '2026-11-20',
      allocations: [{ name: 'Taxi', amount: '45.5', accountingEntryId: 11 }],
    })
    expect(await screen.findByText('Enregistré avec succès.')).toBeTruthy()
    // Saved: leaving asks nothing any more.
    fireEvent.click(screen.getByRole('link', { name: 'Retour à la liste' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/expenses'))
  })
})
