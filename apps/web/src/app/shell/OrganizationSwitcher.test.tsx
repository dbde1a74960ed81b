import { type MeDto, messages } from '@app/domain'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { OrganizationSwitcher } from './OrganizationSwitcher'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

type SwitcherMe = Pick<MeDto, 'organizations' | 'currentOrganizationId' | 'currentOrganization'>

const org = (id: number, name: string, isActive = true) => ({ id, name, isActive, roleCode: 'owner' })

const meWith = (organizations: MeDto['organizations']): SwitcherMe => ({
  organizations,
  currentOrganizationId: organizations[0]?.id ?? null,
  currentOrganization: { name: organizations[0]?.name } as MeDto['currentOrganization'],
})

describe('OrganizationSwitcher', () => {
  it('is hidden with a single organisation', () => {
    stubApi([])
    renderPage(<OrganizationSwitcher me={meWith([org(1, 'Atelier Martin')])} onAddOrganization={() => {}} />)
    expect(screen.queryByRole('button', { name: /Changer d'entreprise/ })).toBeNull()
  })

  it('disables inactive organisations and labels them "Désactivée"', async () => {
    stubApi([])
    renderPage(
      <OrganizationSwitcher
        me={meWith([org(1, 'Atelier Martin'), org(2, 'Ancienne boutique', false), org(3, 'Studio Martin')])}
        onAddOrganization={() => {}}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: /Changer d'entreprise/ }))

    const inactive = await screen.findByRole('menuitem', { name: /Ancienne boutique/ })
    expect(inactive.hasAttribute('disabled') || inactive.getAttribute('data-disabled') === 'true').toBe(true)
    expect(inactive.textContent).toContain(messages.organization.disabled)
    const active = screen.getByRole('menuitem', { name: /Studio Martin/ })
    expect(active.hasAttribute('disabled')).toBe(false)
    expect(active.textContent).not.toContain(messages.organization.disabled)
    expect(screen.getByRole('menuitem', { name: 'Ajouter une entreprise' })).toBeTruthy()
  })

  it('says "Impossible de changer de compte" when the switch fails', async () => {
    const fetchSpy = stubApi([
      { method: 'POST', path: '/me/current-organization', status: 409, body: { message: 'Non', code: 'CONFLICT' } },
    ])
    renderPage(
      <OrganizationSwitcher
        me={meWith([org(1, 'Atelier Martin'), org(3, 'Studio Martin')])}
        onAddOrganization={() => {}}
      />,
    )
    fireEvent.click(screen.getByRole('button', { name: /Changer d'entreprise/ }))
    fireEvent.click(await screen.findByRole('menuitem', { name: /Studio Martin/ }))

    expect(await screen.findByText(messages.organization.switchErrorText)).toBeTruthy()
    expect(screen.getByText(messages.organization.switchErrorTitle)).toBeTruthy()
    expect(JSON.parse(String(fetchSpy.mock.calls[0]?.[1]?.body))).toEqual({ organizationId: 3 })
  })
})
