import { DOCUMENT_VARIABLES, MAIL_VARIABLES } from '@app/domain'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderPage } from './test-utils'
import { VariablesHelp } from './VariablesHelp'

afterEach(cleanup)

describe('VariablesHelp', () => {
  it('lists only the four date variables for titles and descriptions, replaced at validation', async () => {
    renderPage(<VariablesHelp variables={DOCUMENT_VARIABLES} when="à la validation" />)
    fireEvent.click(screen.getByRole('button', { name: 'Variables disponibles' }))
    const table = await screen.findByRole('table', { name: 'Variables disponibles' })
    expect(table.querySelectorAll('code')).toHaveLength(4)
    expect(table.textContent).toContain('{moisPrecedent}')
    expect(table.textContent).not.toContain('{reference}')
    expect(screen.getByText(/remplacée à la validation/)).toBeTruthy()
  })

  it('lists the longer list of the mail templates, with {reference}, {client} and {signature}', async () => {
    renderPage(<VariablesHelp variables={MAIL_VARIABLES} when="à l'envoi" />)
    fireEvent.click(screen.getByRole('button', { name: 'Variables disponibles' }))
    const table = await screen.findByRole('table', { name: 'Variables disponibles' })
    for (const name of ['{reference}', '{client}', '{signature}', '{3DerniersMois}'])
      expect(table.textContent).toContain(name)
  })
})
