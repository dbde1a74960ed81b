import { screen, within } from '@testing-library/react'
import { vi } from 'vitest'
import { renderPage } from '../../../../components/test-utils'
import { TransactionDetailDrawer } from './TransactionDetailDrawer'

/** The drawer of transaction 7, as the route shows it; `onClose` tells whether it asked to close. */
export async function openDrawer() {
  const onClose = vi.fn()
  const rendered = renderPage(<TransactionDetailDrawer transactionId={7} onClose={onClose} />)
  await screen.findByRole('region', { name: 'Ventilation' })
  return { ...rendered, onClose }
}

/** One line of the split, by its position from 1. */
export const splitLine = (position: number) => within(screen.getByRole('group', { name: `Ligne ${position}` }))
