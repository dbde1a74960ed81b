import { IconFileText } from '@tabler/icons-react'
import { cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderPage } from '../../components/test-utils'
import { NAVIGATION, type NavEntry, type Viewer, visibleNavigation } from './nav-entries'
import { QuickCreateMenu } from './QuickCreateMenu'
import { SidebarNav } from './SidebarNav'

afterEach(cleanup)

const entry = (label: string, available: boolean, premium = false): NavEntry => ({
  label,
  to: `/app/${label}`,
  icon: IconFileText,
  available,
  premium,
})

/** A paid plan with recurring invoices (Plus), a paid plan without them, the free formula. */
const plus: Viewer = { isOwner: true, isFree: false, features: ['recurring_invoices'] }
const paid: Viewer = { isOwner: true, isFree: false, features: ['alerts'] }
const free: Viewer = { isOwner: true, isFree: true, features: [] }

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'Créer un document' }))

describe('QuickCreateMenu', () => {
  it('is absent while no entry has its page', () => {
    renderPage(<QuickCreateMenu viewer={plus} entries={[entry('Devis', false)]} />)
    expect(screen.queryByRole('button', { name: 'Créer un document' })).toBeNull()
  })

  it('offers a quote, an invoice, a credit note and a recurring invoice on a Plus plan', async () => {
    renderPage(<QuickCreateMenu viewer={plus} />)
    openMenu()
    expect(await screen.findByRole('menuitem', { name: 'Devis' })).toBeTruthy()
    expect(screen.getByRole('menuitem', { name: 'Facture' })).toBeTruthy()
    expect(screen.getByRole('menuitem', { name: 'Avoir' })).toBeTruthy()
    expect(screen.getByRole('menuitem', { name: 'Facture récurrente' }).getAttribute('href')).toBe(
      '/app/sales/subscriptions/new',
    )
  })

  it('hides "Facture récurrente" from a plan without recurring invoices, free or paid (spec/account.md §2)', async () => {
    for (const viewer of [paid, free]) {
      renderPage(<QuickCreateMenu viewer={viewer} />)
      openMenu()
      expect(await screen.findByRole('menuitem', { name: 'Facture' })).toBeTruthy()
      expect(screen.queryByRole('menuitem', { name: 'Facture récurrente' })).toBeNull()
      cleanup()
    }
  })

  it('lists only the available entries, without the premium ones on the free formula', async () => {
    const entries = [entry('Devis', true), entry('Facture', false), entry('Note de frais', true, true)]
    renderPage(<QuickCreateMenu viewer={free} entries={entries} />)
    openMenu()
    expect(await screen.findByRole('menuitem', { name: 'Devis' })).toBeTruthy()
    expect(screen.queryByRole('menuitem', { name: 'Facture' })).toBeNull()
    expect(screen.queryByRole('menuitem', { name: 'Note de frais' })).toBeNull()
  })
})

describe('visibleNavigation', () => {
  it('shows "Paramètres" to owners only and no section without a built page', () => {
    const labels = (isOwner: boolean) =>
      visibleNavigation({ ...plus, isOwner }, NAVIGATION).flatMap((section) => section.entries.map((e) => e.label))
    const built = [
      'Tableau de bord',
      'Devis',
      'Factures',
      'Factures récurrentes',
      'Clients',
      'Catalogue',
      'Fournisseurs',
      'Justificatifs',
      'Notes de frais',
      'Banque',
      'Caisse',
      "Compte d'exploitation",
      'Ventes',
      'T.V.A.',
      'E-reporting',
      'Livres',
      'Export comptable',
    ]
    expect(labels(true)).toEqual([...built, 'Paramètres'])
    expect(labels(false)).toEqual(built)
    const sections = visibleNavigation({ ...plus, isOwner: false }, NAVIGATION).map((section) => section.label)
    expect(sections).toEqual([null, 'Ventes', 'Achats', 'Finances', 'Rapports'])
  })

  it('shows "Ventes au comptant" only to an organisation that sells over the counter', () => {
    const sales = (canSellCash: boolean) =>
      visibleNavigation({ ...plus, canSellCash }, NAVIGATION)
        .find((section) => section.label === 'Ventes')
        ?.entries.map((entry) => entry.label)
    expect(sales(true)).toContain('Ventes au comptant')
    expect(sales(false)).not.toContain('Ventes au comptant')
  })
})

describe('SidebarNav', () => {
  const recurringLink = () => screen.getByRole('link', { name: /^Factures récurrentes/ })

  it('shows "Factures récurrentes" with a locked star to a plan without them, still leading to its page', () => {
    for (const viewer of [free, paid]) {
      renderPage(<SidebarNav viewer={viewer} />, { route: '/app' })
      expect(recurringLink().getAttribute('href')).toBe('/app/sales/subscriptions')
      expect(within(recurringLink()).getByRole('img', { name: 'Réservé aux formules Plus' })).toBeTruthy()
      cleanup()
    }
  })

  it('gives it a plain star on a Plus plan, and marks it active on its pages', () => {
    renderPage(<SidebarNav viewer={plus} />, { route: '/app/sales/subscriptions/12' })
    expect(within(recurringLink()).getByRole('img', { name: 'Fonctionnalité des formules Plus' })).toBeTruthy()
    expect(recurringLink().getAttribute('aria-current')).toBe('page')
    expect(screen.getByRole('link', { name: 'Factures' }).getAttribute('aria-current')).toBeNull()
  })
})
