import { PREMIUM_FEATURES } from '@app/domain'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { SettingsLayout } from './SettingsLayout'
import { settingsMenuFor } from './settingsMenu'

const me = (organization: { free: boolean; features: readonly string[] }) => ({
  path: '/me',
  body: { data: { id: 1, preferences: {}, currentOrganization: { id: 1, name: 'Atelier Martin', ...organization } } },
})

/** The desktop menu's entries as read: the label, then "★" when a star is there. */
async function menuEntries() {
  await screen.findByText('Atelier Martin')
  const menu = screen.getByTestId('settings-menu')
  return within(menu)
    .getAllByRole('link')
    .map((link) => {
      const label = link.querySelector('.mantine-NavLink-label')
      const star = within(link).queryByRole('img', { name: 'Fonctionnalité premium' })
      return `${label?.textContent ?? ''}${star ? ' ★' : ''}`
    })
}

describe('SettingsLayout', () => {
  it('shows a paid organisation every section in its place, the premium ones with a star', async () => {
    stubApi([me({ free: false, features: PREMIUM_FEATURES })])
    renderPage(<SettingsLayout />, { route: '/app/setting/account' })
    const entries = await menuEntries()
    expect(entries.slice(-2)).toEqual(["Règles d'affectation ★", 'Paiement par carte ★'])
    expect(entries.slice(0, 3)).toEqual(['Mon entreprise', 'Collaborateurs', 'Abonnement'])
    expect(screen.queryByText('Avec une formule payante')).toBeNull()
  })

  it('shows the free formula another menu: the subscription first, the premium sections apart and starred', async () => {
    stubApi([me({ free: true, features: [] })])
    renderPage(<SettingsLayout />, { route: '/app/setting/account' })
    const entries = await menuEntries()
    expect(entries[0]).toBe('Abonnement')
    expect(entries.slice(-2)).toEqual(["Règles d'affectation ★", 'Paiement par carte ★'])
    expect(entries.filter((entry) => entry.endsWith('★'))).toHaveLength(2)
    expect(screen.getByText('Avec une formule payante')).toBeTruthy()
  })

  it('keeps a free formula with a premium feature of its own in the main part', () => {
    const free = settingsMenuFor({ free: true, features: ['assignment_rules'] })
    expect(free.premium.map((item) => item.to)).toEqual(['/app/setting/card-payment'])
    expect(free.main[0]?.to).toBe('/app/setting/subscription')
    const trial = settingsMenuFor({ free: false, features: PREMIUM_FEATURES })
    expect(trial.main.map((item) => item.to)).not.toEqual(free.main.map((item) => item.to))
  })
})
