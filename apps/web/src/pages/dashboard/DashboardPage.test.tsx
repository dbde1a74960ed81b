import { type MeDto, type OrganizationDto, trendOf } from '@app/domain'
import { cleanup, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { DashboardView, trialEnd } from './DashboardPage'
import { axisK, euros as exactEuros } from './format'

// Testing Library reads text with its spaces collapsed: the narrow and non-breaking spaces become plain ones.
const euros = (amount: string) => exactEuros(amount).replace(/\s+/g, ' ')

// The chart draws on a canvas jsdom does not have; what it is given is the activity the server answered.
vi.mock('./blocks/ActivityCanvas', () => ({
  default: ({ months }: { months: unknown[] }) => <div data-testid="activity-canvas">{months.length} mois</div>,
}))

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const PAID = ['commercial_dashboard', 'alerts', 'exercise_menu']

const organization = (overrides: Partial<OrganizationDto>) =>
  ({
    name: 'Atelier Martin',
    owner: { firstname: 'Camille', lastname: 'Martin' },
    legalForm: { id: 2, code: 'ME', name: 'Micro-entrepreneur', type: 'ME' },
    sector: { id: 10, code: 'J', name: 'Information et communication' },
    taxRegime: { id: 2, code: 'MONTH', name: 'Mensuel' },
    taxArea: { id: 1, code: 'FRANCE', name: 'France métropolitaine' },
    plan: { code: 'monthly' },
    features: PAID,
    free: false,
    isOnTrial: false,
    trialEndsAt: null,
    fiscalYearStartedAt: null,
    fiscalYearEndedAt: null,
    hasCompletedLegalInfo: true,
    isTaxFree: false,
    isDemo: false,
    isOwner: true,
    currentUserRole: { id: 1, code: 'owner' },
    ...overrides,
  }) as OrganizationDto

const me = (org: OrganizationDto) => ({ firstname: 'Camille', currentOrganization: org }) as MeDto

const month = (value: string, date: string, label: string) => ({ value, date, label })
const figure = (total: string, current: string, previous: string) => ({
  from: '2026-01-01',
  to: '2026-11-24',
  total,
  currentMonth: month(current, '2026-11', 'novembre 2026'),
  previousMonth: month(previous, '2026-10', 'octobre 2026'),
  // What the server says of the two months (it judges the arrow with the domain's rule).
  trend: trendOf(current, previous),
})

function stubDashboard(overrides: { quotesTotal?: number; invoicesTotal?: number; accounts?: unknown[] } = {}) {
  return stubApi([
    {
      path: '/dashboard/activity',
      body: {
        data: {
          from: '2026-01-01',
          to: '2026-11-24',
          activityByMonth: [
            {
              date: '2026-11',
              label: 'novembre 2026',
              shortLabel: 'nov.',
              in: '300.00',
              out: '60.00',
              balance: '240.00',
              treasury: '1440.00',
            },
          ],
          summary: {
            income: figure('15000.00', '1000.00', '1200.00'),
            expenses: figure('50.00', '50.00', '0.00'),
            result: figure('14950.00', '950.00', '500.00'),
            treasury: figure('1440.00', '1440.00', '1200.00'),
          },
        },
      },
    },
    { path: '/dashboard/expenses', body: { data: figure('50.00', '50.00', '0.00') } },
    // 1,050 against 1,000: within 10 %, flat. 0 against 500: down.
    { path: '/dashboard/gains', body: { data: figure('14950.49', '1050.00', '1000.00') } },
    { path: '/dashboard/taxes', body: { data: figure('290.00', '0.00', '500.00') } },
    {
      path: '/dashboard/partners',
      body: { data: { at: '2026-11-24', total: '2500.00', accounts: [] } },
    },
    {
      path: '/dashboard/balance',
      body: {
        data: {
          at: '2026-11-24',
          total: '1440.00',
          accounts: overrides.accounts ?? [
            { journalId: 1, name: 'Compte pro', accountCode: '5121', balance: '1440.00' },
          ],
        },
      },
    },
    {
      path: '/dashboard/quotes',
      body: { data: { sent: { count: 2, sum: '3000.00' }, total: overrides.quotesTotal ?? 3 } },
    },
    {
      path: '/dashboard/invoices',
      body: {
        data: {
          paid: { count: 1, sum: '600.00' },
          pending: { count: 1, sum: '1200.00' },
          late: { count: 0, sum: '0.00' },
          owed: '1560.00',
          total: overrides.invoicesTotal ?? 3,
        },
      },
    },
    {
      path: '/dashboard/mrr',
      body: {
        data: {
          lastPeriodAmount: '450.00',
          previousPeriodAmount: '450.00',
          lastPeriodStart: '2026-11-01',
          previousPeriodStart: '2026-10-01',
          trend: 'flat',
        },
      },
    },
    { path: '/transactions/to-categorize/count', body: { data: { count: 4 } } },
    { path: '/available-years', body: { data: [{ start: '2026-01-01', end: '2026-12-31', label: '2026' }] } },
    { path: '/alerts', body: { data: [] } },
  ])
}

const card = (title: string) => screen.getByText(title).closest('[data-testid="stat-card"]') as HTMLElement

describe('the dashboard', () => {
  it('greets the user by first name', () => {
    stubDashboard()
    renderPage(<DashboardView me={me(organization({}))} />)
    expect(screen.getByRole('heading', { name: 'Bonjour Camille !' })).toBeTruthy()
  })

  it('shows the trial end as "03/03/2026" with the time left in French', () => {
    expect(trialEnd('2026-03-03T10:00:00.000Z', new Date('2025-12-03T10:00:00.000Z'))).toEqual({
      date: '03/03/2026',
      relative: 'dans 3 mois',
    })
    stubDashboard()
    renderPage(<DashboardView me={me(organization({ isOnTrial: true, trialEndsAt: '2026-03-03T10:00:00.000Z' }))} />)
    expect(screen.getByText("Période d'essai")).toBeTruthy()
    expect(screen.getByText('03/03/2026')).toBeTruthy()
  })

  it('links the owner to the legal-info page, and only tells a member who can fill it in', () => {
    stubDashboard()
    renderPage(<DashboardView me={me(organization({ hasCompletedLegalInfo: false }))} />)
    expect(screen.getByRole('link', { name: 'Compléter mes informations' }).getAttribute('href')).toBe(
      '/app/start/legal-infos',
    )
    cleanup()
    renderPage(<DashboardView me={me(organization({ hasCompletedLegalInfo: false, isOwner: false }))} />)
    expect(screen.queryByRole('link', { name: 'Compléter mes informations' })).toBeNull()
    expect(screen.getByText(/Seul·e Camille Martin/)).toBeTruthy()
  })

  it('shows the cards in whole euros with their trend arrows: up beyond 10 %, flat within, down', async () => {
    stubDashboard()
    renderPage(<DashboardView me={me(organization({}))} />)
    await waitFor(() => expect(within(card('Résultat')).getByText(euros('14950.49'))).toBeTruthy())
    expect(exactEuros('14950.49')).toBe('14\u202F950\u00A0€')
    expect(within(card('Charges')).getByLabelText('En hausse par rapport au mois précédent')).toBeTruthy()
    expect(within(card('Résultat')).getByLabelText('Stable par rapport au mois précédent')).toBeTruthy()
    expect(within(card('T.V.A. à payer')).getByLabelText('En baisse par rapport au mois précédent')).toBeTruthy()
    await waitFor(() => expect(within(card('Transactions à catégoriser')).getByText('4')).toBeTruthy())
    expect(within(card("Comptes courants d'associés")).getByText(euros('2500'))).toBeTruthy()
    expect(screen.getByTestId('dashboard-cards').getAttribute('data-columns')).toBe('4')
    expect(await screen.findByTestId('activity-canvas')).toBeTruthy()
  })

  it('links the pending quotes, the pending invoices, the reports and the transactions to categorise', async () => {
    stubDashboard()
    renderPage(<DashboardView me={me(organization({}))} />)
    const href = (name: string) => screen.getAllByRole('link', { name })[0]?.getAttribute('href')
    await waitFor(() => expect(href('Voir les devis en attente')).toBe('/app/sales/quotes?status=SENT&page=1'))
    expect(href('Voir les factures en attente')).toBe('/app/sales/invoices?status=PENDING&page=1')
    expect(href("Voir le compte d'exploitation")).toBe('/app/reports/operating-account')
    expect(href('Voir le rapport de T.V.A.')).toBe('/app/reports/taxes')
    expect(await screen.findByTestId('to-categorize')).toBeTruthy()
    expect(href('Les catégoriser')).toBe('/app/financial/bank?uncategorized=false&page=1')
  })

  it('has 3 columns and no VAT card for a tax-free organisation', async () => {
    stubDashboard()
    renderPage(<DashboardView me={me(organization({ isTaxFree: true }))} />)
    await waitFor(() => expect(within(card('Charges')).getByText(euros('50'))).toBeTruthy())
    expect(screen.getByTestId('dashboard-cards').getAttribute('data-columns')).toBe('3')
    expect(screen.queryByText('T.V.A. à payer')).toBeNull()
  })

  it('blurs the blocks under the subscribe prompt on the free formula, asks the server nothing, and hides the selector and alerts', async () => {
    const spy = stubDashboard()
    renderPage(<DashboardView me={me(organization({ features: [], free: true, plan: { code: 'free' } }))} />)
    expect(screen.getByTestId('dashboard-blurred')).toBeTruthy()
    expect(screen.getByText('Pilote ton activité')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Voir mes comptes' }).getAttribute('href')).toBe('/app/setting/financial')
    expect(screen.queryByRole('tab', { name: 'Alertes' })).toBeNull()
    expect(screen.queryByLabelText('Exercice')).toBeNull()
    expect(spy.mock.calls.some(([input]) => String(input).includes('/dashboard/'))).toBe(false)
  })

  it('shows the latest notifications with the plan’s notifications, and asks nothing for them on the free formula', async () => {
    const spy = stubDashboard()
    renderPage(<DashboardView me={me(organization({ features: [], free: true, plan: { code: 'free' } }))} />)
    expect(screen.queryByTestId('notifications-block')).toBeNull()
    expect(spy.mock.calls.some(([input]) => String(input).includes('/notifications'))).toBe(false)
    cleanup()
    stubDashboard()
    renderPage(<DashboardView me={me(organization({ features: [...PAID, 'notifications'] }))} />)
    expect(await screen.findByTestId('notifications-block')).toBeTruthy()
  })

  it('hides the bank balance and the blur for a demo organisation', async () => {
    stubDashboard()
    renderPage(<DashboardView me={me(organization({ isDemo: true, features: [] }))} />)
    expect(screen.queryByTestId('dashboard-blurred')).toBeNull()
    expect(screen.queryByTestId('treasury-block')).toBeNull()
  })

  it('shows the treasury, or the sentence of the spec with a link when there is no bank account', async () => {
    stubDashboard()
    renderPage(<DashboardView me={me(organization({}))} />)
    const block = await screen.findByTestId('treasury-block')
    await waitFor(() => expect(within(block).getAllByText(euros('1440')).length).toBe(2))
    cleanup()
    stubDashboard({ accounts: [] })
    renderPage(<DashboardView me={me(organization({}))} />)
    expect(await screen.findByText("Tu n'as activé aucun compte bancaire !")).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Ajouter un compte bancaire' }).getAttribute('href')).toBe(
      '/app/setting/financial',
    )
  })

  it('offers the first steps until the first quote or invoice', async () => {
    stubDashboard({ quotesTotal: 0, invoicesTotal: 0 })
    renderPage(<DashboardView me={me(organization({}))} />)
    const panel = await screen.findByTestId('first-steps')
    expect(within(panel).getByRole('link', { name: 'Créer mon premier devis' }).getAttribute('href')).toBe(
      '/app/sales/quotes/new',
    )
    cleanup()
    stubDashboard()
    renderPage(<DashboardView me={me(organization({}))} />)
    await screen.findAllByText(euros('3000'))
    expect(screen.queryByTestId('first-steps')).toBeNull()
  })

  it('thanks the owner back from the suspended subscription once paid, and forgets the address’s flag', async () => {
    stubDashboard()
    const { router } = renderPage(<DashboardView me={me(organization({}))} />, { route: '/app?you-are-subbed=yay' })
    expect(await screen.findByText('Ton abonnement est de nouveau actif. Merci !')).toBeTruthy()
    await waitFor(() => expect(router.state.location.search).toBe(''))
  })

  it('writes the chart axis in k from a thousand', () => {
    expect(axisK(12000)).toBe('12 k')
    expect(axisK(1500)).toBe('1,5 k')
    expect(axisK(-3000)).toBe('-3 k')
    expect(axisK(800)).toBe('800')
  })
})
