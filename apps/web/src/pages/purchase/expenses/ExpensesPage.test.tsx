import { messages } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage, whereIs } from '../../../components/test-utils'
import { associate, note, stubExpensesApi } from '../../../test-support/fakeExpensesApi'
import { ExpensesPage } from './ExpensesPage'

const m = messages.expenses

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

const newButton = () => screen.getByRole('link', { name: m.newExpense })

describe('ExpensesPage', () => {
  it('lists the notes with their date, account and amount, and opens one', async () => {
    stubExpensesApi({ notes: [note({ amount: '88.72' })], accounts: [associate()] })
    const { router } = renderPage(<ExpensesPage />, { route: '/app/purchase/expenses' })
    expect(await screen.findByRole('heading', { name: 'Notes de frais' })).toBeTruthy()
    const row = await screen.findByRole('button', { name: 'Note de frais du 20/11/2026' })
    expect(within(row).getByText('20/11/2026 · CCA Jeanne Dupont')).toBeTruthy()
    expect(within(row).getByText(/^88,72.€$/)).toBeTruthy()
    fireEvent.click(row)
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/expenses/70'))
  })

  it('says there is no note yet, and offers a new one once an associate account exists', async () => {
    stubExpensesApi({ accounts: [associate()] })
    const { router } = renderPage(<ExpensesPage />, { route: '/app/purchase/expenses' })
    expect(await screen.findByText(m.empty)).toBeTruthy()
    await waitFor(() => expect(newButton().getAttribute('data-disabled')).toBeNull())
    fireEvent.click(newButton())
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/expenses/new'))
  })

  it('keeps "Nouvelle note de frais" disabled without an associate account, and says what to do', async () => {
    stubExpensesApi({ accounts: [] })
    renderPage(<ExpensesPage />, { route: '/app/purchase/expenses' })
    expect(await screen.findByText(m.noAssociate)).toBeTruthy()
    expect(newButton().getAttribute('data-disabled')).toBe('true')
    expect(screen.getByRole('link', { name: messages.associates.add }).getAttribute('href')).toBe(
      '/app/setting/financial/associates',
    )
    cleanup()
    // An individual business needs its operator account, not an associate's.
    stubExpensesApi({ accounts: [associate()], legalFormType: 'EI' })
    renderPage(<ExpensesPage />, { route: '/app/purchase/expenses' })
    expect(await screen.findByText(m.noOperator)).toBeTruthy()
  })

  it('deletes a note after the spec’s confirmation', async () => {
    const spy = stubExpensesApi({ notes: [note()], accounts: [associate()] })
    renderPage(<ExpensesPage />, { route: '/app/purchase/expenses' })
    fireEvent.click(await screen.findByRole('button', { name: 'Actions pour Note de frais du 20/11/2026' }))
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Supprimer' }))
    const dialog = within(await screen.findByRole('dialog', { name: m.deleteConfirm }))
    expect(dialog.getByText('Cette action est irréversible !')).toBeTruthy()
    fireEvent.click(dialog.getByRole('button', { name: 'Supprimer' }))
    expect(await screen.findByText(m.deleted)).toBeTruthy()
    expect(await screen.findByText(m.empty)).toBeTruthy()
    expect(bodiesSent(spy, 'DELETE', '/transactions/70')).toHaveLength(1)
  })
})
