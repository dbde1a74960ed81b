import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderPage } from '../../components/test-utils'
import { stubReportsApi } from './fakeReportsApi'
import { VatDeclarationPage } from './VatDeclarationPage'

const DOWNLOAD = 'Télécharger la déclaration (3310-CA3-SD)'
const plain = (text: string | null | undefined) => text?.replace(/[\u202f\u00a0]/g, ' ')
const rowOf = (table: HTMLElement, code: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === code) as HTMLElement
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => plain(cell.textContent))

describe('VatDeclarationPage', () => {
  it("lays out the month's CA3 as the form: its sections, each box's code, label and amount in euros", async () => {
    const spy = stubReportsApi()
    renderPage(<VatDeclarationPage />, { route: '/app/reports/taxes/declaration?year=2026&month=3' })
    expect(screen.getByLabelText('Chargement')).toBeTruthy()
    expect(await screen.findByRole('heading', { name: 'Déclaration de T.V.A. — mars 2026' })).toBeTruthy()
    expect(spy.mock.calls.some(([url]) => String(url) === '/api/v1/reports/vat-declaration?year=2026&month=3')).toBe(
      true,
    )
    expect(screen.getByRole('region', { name: 'A – Montant des opérations réalisées' })).toBeTruthy()
    expect(screen.getByRole('region', { name: 'B – Décompte de la TVA à payer' })).toBeTruthy()

    const taxed = screen.getByRole('table', { name: 'Opérations taxées (H.T.)' })
    expect(cellsOf(rowOf(taxed, 'A1'))).toEqual(['A1', 'Ventes, prestations de services', '350 €'])
    const gross = screen.getByRole('table', { name: 'TVA brute' })
    expect(cellsOf(rowOf(gross, '08'))).toEqual(['08', 'Taux normal 20 %', '250 €', '50 €'])
    // 5,50 € of VAT: 6 € on the form.
    expect(cellsOf(rowOf(gross, '09'))).toEqual(['09', 'Taux réduit 5,5 %', '100 €', '6 €'])
    expect(cellsOf(rowOf(gross, '16'))).toEqual(['16', 'Total de la TVA brute due (lignes 08 à 5B)', '', '56 €'])
    const deductible = screen.getByRole('table', { name: 'TVA déductible' })
    expect(cellsOf(rowOf(deductible, '19'))).toEqual(['19', 'Biens constituant des immobilisations', '200 €'])
    expect(cellsOf(rowOf(deductible, '23'))[2]).toBe('210 €')
    const credit = screen.getByRole('table', { name: 'Crédit' })
    expect(cellsOf(rowOf(credit, '27'))[2]).toBe('154 €')
    const payable = screen.getByRole('table', { name: 'Taxe à payer' })
    expect(cellsOf(rowOf(payable, '32'))[2]).toBe('0 €')
    expect(screen.getByRole('button', { name: DOWNLOAD }).hasAttribute('disabled')).toBe(false)
  })

  it('opens the entries behind a box, with their total, and nothing on a zero box', async () => {
    stubReportsApi()
    renderPage(<VatDeclarationPage />, { route: '/app/reports/taxes/declaration?year=2026&month=3' })
    fireEvent.click(await screen.findByRole('button', { name: /^Case 08 – Taux normal 20 %/ }))
    const modal = within(await screen.findByRole('dialog'))
    expect(modal.getByText('Case 08 – Taux normal 20 %')).toBeTruthy()
    const entries = modal.getByRole('table', { name: 'Écritures de la case 08' })
    expect(within(entries).getByText('Lampes')).toBeTruthy()
    expect(within(entries).queryByText('Livres')).toBeNull()
    expect(plain(within(entries).getAllByRole('row').at(-1)?.textContent)).toBe('Total250,00 €50,00 €')
    fireEvent.click(modal.getByRole('button', { name: 'Fermer' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    // The credit: what was deducted, less what was collected.
    fireEvent.click(screen.getByRole('button', { name: /^Case 27 – / }))
    const credit = within(await screen.findByRole('dialog'))
    const lines = within(credit.getByRole('table', { name: 'Écritures de la case 27' }))
    expect(lines.getByText('Ordinateur')).toBeTruthy()
    expect(lines.getByText('Orange')).toBeTruthy()
    expect(plain(lines.getAllByRole('row').find((row) => row.textContent?.includes('Lampes'))?.textContent)).toContain(
      '-50,00 €',
    )
    expect(plain(lines.getAllByRole('row').at(-1)?.textContent)).toBe('Total154,50 €')
    expect(credit.getByText('Un montant négatif est compté en moins dans cette case.')).toBeTruthy()

    expect(screen.queryByRole('button', { name: /^Case 32 – / })).toBeNull()
    expect(screen.queryByRole('button', { name: /^Case E1 – / })).toBeNull()
  })

  it('says so when the period has nothing to declare', async () => {
    stubReportsApi()
    renderPage(<VatDeclarationPage />, { route: '/app/reports/taxes/declaration?year=2026&month=2' })
    expect(await screen.findByText('Pas de données pour cette période.')).toBeTruthy()
    expect(screen.queryByRole('table', { name: 'TVA brute' })).toBeNull()
  })

  it("shows the server's reason for a refusal, and the report's error text otherwise", async () => {
    const quarter =
      'Ta T.V.A. se déclare au trimestre : choisis le dernier mois du trimestre (mars, juin, septembre ou décembre).'
    stubReportsApi([{ path: '/reports/vat-declaration', status: 400, body: { message: quarter, code: 'BAD_REQUEST' } }])
    const { unmount } = renderPage(<VatDeclarationPage />, {
      route: '/app/reports/taxes/declaration?year=2026&month=2',
    })
    expect(await screen.findByText(quarter)).toBeTruthy()
    unmount()

    stubReportsApi([{ path: '/reports/vat-declaration', status: 500, body: { message: 'Boom', code: 'INTERNAL' } }])
    renderPage(<VatDeclarationPage />, { route: '/app/reports/taxes/declaration?year=2026&month=3' })
    expect(
      await screen.findByText('Une erreur est survenue lors du chargement de ta déclaration de T.V.A.'),
    ).toBeTruthy()
  })

  it('keeps the PDF button disabled, and asks nothing of the server, while the year or the month is 0', async () => {
    for (const query of ['year=0&month=3', 'year=2026&month=0', '']) {
      const spy = stubReportsApi()
      const { unmount } = renderPage(<VatDeclarationPage />, { route: `/app/reports/taxes/declaration?${query}` })
      expect(screen.getByRole('button', { name: DOWNLOAD }).hasAttribute('disabled'), query).toBe(true)
      expect(screen.getByText(/Choisis une année et un mois/)).toBeTruthy()
      expect(spy.mock.calls.some(([url]) => String(url).includes('/reports/vat-declaration'))).toBe(false)
      unmount()
    }
  })
})
