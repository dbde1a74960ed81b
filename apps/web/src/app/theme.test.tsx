import { CloseButton, MantineProvider, PasswordInput, TextInput } from '@mantine/core'
import { Calendar } from '@mantine/dates'
import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { theme } from './theme'

describe('theme', () => {
  it('gives every text input a limit of 249 characters, told beside the field rather than cut by the browser', () => {
    render(
      <MantineProvider theme={theme}>
        <TextInput label="Libellé" />
        <TextInput label="Code" maxLength={9} />
      </MantineProvider>,
    )
    const label = screen.getByLabelText('Libellé') as HTMLInputElement
    const code = screen.getByLabelText('Code') as HTMLInputElement
    expect(label.getAttribute('maxlength')).toBeNull()
    fireEvent.change(label, { target: { value: 'a'.repeat(250) } })
    fireEvent.change(code, { target: { value: '4011234567' } })
    expect(label.value).toHaveLength(250)
    expect(screen.getByText('249 caractères au maximum (tu en as saisi 250)')).toBeTruthy()
    expect(screen.getByText('9 caractères au maximum (tu en as saisi 10)')).toBeTruthy()
  })

  it('names in French the buttons Mantine leaves in English or unnamed, unless a component names its own', () => {
    render(
      <MantineProvider theme={theme}>
        <PasswordInput label="Mot de passe" />
        <CloseButton />
        <CloseButton aria-label="Fermer le menu" />
        <Calendar defaultDate="2026-03-01" />
      </MantineProvider>,
    )
    const eye = screen.getByRole('button', { name: 'Afficher le mot de passe' })
    expect(eye.getAttribute('aria-pressed')).toBe('false')
    expect(screen.getByRole('button', { name: 'Fermer' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Fermer le menu' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Mois précédent' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Mois suivant' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /toggle|close|previous|next/i })).toBeNull()
  })
})
