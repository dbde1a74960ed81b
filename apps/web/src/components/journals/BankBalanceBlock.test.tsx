import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, journal, stubJournalsApi } from '../../test-support/fakeJournalsApi'
import { renderPage } from '../test-utils'
import { BankBalanceBlock } from './BankBalanceBlock'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const me = (isDemo: boolean) => ({ path: '/me', body: { data: { id: 1, currentOrganization: { isDemo } } } })

describe('BankBalanceBlock', () => {
  it('asks only for the active bank accounts, and names an unknown bank "Banque non identifiée"', async () => {
    const spy = stubJournalsApi(
      [journal({ bank: null, balance: '-1234.5' }), journal({ id: 2, isActive: false })],
      [me(false)],
    )
    renderPage(<BankBalanceBlock />)
    const block = within(await screen.findByRole('region', { name: 'Solde bancaire' }))
    expect(await block.findByText('Banque non identifiée')).toBeTruthy()
    expect(block.getByText('-1 234,50 €').getAttribute('data-negative')).toBe('true')
    expect(block.getAllByText('Compte pro')).toHaveLength(1)
    const asked = spy.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === '/api/v1/journals')
    expect(asked?.searchParams.get('filter[journalTypeCode]')).toBe('BQ')
    expect(asked?.searchParams.get('filter[isActive]')).toBe('true')
    expect(bodiesSent(spy, 'GET', '/journals')).toHaveLength(1)
  })

  it('is not shown to a demo organisation', async () => {
    const spy = stubJournalsApi([journal()], [me(true)])
    renderPage(<BankBalanceBlock />)
    await waitFor(() => expect(bodiesSent(spy, 'GET', '/me')).toHaveLength(1))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Solde bancaire' })).toBeNull())
  })
})
