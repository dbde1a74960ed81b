import { IconFileText } from '@tabler/icons-react'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { renderPage } from '../../components/test-utils'
import { NAVIGATION, type NavEntry, visibleNavigation } from './nav-entries'
import { QuickCreateMenu } from './QuickCreateMenu'

afterEach(cleanup)

const entry = (label: string, available: boolean, premium = false): NavEntry => ({
  label,
  to: `/app/${label}`,
  icon: IconFileText,
  available,
  premium,
})

describe('QuickCreateMenu', () => {
  it('is absent while no entry has its page', () => {
    renderPage(<QuickCreateMenu viewer={{ isOwner: true, isFree: false }} entries={[entry('Devis', false)]} />)
    expect(screen.queryByRole('button', { name: 'Créer un document' })).toBeNull()
  })

  it('offers a quote, an invoice and a credit note now that their editors exist', async () => {
    renderPage(<QuickCreateMenu viewer={{ isOwner: true, isFree: false }} />)
    fireEvent.click(screen.getByRole('button', { name: 'Créer un document' }))
    expect(await screen.findByRole('menuitem', { name: 'Devis' })).toBeTruthy()
    expect(screen.getByRole('menuitem', { name: 'Facture' })).toBeTruthy()
    expect(screen.getByRole('menuitem', { name: 'Avoir' })).toBeTruthy()
  })

  it('lists only the available entries, without the premium ones on the free formula', async () => {
    const entries = [entry('Devis', true), entry('Facture', false), entry('Note de frais', true, true)]
    renderPage(<QuickCreateMenu viewer={{ isOwner: true, isFree: true }} entries={entries} />)
    fireEvent.click(screen.getByRole('button', { name: 'Créer un document' }))
    expect(await screen.findByRole('menuitem', { name: 'Devis' })).toBeTruthy()
    expect(screen.queryByRole('menuitem', { name: 'Facture' })).toBeNull()
    expect(screen.queryByRole('menuitem', { name: 'Note de frais' })).toBeNull()
  })
})

describe('visibleNavigation', () => {
  it('shows "Paramètres" to owners only and no section without a built page', () => {
    const labels = (isOwner: boolean) =>
      visibleNavigation({ isOwner, isFree: false }, NAVIGATION).flatMap((section) =>
        section.entries.map((e) => e.label),
      )
    const built = ['Tableau de bord', 'Devis', 'Factures', 'Clients', 'Catalogue', 'Fournisseurs']
    expect(labels(true)).toEqual([...built, 'Paramètres'])
    expect(labels(false)).toEqual(built)
    const sections = visibleNavigation({ isOwner: false, isFree: false }, NAVIGATION).map((section) => section.label)
    expect(sections).toEqual([null, 'Ventes', 'Achats'])
  })
})
