import { fireEvent, screen, waitFor } from '@testing-library/react'
import { expect } from 'vitest'

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
