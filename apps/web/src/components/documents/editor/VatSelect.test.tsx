import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { baseRoutes } from '../../../test-support/documentFixtures'
import { renderPage, stubApi } from '../../test-utils'
import { VatSelect } from './VatSelect'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

function Picker({ initial }: { initial: string | null }) {
  const [value, setValue] = useState<string | null>(initial)
  return <VatSelect aria-label="TVA" value={value} onChange={setValue} />
}

const optionNames = () => screen.getAllByRole('option').map((option) => option.textContent?.replace(/\u00a0/g, ' '))

describe('VAT picker of a document line', () => {
  it('lists each rate once with its name, and the 0 % ones with why one would choose them', async () => {
    stubApi(baseRoutes())
    renderPage(<Picker initial="1" />)
    const field = screen.getByRole('combobox', { name: 'TVA' }) as HTMLInputElement
    await waitFor(() => expect(field.value.replace(/\u00a0/g, ' ')).toBe('20 %'))
    fireEvent.click(field)
    await screen.findAllByRole('option')
    // The Corsican 20 % and "not subject" are not offered to a mainland organisation: one 20 %, one "no VAT".
    expect(optionNames()).toEqual([
      '20 % · taux normal',
      '5,5 % · taux réduit',
      expect.stringMatching(/^0 % · exonéré ou autoliquidation.*autoliquide/),
      expect.stringMatching(/^0 % · hors champ, sans TVA.*franchise en base/),
    ])
    fireEvent.click(screen.getByRole('option', { name: /^0 % · exonéré/ }))
    await waitFor(() => expect(field.value).toBe('Exonéré'))
  })

  it('still shows the rate a line already has when it is not offered any more', async () => {
    stubApi(baseRoutes())
    renderPage(<Picker initial="7" />)
    const field = screen.getByRole('combobox', { name: 'TVA' }) as HTMLInputElement
    await waitFor(() => expect(field.value).toBe('TVA VT_CO_20'))
    fireEvent.click(field)
    await screen.findAllByRole('option')
    expect(optionNames()).toContain('TVA VT_CO_20')
    expect(optionNames().filter((name) => name?.startsWith('20 %'))).toEqual(['20 % · taux normal'])
  })
})
