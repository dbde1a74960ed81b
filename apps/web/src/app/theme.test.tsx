import { MantineProvider, TextInput } from '@mantine/core'
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
})
