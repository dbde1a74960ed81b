import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../components/test-utils'
import { FirstDocumentPage, SalesCustomizationPage, StartPage } from './StartPages'

const hrefOf = (name: string) => screen.getByRole('link', { name }).getAttribute('href')

describe('the onboarding', () => {
  it('offers the four priorities of a new organisation, and a way to skip them', () => {
    renderPage(<StartPage />, { route: '/app/start' })
    expect(hrefOf('Mes infos')).toBe('/app/start/legal-infos')
    expect(hrefOf('Ma compta')).toBe('/app/setting/financial')
    expect(hrefOf('Ma facturation')).toBe('/app/start/sales/customization')
    expect(hrefOf('Configurer')).toBe('/app/setting')
    expect(hrefOf('Passer cette étape')).toBe('/app')
  })

  it('lets the documents be dressed first, or the first one be made at once', () => {
    renderPage(<SalesCustomizationPage />, { route: '/app/start/sales/customization' })
    expect(hrefOf('Personnaliser mes documents')).toBe('/app/setting/sales/branding')
    expect(hrefOf('Créer mon premier document')).toBe('/app/start/sales')
  })

  it('makes the first quote or invoice, and says where the sales defaults are', () => {
    renderPage(<FirstDocumentPage />, { route: '/app/start/sales' })
    expect(hrefOf('Créer un devis')).toBe('/app/sales/quotes/new')
    expect(hrefOf('Créer une facture')).toBe('/app/sales/invoices/new')
    const hint = screen.getByText(/Astuce/)
    expect(within(hint).getByRole('link', { name: 'les paramètres de vente' }).getAttribute('href')).toBe(
      '/app/setting/sales',
    )
  })
})
