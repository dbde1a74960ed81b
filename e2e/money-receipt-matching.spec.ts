import { expect, type Page, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import { pdf } from './receipt-files'
import { apiGet, apiSend, parisToday, signUpSubjectToVat } from './sales-helpers'

/** A day before today in Paris: { iso: 'YYYY-MM-DD', fr: 'DD/MM/YYYY', qif: 'MM/DD/YYYY' }. */
function daysAgo(days: number) {
  const day = new Date(`${parisToday().iso}T12:00:00Z`)
  day.setUTCDate(day.getUTCDate() - days)
  const iso = day.toISOString().slice(0, 10)
  const [year, month, date] = iso.split('-')
  return { iso, fr: `${date}/${month}/${year}`, qif: `${month}/${date}/${year}` }
}

const BILL = 'facture-orange.pdf'
const TICKET = 'ticket-relais.pdf'

/** Files chosen in a drop zone, as a person does through its file picker. */
async function choose(page: Page, label: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const input = page.getByLabel(label)
  await input.setInputFiles([])
  await input.setInputFiles(files)
}

test('receipt matching: a statement and two receipts read from their text; one suggestion declined, one confirmed', async ({
  page,
}) => {
  await signUpSubjectToVat(page, uniqueEmail('rapprochement'))
  await apiSend(page, 'post', '/contacts?relation=supplier', { contactTypeId: 2, name: 'Orange SA' })
  await apiSend(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })
  const billDay = daysAgo(10)

  // The statement: Orange's direct debit two days after its bill, a card payment the day after a ticket, money in.
  await page.goto('/app/financial/bank/import')
  await expect(page.getByRole('combobox', { name: 'Compte bancaire' })).toHaveValue('Compte pro (BQ1)')
  const qif = [
    '!Type:Bank',
    `D${daysAgo(8).qif}`,
    'T-12.00',
    'PPRLV SEPA ORANGE SA',
    '^',
    `D${daysAgo(9).qif}`,
    'T-23.50',
    'PCB RELAIS H GARE',
    '^',
    `D${daysAgo(5).qif}`,
    'T1500.00',
    'PVIR CLIENT DUPONT',
    '^',
    '',
  ].join('\n')
  await choose(page, 'Choisir des relevés', [
    { name: 'releve.qif', mimeType: 'application/octet-stream', buffer: Buffer.from(qif) },
  ])
  await expect(
    page.getByRole('region', { name: 'Relevés importés' }).getByRole('listitem', { name: 'releve.qif' }),
  ).toContainText('3 transactions importées')

  // Two receipts whose text gives the supplier (when known), the date and the amounts.
  await page.goto('/app/purchase/receipts')
  await expect(page.getByRole('heading', { name: 'Justificatifs', exact: true })).toBeVisible()
  await choose(page, 'Choisir des justificatifs', [
    {
      name: BILL,
      mimeType: 'application/pdf',
      buffer: pdf([
        'Orange SA',
        `Date de facture : ${billDay.fr}`,
        'Total HT 10,00',
        'TVA 20 % 2,00',
        'Total TTC 12,00',
      ]),
    },
    {
      name: TICKET,
      mimeType: 'application/pdf',
      buffer: pdf(['Relais H Gare', `Ticket du ${billDay.fr}`, 'Total TTC 23,50']),
    },
  ])
  await expect(page.getByText('2 justificatifs ajoutés.').first()).toBeVisible()

  // The suggestions, each with why.
  const suggestions = page.getByRole('region', { name: 'Rapprochements suggérés' })
  const orange = suggestions.getByRole('listitem').filter({ hasText: 'Orange SA' })
  const ticket = suggestions.getByRole('listitem').filter({ hasText: TICKET })
  await expect(orange).toContainText("même montant, 2 jours d'écart, fournisseur ressemblant")
  await expect(orange).toContainText(billDay.fr)
  await expect(orange).toContainText(/-12,00\s€/)
  await expect(ticket).toContainText("même montant, 1 jour d'écart")

  // "Ce n'est pas ça": the ticket's suggestion goes, and stays gone after a reload.
  await ticket.getByRole('button', { name: /^Ce n'est pas ça/ }).click()
  await expect(ticket).toHaveCount(0)
  await page.reload()
  await expect(orange).toBeVisible()
  await expect(ticket).toHaveCount(0)

  // "Associer": attached; nothing is left to suggest.
  await orange.getByRole('button', { name: /^Associer/ }).click()
  await expect(page.getByText('Justificatif associé avec succès !').first()).toBeVisible()
  await expect(suggestions).toBeHidden()
  const billRow = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: BILL, exact: true }) })
  await expect(billRow.getByText('Associé', { exact: true })).toBeVisible()

  // The transaction shows the receipt attached.
  const lines = await apiGet<{ id: number; name: string; rawName: string }[]>(page, '/transactions?pageSize=10')
  const debit = lines.find((line) => line.rawName.includes('ORANGE'))
  expect(debit).toBeTruthy()
  await page.goto('/app/financial/bank')
  await page.getByRole('button', { name: `Ouvrir ${debit?.name}` }).click()
  const panel = page.getByRole('dialog', { name: debit?.name }).getByRole('region', { name: 'Justificatifs' })
  await expect(panel.getByRole('listitem', { name: BILL })).toBeVisible()
  await expect(panel.getByRole('region', { name: 'Justificatifs suggérés' })).toHaveCount(0)
})
