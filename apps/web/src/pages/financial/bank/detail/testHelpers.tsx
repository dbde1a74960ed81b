import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect, vi } from 'vitest'
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

/** Opens a category picker (the first one of `scope`, once categories and taxes are there) and picks `name`. */
export async function pickCategory(scope: Pick<typeof screen, 'getAllByRole'>, name: string) {
  const picker = () => scope.getAllByRole('button', { name: 'Catégorie' })[0] as HTMLButtonElement
  await waitFor(() => expect(picker().disabled).toBe(false))
  fireEvent.click(picker())
  fireEvent.click(screen.getByRole('option', { name }))
}

/** Types in a field and leaves it, as a person would (the money fields format themselves on blur). */
export function typeAndLeave(input: HTMLElement, value: string) {
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value } })
  fireEvent.blur(input)
}
