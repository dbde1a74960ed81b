import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { connected, notConnected } from '../../test-support/fakeEInvoicingApi'
import { ContactDirectoryHint, sirenTyped } from './ContactDirectoryHint'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const directory = (siren: string, reachable: boolean) => ({
  path: '/e-invoicing/directory',
  body: {
    data: {
      siren,
      name: null,
      reachable,
      addresses: reachable
        ? [{ address: siren, siren, siret: null, routingCode: null, suffix: null, platform: 'WK' }]
        : [],
    },
  },
})

describe('the directory hint under the customer’s SIREN', () => {
  it('takes a whole valid SIREN, or the SIREN of a valid SIRET, with or without spaces', () => {
    expect(sirenTyped('732 829 320')).toBe('732829320')
    expect(sirenTyped('73282932000074')).toBe('732829320')
    expect(sirenTyped('73282932')).toBeNull()
    expect(sirenTyped('732829321')).toBeNull()
    expect(sirenTyped(null)).toBeNull()
  })

  it('says where a company of the directory receives its e-invoices, once a whole SIREN is typed', async () => {
    stubApi([{ path: '/e-invoicing/connection', body: { data: connected() } }, directory('732829320', true)])
    renderPage(<ContactDirectoryHint value="732 829 320" />)
    expect(await screen.findByText(/Reçoit les factures électroniques à l'adresse 732829320/)).toBeTruthy()
  })

  it('says a company outside the directory gets its invoices by e-mail', async () => {
    stubApi([{ path: '/e-invoicing/connection', body: { data: connected() } }, directory('552032534', false)])
    renderPage(<ContactDirectoryHint value="552032534" />)
    expect(await screen.findByText(/Pas encore dans l'annuaire/)).toBeTruthy()
  })

  it('says nothing when the organisation has no PA, or before the SIREN is whole', async () => {
    const spy = stubApi([{ path: '/e-invoicing/connection', body: { data: notConnected() } }])
    renderPage(<ContactDirectoryHint value="732829320" />)
    await vi.waitFor(() => expect(spy).toHaveBeenCalled())
    expect(screen.queryByText(/annuaire|factures électroniques/)).toBeNull()
    expect(spy.mock.calls.some(([url]) => String(url).includes('/e-invoicing/directory'))).toBe(false)
    cleanup()
    stubApi([{ path: '/e-invoicing/connection', body: { data: connected() } }])
    renderPage(<ContactDirectoryHint value="7328" />)
    expect(screen.queryByText(/annuaire|factures électroniques/)).toBeNull()
  })
})
