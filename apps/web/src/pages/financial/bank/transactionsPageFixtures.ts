import { screen, within } from '@testing-library/react'
import {
  allocation,
  CATEGORIES,
  getsTo,
  type stubBankApi,
  transaction,
} from '../../../test-support/fakeTransactionsApi'

/** The transactions of the list page's tests: a bakery bought three times, a client's transfer, rent to come, a split
 * and validated phone bill, a checked cash withdrawal on the holding category. */
export const bakery = transaction()
export const bakeryAgain = transaction({ id: 2, datedAt: '2026-02-20', rawName: 'CB BOULANGERIE MARTIN 20/02' })
export const bakeryThird = transaction({ id: 3, datedAt: '2026-02-12', rawName: 'CB BOULANGERIE MARTIN 12/02' })
export const client = transaction({
  id: 4,
  name: 'Virement Atelier Dupont',
  rawName: 'VIR SEPA ATELIER DUPONT FACT 12',
  amount: '1200.00',
  datedAt: '2026-03-03',
  transactionAllocations: [allocation(CATEGORIES.sales, '1200.00', 1)],
  commentCount: 2,
  note: 'Acompte du projet',
})
export const rent = transaction({
  id: 5,
  name: 'Loyer avril',
  rawName: 'PRLV SCI DES LILAS',
  amount: '-800.00',
  datedAt: '2026-04-05',
  isFuture: true,
})
export const phone = transaction({
  id: 6,
  name: 'Orange',
  rawName: 'PRLV ORANGE',
  amount: '-39.99',
  datedAt: '2026-02-27',
  isValidated: true,
  transactionAllocations: [allocation(CATEGORIES.phone, '-20.00'), allocation(CATEGORIES.food, '-19.99')],
})
export const unknown = transaction({
  id: 7,
  name: 'Retrait DAB',
  rawName: 'RETRAIT DAB 01/03',
  amount: '-60.00',
  datedAt: '2026-03-01',
  isChecked: true,
  transactionAllocations: [allocation(CATEGORIES.holding, '-60.00', 302)],
})

export const row = (name: string) => {
  const open = screen.getByRole('button', { name: `Ouvrir ${name}` })
  return within(open.closest('.mantine-Paper-root') as HTMLElement)
}
export const lastListQuery = (spy: ReturnType<typeof stubBankApi>) => getsTo(spy, '/transactions').at(-1)?.searchParams
