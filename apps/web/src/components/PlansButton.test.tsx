import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PlansButton } from './PlansButton'
import { renderPage, stubApi } from './test-utils'

const me = (isOwner: boolean) => ({
  data: { id: 1, firstname: 'Camille', currentOrganization: { id: 7, isOwner, features: [] } },
})

afterEach(() => vi.unstubAllGlobals())

describe('the way from an upsell to the plans', () => {
  it('leads the owner to the plan page', async () => {
    stubApi([{ path: '/me', body: me(true) }])
    renderPage(<PlansButton />)
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Voir les formules' }).getAttribute('href')).toBe(
        '/app/setting/subscription',
      ),
    )
  })

  it('leads the owner to the must-upgrade screen for a feature of the Plus plans', async () => {
    stubApi([{ path: '/me', body: me(true) }])
    renderPage(<PlansButton needsPlus />)
    await vi.waitFor(() =>
      expect(screen.getByRole('link', { name: 'Voir les formules' }).getAttribute('href')).toBe(
        '/app/oups/must-upgrade-plan',
      ),
    )
  })

  it('leads a member, who cannot subscribe, to the screen that names the owner', async () => {
    const spy = stubApi([{ path: '/me', body: me(false) }])
    renderPage(<PlansButton />)
    // Once the session has answered, and still not the plan page.
    await vi.waitFor(() => expect(spy).toHaveBeenCalled())
    expect(screen.getByRole('link', { name: 'Voir les formules' }).getAttribute('href')).toBe(
      '/app/oups/must-upgrade-plan',
    )
  })
})
