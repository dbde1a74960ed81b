import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, stubApi, whereIs } from '../../components/test-utils'
import { bodiesOf, rowMenu } from '../../test-support/documentFixtures'
import { InvoicesPage } from './InvoicesPage'
import { draft, full, renderPageWith, routes } from './invoicesPageFixtures'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe("the invoice list's validation and deletion dialogs", () => {
  it('keeps the validation dialog open on a back-dated refusal, and validates dated today from it', async () => {
    const refusal = {
      code: 'DATE_BEFORE_LAST_ISSUED',
      message:
        "La facture F-2026-0001 est datée du 02/11/2026 : les numéros suivent les dates, cette facture ne peut donc pas être datée d'avant. Valide-la à la date du jour.",
    }
    stubApi(routes([draft], [{ method: 'POST', path: '/invoices/10/validate', status: 409, body: refusal }]))
    renderPage(<InvoicesPage />)
    await rowMenu('Site vitrine')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Valider' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Valider' }))
    expect((await screen.findByRole('alert')).textContent).toContain('La facture F-2026-0001 est datée du 02/11/2026')
    const today = screen.getByRole('button', { name: /^Valider au \d\d\/\d\d\/\d{4}$/ })
    const spy = stubApi(
      routes([draft], [{ method: 'POST', path: '/invoices/10/validate', body: { data: full(draft) } }]),
    )
    fireEvent.click(today)
    expect(await screen.findByText('Document validé.')).toBeTruthy()
    const urls = spy.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/validate'))
    expect(urls).toEqual([expect.stringMatching(/\/invoices\/10\/validate\?dated=today$/)])
  })

  it('explains a negative total and links to a new credit note, with Valider disabled', async () => {
    const refusal = {
      code: 'NON_POSITIVE_TOTAL',
      message:
        "Une facture ne peut pas avoir un total négatif ou nul. Pour rendre de l'argent à ton client, fais-lui un avoir.",
    }
    const { router } = renderPageWith(
      routes([draft], [{ method: 'POST', path: '/invoices/10/validate', status: 409, body: refusal }]),
    )
    await rowMenu('Site vitrine')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Valider' }))
    fireEvent.click(await screen.findByRole('button', { name: 'Valider' }))
    expect((await screen.findByRole('alert')).textContent).toContain('fais-lui un avoir')
    expect((screen.getByRole('button', { name: 'Valider' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('link', { name: 'Créer un avoir' }))
    await waitFor(() => expect(whereIs(router)).toBe('/app/sales/invoices/new?credit=true'))
  })

  it('confirms validation with its consequence, and deletion with the spec texts', async () => {
    const spy = stubApi(
      routes(
        [draft],
        [
          { method: 'POST', path: '/invoices/10/validate', body: { data: full(draft) } },
          { method: 'DELETE', path: '/invoices/10', status: 204 },
        ],
      ),
    )
    renderPage(<InvoicesPage />)
    await rowMenu('Site vitrine')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Valider' }))
    expect(
      await screen.findByText(
        'Une fois validée, ta facture recevra son numéro et ne pourra plus être modifiée ni supprimée.',
      ),
    ).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Valider' }))
    expect(await screen.findByText('Document validé.')).toBeTruthy()
    expect(bodiesOf(spy, 'POST', '/invoices/10/validate')).toHaveLength(1)

    await rowMenu('Site vitrine')
    fireEvent.click(screen.getByRole('menuitem', { name: 'Supprimer' }))
    expect(await screen.findByText('Es-tu certain·e de vouloir supprimer cette entrée ?')).toBeTruthy()
    expect(screen.getByText('Cette action est irréversible !')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }))
    await waitFor(() => expect(bodiesOf(spy, 'DELETE', '/invoices/10')).toHaveLength(1))
  })
})
