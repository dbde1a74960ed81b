import type { CeilingAlertDto, LegalFormAlertDto, MeDto, OrganizationDto } from '@app/domain'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bodiesSent, renderPage, stubApi } from '../../../components/test-utils'
import { DashboardView } from '../DashboardPage'
import { AlertsBlock } from './AlertsBlock'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const side = (current: string, limit: string, percentage: string, level: CeilingAlertDto['level'] = 'none') => ({
  current,
  limit,
  percentage,
  tolerance: null,
  level,
})

const vatAlert = (overrides: Partial<CeilingAlertDto> = {}): CeilingAlertDto => ({
  id: 7,
  type: 'VAT',
  year: 2026,
  isChecked: false,
  level: 'approaching',
  activity: 'SERV',
  title: 'Tu approches du seuil de la franchise en base de TVA',
  description: 'En 2026, ton chiffre d’affaires encaissé atteint 80 % du seuil de la franchise en base.',
  commerce: side('31000.00', '85000.00', '36'),
  service: { ...side('31000.00', '37500.00', '83', 'approaching'), tolerance: '41250.00' },
  ...overrides,
})

const microAlert: CeilingAlertDto = {
  ...vatAlert(),
  id: 8,
  type: 'MICRO',
  level: 'none',
  isChecked: true,
  activity: 'AM',
  title: 'Plafond du régime de la micro-entreprise',
  description: 'En 2026, ton chiffre d’affaires encaissé reste sous le plafond de la micro-entreprise.',
  commerce: side('40000.00', '203100.00', '20'),
  service: side('31000.00', '83600.00', '37'),
}

const legalFormAlert: LegalFormAlertDto = {
  id: 9,
  type: 'LEGAL_FORM',
  year: 2026,
  isChecked: false,
  level: 'crossed',
  title: 'Le régime réel te ferait économiser environ 3 121 € de cotisations par an',
  description:
    'Sur ton rythme de cette année, ton chiffre d’affaires encaissé atteindrait 60 000 € et tes charges 20 000 €.',
  legalForm: {
    current: 'micro',
    suggested: 'real',
    nature: 'libérale',
    period: { from: '2026-01-01', to: '2026-11-24', projected: true },
    gains: '60000.00',
    expenses: '20000.00',
    resultBeforeTaxes: '40000.00',
    micro: { urssafTotal: '15480.00' },
    real: { taxes: '12359.00' },
    difference: '3121.00',
  },
}

const me = (features: string[]) =>
  ({
    firstname: 'Camille',
    currentOrganization: {
      name: 'Atelier Martin',
      owner: { firstname: 'Camille', lastname: 'Martin' },
      legalForm: { id: 2, code: 'ME', name: 'Micro-entrepreneur', type: 'ME' },
      sector: { id: 10, code: 'J', name: 'Information et communication' },
      taxRegime: { id: 1, code: 'FREE', name: 'Franchise en base de TVA' },
      taxArea: { id: 1, code: 'FRANCE', name: 'France métropolitaine' },
      plan: { code: 'monthly' },
      features,
      free: features.length === 0,
      isOnTrial: false,
      trialEndsAt: null,
      hasCompletedLegalInfo: true,
      isOwner: true,
    } as unknown as OrganizationDto,
  }) as MeDto

describe('the ceiling alerts', () => {
  it('show each ceiling with a bar per side that applies: services alone, or the total and the services of a mixed activity', async () => {
    stubApi([{ path: '/alerts', body: { data: [vatAlert(), microAlert] } }])
    renderPage(<AlertsBlock />)
    expect(await screen.findByText('Tu approches du seuil de la franchise en base de TVA')).toBeTruthy()
    expect(screen.getByText('Plafond du régime de la micro-entreprise')).toBeTruthy()
    const bars = screen.getAllByRole('progressbar').map((bar) => bar.getAttribute('aria-label'))
    expect(bars).toEqual([
      'Prestations de services : 83 % du seuil',
      'Chiffre d’affaires total (ventes et services) : 20 % du seuil',
      'Prestations de services : 37 % du seuil',
    ])
    // The default normaliser turns the narrow spaces of French amounts into plain ones.
    expect(screen.getByText('31 000 € encaissés sur 37 500 € (seuil majoré 41 250 €)')).toBeTruthy()
  })

  it('show the legal-form comparison beside them: both regimes’ contributions on the year’s figures, and the saving', async () => {
    stubApi([{ path: '/alerts', body: { data: [vatAlert(), legalFormAlert] } }])
    renderPage(<AlertsBlock />)
    expect(await screen.findByText(legalFormAlert.title)).toBeTruthy()
    expect(screen.getByText('Micro-entreprise · Activité libérale · Projeté sur l’année 2026')).toBeTruthy()
    const table = screen.getByRole('table', { name: 'Comparer les régimes' })
    const rows = [...table.querySelectorAll('tr')].map((row) => row.textContent?.replace(/[\u202f\u00a0]/g, ' '))
    expect(rows).toEqual([
      'Chiffre d’affaires encaissé60 000 €',
      'Charges20 000 €',
      'Bénéfice avant impôt40 000 €',
      'Cotisations en micro-entreprise15 480 €',
      'Cotisations au régime réel12 359 €',
      'Économie par an3 121 €',
    ])
  })

  it('pop up the unchecked ones once; the button checks them and the modal goes', async () => {
    const spy = stubApi([
      { path: '/alerts', body: { data: [vatAlert(), microAlert] } },
      { method: 'POST', path: '/alerts/7/check', body: { data: vatAlert({ isChecked: true }) } },
    ])
    renderPage(<DashboardView me={me(['alerts'])} />)
    const dialog = await screen.findByRole('dialog')
    expect(dialog.textContent).toContain('Tu approches du seuil de la franchise en base de TVA')
    // The micro ceiling is at level none: nothing to acknowledge.
    expect(dialog.textContent).not.toContain('Plafond du régime de la micro-entreprise')
    fireEvent.click(screen.getByRole('button', { name: 'J’ai compris' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(bodiesSent(spy, 'POST', '/alerts/7/check')).toHaveLength(1)
    expect(bodiesSent(spy, 'POST', '/alerts/8/check')).toHaveLength(0)
  })

  it('stay quiet when every alert is checked', async () => {
    const spy = stubApi([{ path: '/alerts', body: { data: [vatAlert({ isChecked: true }), microAlert] } }])
    renderPage(<DashboardView me={me(['alerts'])} />)
    await waitFor(() => expect(spy).toHaveBeenCalled())
    expect(screen.queryByRole('dialog')).toBeNull()
    fireEvent.click(screen.getByRole('tab', { name: 'Alertes' }))
    expect(await screen.findByText('Tu approches du seuil de la franchise en base de TVA')).toBeTruthy()
  })

  it('are hidden on the free formula: no "Alertes" tab, nothing asked of the books', () => {
    const spy = stubApi([])
    renderPage(<DashboardView me={me([])} />)
    expect(screen.getByRole('tab', { name: 'Commercial' })).toBeTruthy()
    expect(screen.queryByRole('tab', { name: 'Alertes' })).toBeNull()
    // The session and the news ticker's public changelog; nothing else is asked.
    const asked = spy.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname)
    expect(asked.filter((path) => !['/api/v1/me', '/api/v1/changelog'].includes(path))).toEqual([])
  })
})
