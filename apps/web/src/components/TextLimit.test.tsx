import { MantineProvider, Textarea, TextInput } from '@mantine/core'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { theme } from '../app/theme'

const renderWithTheme = (ui: React.ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>)

function Note({ error }: { error?: string }) {
  const [value, setValue] = useState('')
  return (
    <Textarea label="Notes" maxLength={2000} value={value} error={error} onChange={(e) => setValue(e.target.value)} />
  )
}

describe('TextLimit (every TextInput and Textarea, through the theme)', () => {
  it('keeps all of a paste beyond the limit and says the maximum and how much was typed', () => {
    renderWithTheme(<TextInput label="Nom" />)
    const input = screen.getByRole('textbox', { name: 'Nom' }) as HTMLInputElement
    expect(input.getAttribute('maxlength')).toBeNull()
    fireEvent.change(input, { target: { value: 'x'.repeat(10_000) } })
    expect(input.value).toHaveLength(10_000)
    expect(screen.getByText('249 caractères au maximum (tu en as saisi 10 000)')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(input, { target: { value: 'x'.repeat(249) } })
    expect(screen.queryByText(/caractères au maximum/)).toBeNull()
    expect(input.getAttribute('aria-invalid')).toBeNull()
  })

  it("holds a field's own limit, on a textarea too", () => {
    renderWithTheme(<Note />)
    const notes = screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement
    fireEvent.change(notes, { target: { value: 'n'.repeat(2001) } })
    expect(notes.value).toHaveLength(2001)
    expect(screen.getByText('2 000 caractères au maximum (tu en as saisi 2 001)')).toBeTruthy()
  })

  it('leaves the message to the form when the form already tells what is wrong', () => {
    renderWithTheme(<Note error="Ce champ ne peut pas dépasser 2000 caractères" />)
    fireEvent.change(screen.getByRole('textbox', { name: 'Notes' }), { target: { value: 'n'.repeat(2001) } })
    expect(screen.getByText('Ce champ ne peut pas dépasser 2000 caractères')).toBeTruthy()
    expect(screen.queryByText(/caractères au maximum/)).toBeNull()
  })
})
