import { messages, type TransactionAllocationDto } from '@app/domain'
import { notifications } from '@mantine/notifications'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { whereIs } from '../../../../components/test-utils'
import { associate, note } from '../../../../test-support/fakeExpensesApi'
import { bodiesSent, part, stubTransactionApi, transaction } from '../../../../test-support/fakeTransactionApi'
import { openDrawer } from './testHelpers'

const m = messages.expenses

afterEach(() => {
  cleanup()
  notifications.clean()
  vi.unstubAllGlobals()
})

/** The split's one line on the associate's category (id 500): a repayment to Jeanne Dupont. */
const onAssociate = (amount: string): TransactionAllocationDto => ({
  ...part('471000', amount),
  accountingEntryId: 500,
  accountingEntry: { id: 500, code: '4551', name: 'CCA Jeanne Dupont' },
})
const accountsRoute = { path: '/journals', body: { data: [associate()], meta: { total: 1, page: 1, pageSize: 900 } } }

describe('"Créer une note de frais" in the transaction drawer', () => {
  it('makes the note of a bank expense split on an associate’s category, then opens it', async () => {
    const spy = stubTransactionApi(transaction({ transactionAllocations: [onAssociate('-120')] }), {
      routes: [
        accountsRoute,
        {
          method: 'POST',
          path: '/transactions/7/expense',
          status: 201,
          body: { data: note({ id: 70, amount: '120.00' }) },
        },
      ],
    })
    const { router } = await openDrawer()
    fireEvent.click(await screen.findByRole('button', { name: m.createFromTransaction }))
    expect(await screen.findByText(m.created)).toBeTruthy()
    expect(screen.getByText(m.createdHint)).toBeTruthy()
    await waitFor(() => expect(whereIs(router)).toBe('/app/purchase/expenses/70'))
    expect(bodiesSent(spy, 'POST', '/transactions/7/expense')).toEqual([{}])
  })

  it('is not offered for money in, another category, or a split in two', async () => {
    for (const allocations of [
      [onAssociate('120')],
      [part('606400', '-120')],
      [onAssociate('-100'), part('606400', '-20')],
    ]) {
      const amount = allocations[0]?.amount === '120.00' ? '120.00' : '-120.00'
      const spy = stubTransactionApi(transaction({ amount, transactionAllocations: allocations }), {
        routes: [accountsRoute],
      })
      await openDrawer()
      // Once the associate accounts are known, the action would show by now.
      await waitFor(() => expect(spy.mock.calls.some(([input]) => String(input).includes('/journals'))).toBe(true))
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(screen.queryByRole('button', { name: m.createFromTransaction })).toBeNull()
      cleanup()
      vi.unstubAllGlobals()
    }
  })

  it('links to the note already made from the bank line instead', async () => {
    stubTransactionApi(transaction({ transactionAllocations: [onAssociate('-120')], expenseNoteId: 70 }), {
      routes: [accountsRoute],
    })
    await openDrawer()
    expect((await screen.findByRole('link', { name: m.viewFromTransaction })).getAttribute('href')).toBe(
      '/app/purchase/expenses/70',
    )
    expect(screen.queryByRole('button', { name: m.createFromTransaction })).toBeNull()
  })
})
