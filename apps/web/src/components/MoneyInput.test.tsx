import { MantineProvider } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { theme } from '../app/theme'
import { MoneyInput, revertReason } from './MoneyInput'

function Field({ initial, kind }: { initial: string; kind?: 'money' | 'quantity' }) {
  const [value, setValue] = useState(initial)
  return <MoneyInput label="Montant" kind={kind} value={value} onChange={setValue} error={undefined} />
}

function typeAndLeave(input: HTMLElement, text: string) {
  fireEvent.focus(input)
  fireEvent.change(input, { target: { value: text } })
  fireEvent.blur(input)
}

describe('MoneyInput', () => {
  it('puts back the amount it had when one beyond 99 999 999,99 € is typed, and says why', () => {
    render(
      <MantineProvider theme={theme}>
        <Field initial="12,5" />
      </MantineProvider>,
    )
    const input = screen.getByRole('textbox', { name: 'Montant' }) as HTMLInputElement
    typeAndLeave(input, '99999999999999')
    expect(input.value).toBe('12,5')
    expect(screen.getByText('Le montant ne peut pas dépasser 99 999 999,99 € : ta saisie a été annulée')).toBeTruthy()
    // Typing again clears the explanation.
    fireEvent.change(input, { target: { value: '13' } })
    expect(screen.queryByText(/ne peut pas dépasser/)).toBeNull()
  })

  it('keeps an amount within the bounds, formatted, without a word', () => {
    render(
      <MantineProvider theme={theme}>
        <Field initial="0" />
      </MantineProvider>,
    )
    const input = screen.getByRole('textbox', { name: 'Montant' }) as HTMLInputElement
    typeAndLeave(input, '99 999 999,99')
    expect(input.value).toBe('99999999,99')
    expect(screen.queryByRole('alert')).toBeNull()
    expect(input.getAttribute('aria-invalid')).toBeNull()
  })

  it('names the reason of each revert: not a number, too large an amount or quantity', () => {
    expect(revertReason('abc')).toBe("Ce n'est pas un montant : ta saisie a été annulée")
    expect(revertReason('-99999999999999')).toBe(
      'Le montant ne peut pas dépasser 99 999 999,99 € : ta saisie a été annulée',
    )
    expect(revertReason('99999999,9999')).toBe(
      'Le montant ne peut pas dépasser 99 999 999,99 € : ta saisie a été annulée',
    )
    expect(revertReason('99999999,999')).toBeNull()
    expect(revertReason('')).toBeNull()
    expect(revertReason('99999999999', 'quantity')).toBe(
      'La quantité ne peut pas dépasser 9 999 999 999,99999 : ta saisie a été annulée',
    )
    expect(revertReason('9999999999', 'quantity')).toBeNull()
  })
})
