import { CloseButton, MantineProvider, PasswordInput, TextInput } from '@mantine/core'
import { Calendar } from '@mantine/dates'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { theme } from './theme'

describe('theme', () => {
  it('stops every text input at 249 characters unless the field sets its own limit', () => {
    render(
      <MantineProvider theme={theme}>
        <TextInput label="Libellé" />
        <TextInput label="Code" maxLength={9} />
      </MantineProvider>,
    )
    expect(screen.getByLabelText('Libellé').getAttribute('maxlength')).toBe('249')
    expect(screen.getByLabelText('Code').getAttribute('maxlength')).toBe('9')
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
