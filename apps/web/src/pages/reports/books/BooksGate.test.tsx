import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage, stubApi } from '../../../components/test-utils'
import { me } from '../../../test-support/documentFixtures'
import { BooksGate } from './BooksGate'

describe('BooksGate', () => {
  it('shows the books to a plan with them (Pop, Pop+, the trial)', async () => {
    stubApi([{ path: '/me', body: me({ features: ['ledger'] }) }])
    renderPage(
      <BooksGate>
        <p>Les livres</p>
      </BooksGate>,
      { route: '/app/reports/in-out-book' },
    )
    expect(await screen.findByText('Les livres')).toBeTruthy()
    expect(screen.queryByTestId('books-upsell')).toBeNull()
  })

  it('shows what the books do and the Pop plans they need to any other plan, never the books', async () => {
    stubApi([{ path: '/me', body: me({ features: ['alerts', 'recurring_invoices'] }) }])
    renderPage(
      <BooksGate>
        <p>Les livres</p>
      </BooksGate>,
      { route: '/app/reports/in-out-book' },
    )
    const upsell = await screen.findByTestId('books-upsell')
    expect(within(upsell).getByText(/prêts à montrer en cas de contrôle/)).toBeTruthy()
    expect(within(upsell).getByText(/inclus dans les formules Pop et Pop\+/)).toBeTruthy()
    expect(within(upsell).getByRole('img', { name: 'Réservé aux formules Pop' })).toBeTruthy()
    expect(screen.queryByText('Les livres')).toBeNull()
  })
})
