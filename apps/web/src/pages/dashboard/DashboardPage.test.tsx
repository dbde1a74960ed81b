import type { MeDto, OrganizationDto } from '@app/domain'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderPage } from '../../components/test-utils'
import { DashboardView, trialEnd } from './DashboardPage'

afterEach(cleanup)

const organization = (overrides: Partial<OrganizationDto>) =>
  ({
    name: 'Atelier Martin',
    owner: { firstname: 'Camille', lastname: 'Martin' },
    legalForm: { id: 2, code: 'ME', name: 'Micro-entrepreneur', type: 'ME' },
    sector: { id: 10, code: 'J', name: 'Information et communication' },
    taxRegime: { id: 1, code: 'FREE', name: 'Franchise en base de TVA' },
    taxArea: { id: 1, code: 'FRANCE', name: 'France métropolitaine' },
    plan: { code: 'free' },
    features: [],
    free: false,
    isOnTrial: false,
    trialEndsAt: null,
    hasCompletedLegalInfo: true,
    isOwner: true,
    ...overrides,
  }) as OrganizationDto

const me = (org: OrganizationDto) => ({ firstname: 'Camille', currentOrganization: org }) as MeDto

describe('DashboardView', () => {
  it('greets the user by first name', () => {
    renderPage(<DashboardView me={me(organization({}))} />)
    expect(screen.getByRole('heading', { name: 'Bonjour Camille !' })).toBeTruthy()
  })

  it('shows the trial end as "03/03/2026" with the time left in French', () => {
    expect(trialEnd('2026-03-03T10:00:00.000Z', new Date('2025-12-03T10:00:00.000Z'))).toEqual({
      date: '03/03/2026',
      relative: 'dans 3 mois',
    })
    renderPage(<DashboardView me={me(organization({ isOnTrial: true, trialEndsAt: '2026-03-03T10:00:00.000Z' }))} />)
    expect(screen.getByText("Période d'essai")).toBeTruthy()
    expect(screen.getByText('03/03/2026')).toBeTruthy()
  })

  it('links the owner to the legal information, and only tells a member who can fill it in', () => {
    renderPage(<DashboardView me={me(organization({ hasCompletedLegalInfo: false }))} />)
    expect(screen.getByRole('link', { name: 'Compléter mes informations' }).getAttribute('href')).toBe(
      '/app/setting/account',
    )
    cleanup()
    renderPage(<DashboardView me={me(organization({ hasCompletedLegalInfo: false, isOwner: false }))} />)
    expect(screen.queryByRole('link', { name: 'Compléter mes informations' })).toBeNull()
    expect(screen.getByText(/Seul·e Camille Martin/)).toBeTruthy()
  })
})
