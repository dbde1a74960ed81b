import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi, whereIs } from '../../components/test-utils'
import { DRAFT_STATE, invoice, invoiceListItem, line, rowMenu } from '../../test-support/documentFixtures'
import { InvoicesPage } from './InvoicesPage'

const draft = invoiceListItem({
  id: 10,
  name: 'Site vitrine',
  amount: '1440.00',
  totalTaxIncluded: '1440.00',
  contactId: 3,
  contact: { id: 3, name: 'Atelier Dupont', contactTypeId: 1 },
})

/** The invoices list with one draft whose validation the server refuses: the organisation lacks its SIREN. */
function stubRefusal(isOwner: boolean) {
  stubApi([
    {
      path: '/me',
      body: {
        data: {
          id: 1,
          preferences: { display: { invoices: 'list' }, pageSize: 25 },
          currentOrganization: { id: 1, taxAreaId: 1, isTaxFree: false, features: [], isOwner },
        },
      },
    },
    { path: '/invoices', body: { data: [draft], meta: { total: 1, page: 1, pageSize: 25 } } },
    {
      path: '/invoices/summary',
      body: {
        data: { paid: { sum: '0', count: 0 }, pending: { sum: '0', count: 0 }, late: { sum: '0', count: 0 } },
      },
    },
    { path: '/invoice-states', body: { data: [DRAFT_STATE] } },
    {
      path: '/invoices/10',
      body: { data: invoice({ ...draft, lines: [line(1, 0, { name: 'Maquette', amount: '1200' })] }) },
    },
    {
      method: 'POST',
      path: '/invoices/10/validate',
      status: 409,
      body: {
        code: 'LEGAL_INFO_REQUIRED',
        message: "Complète tes informations légales avant d'émettre un devis ou une facture : SIREN.",
      },
    },
  ])
}

async function validateDraft() {
  await rowMenu('Site vitrine')
  fireEvent.click(screen.getByRole('menuitem', { name: 'Valider' }))
  fireEvent.click(await screen.findByRole('button', { name: 'Valider' }))
}

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('validating without the legal information (409 LEGAL_INFO_REQUIRED)', () => {
  it('sends the owner to the legal-info page, which comes back to the invoices', async () => {
    stubRefusal(true)
    const { router } = renderPage(<InvoicesPage />, { route: '/app/sales/invoices' })
    await validateDraft()
    await waitFor(() =>
      expect(whereIs(router)).toBe(`/app/start/legal-infos?callback=${encodeURIComponent('/app/sales/invoices')}`),
    )
  })

  it('sends a member who is not the owner to the need-legal-infos screen', async () => {
    stubRefusal(false)
    const { router } = renderPage(<InvoicesPage />, { route: '/app/sales/invoices' })
    await validateDraft()
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/oups/need-legal-infos'))
  })
})
