import type { ContactEInvoicingDto } from '@app/domain'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi } from '../../components/test-utils'
import { ContactDetailsDrawer } from './ContactDetailsDrawer'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

/** A French company customer as GET /contacts/{id} answers it, with what the directory said of it. */
const customer = (eInvoicing: ContactEInvoicingDto | null) => ({
  id: 1,
  name: 'Acme',
  contactTypeId: 1,
  contactType: { id: 1, code: 'BUSINESS', name: 'Entreprise' },
  relation: 'customer',
  isCustomer: true,
  isSupplier: false,
  registrySiren: '732829320',
  registryName: 'ACME',
  registryApe: null,
  registryDate: null,
  intracommunityTaxNumber: null,
  legalFormId: null,
  sectorId: null,
  email: null,
  phoneMobile: null,
  phoneOffice: null,
  url: null,
  addresses: [],
  contacts: [],
  quotesAmount: '0',
  quotesCount: 0,
  invoicesAmount: '0',
  invoicesCount: 0,
  invoicesLateAmount: '0',
  averagePaymentDelay: null,
  eInvoicing,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
})

function openDrawer(eInvoicing: ContactEInvoicingDto | null) {
  stubApi([{ path: '/contacts/1', body: { data: customer(eInvoicing) } }])
  renderPage(<ContactDetailsDrawer id={1} onClose={() => {}} onEdit={() => {}} onDelete={() => {}} />)
}

describe('the customer’s e-invoicing line', () => {
  it('says where a customer in the directory receives its invoices, and when the directory said so', async () => {
    openDrawer({ reachable: true, address: '732829320', platform: 'WK', checkedAt: '2026-11-27T23:30:00Z' })
    expect(
      await screen.findByText(
        "Facturation électronique : reçoit ses factures à l'adresse 732829320 (plateforme agréée)",
      ),
    ).toBeTruthy()
    // 23:30 UTC is already the 28th in Paris.
    expect(screen.getByText('Annuaire consulté le 28/11/2026')).toBeTruthy()
  })

  it('says a customer not yet in the directory gets its invoices by e-mail', async () => {
    openDrawer({ reachable: false, address: null, platform: null, checkedAt: '2026-11-20T10:00:00Z' })
    expect(
      await screen.findByText("Facturation électronique : pas encore dans l'annuaire, ses factures partent par e-mail"),
    ).toBeTruthy()
  })

  it('says nothing while the directory has not been asked', async () => {
    openDrawer(null)
    await screen.findByText('Raison sociale')
    expect(screen.queryByText(/Facturation électronique/)).toBeNull()
  })
})
