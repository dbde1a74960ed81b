import { readFile } from 'node:fs/promises'
import { expect, type Page, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import { apiSend, invoicePaidByTransfer, parisToday, signUpSubjectToVat } from './sales-helpers'

/**
 * The books seen as a new user sees them: an invoice of services validated this month and paid by a transfer, a
 * phone bill categorised; the VAT report counts the invoice's VAT in the month of its payment, the operating account
 * shows the revenue and the charge, the month's detail names the operations, and the FEC downloads.
 */

async function invoiceAndPhoneBill(page: Page, today: string) {
  const { bankId } = await invoicePaidByTransfer(page, {
    customer: 'Atelier Dupont',
    name: 'Site vitrine',
    amountHt: '1000',
    received: '1200',
    datedAt: today,
  })
  const phone = await apiSend<{ id: number }>(page, 'post', '/transactions', {
    journalId: bankId,
    name: 'Orange',
    datedAt: today,
    amount: '-60',
  })
  // 626 Frais postaux et de télécommunications, 20 %.
  await apiSend(page, 'patch', `/transactions/${phone.id}`, {
    allocations: [{ name: 'Orange', amount: '-60', accountingEntryId: 191 }],
  })
}

test('reports: VAT due when paid, the operating account, the month detail and the FEC from one ledger', async ({
  page,
}) => {
  await signUpSubjectToVat(page, uniqueEmail('reports'))
  const today = parisToday()
  await invoiceAndPhoneBill(page, today.iso)
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' })

  await navigation.getByRole('link', { name: 'T.V.A.' }).click()
  await expect(page).toHaveURL(/\/app\/reports\/taxes/)
  await expect(page.getByRole('region', { name: 'T.V.A. collectée' })).toContainText('200 €')
  await expect(page.getByRole('region', { name: 'T.V.A. déductible' })).toContainText('10 €')
  await expect(page.getByRole('region', { name: 'T.V.A. à payer' })).toContainText('190 €')

  const month = new Intl.DateTimeFormat('fr-FR', { month: 'long', year: 'numeric', timeZone: 'Europe/Paris' }).format(
    new Date(),
  )
  await page.getByRole('link', { name: `Détails de ${month}` }).click()
  await expect(page).toHaveURL(new RegExp(`/app/reports/taxes/${today.iso.slice(0, 7)}$`))
  // The invoice's VAT falls due with the transfer that pays it: the bank line carries it, in the month it came in.
  await expect(page.getByRole('table', { name: 'T.V.A. collectée' })).toContainText('VIR ATELIER DUPONT')
  await expect(page.getByRole('table', { name: 'T.V.A. déductible' })).toContainText('Orange')

  await navigation.getByRole('link', { name: "Compte d'exploitation" }).click()
  await expect(page).toHaveURL(/\/app\/reports\/operating-account/)
  await expect(page.getByRole('region', { name: 'Produits' })).toContainText('1 000 €')
  await expect(page.getByRole('region', { name: 'Charges' })).toContainText('50 €')
  await expect(page.getByRole('region', { name: 'Bénéfice' })).toContainText('950 €')

  // The books: the transfer in the livre des recettes under the invoice it paid, downloadable for a spreadsheet.
  await navigation.getByRole('link', { name: 'Livres' }).click()
  await expect(page).toHaveURL(/\/app\/reports\/in-out-book/)
  await expect(page.getByRole('region', { name: 'Livre des recettes' })).toContainText('1 200,00 €')
  await expect(page.getByRole('region', { name: 'Registre des achats' })).toContainText('60,00 €')
  await page.getByRole('link', { name: 'Ouvrir le livre des recettes' }).click()
  await expect(page).toHaveURL(/\/app\/reports\/in-out-book\/recipes/)
  const monthTable = page.getByRole('table', { name: new RegExp(month, 'i') })
  await expect(monthTable).toContainText('Atelier Dupont')
  await expect(monthTable).toContainText('1 200,00 €')
  const book = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Télécharger en CSV' }).click()
  const bookFile = await book
  expect(bookFile.suggestedFilename()).toBe(`livre-des-recettes-${today.year}.csv`)
  const csv = await readFile((await bookFile.path()) as string, 'utf8')
  expect(csv.split('\r\n')[0]).toBe('\uFEFFDate;Référence;Client;Catégorie;Mode;Montant')
  expect(csv).toContain(';Atelier Dupont;Encaissement facture;Compte pro;1200,00')

  // The FEC needs the SIREN, and says so until it is there (taken away here: issuing the invoice needed it).
  await apiSend(page, 'patch', '/organization', { registrySiren: null })
  await navigation.getByRole('link', { name: 'Export comptable' }).click()
  await expect(page).toHaveURL(/\/app\/reports\/export$/)
  const fecCard = page.getByRole('region', { name: /FEC/ })
  await fecCard.getByRole('button', { name: /Télécharger/ }).click()
  await expect(page.getByText(/SIREN/).first()).toBeVisible()
  await apiSend(page, 'patch', '/organization', { registrySiren: '732829320' })
  const download = page.waitForEvent('download')
  await fecCard.getByRole('button', { name: /Télécharger/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe(`732829320FEC${today.year}1231.txt`)
  const text = await readFile((await file.path()) as string, 'utf8')
  const rows = text.trim().split('\r\n')
  expect(rows[0]?.split('\t')).toHaveLength(18)
  expect(rows.some((row) => row.startsWith('VT\tVentes\t1\t'))).toBe(true)
})
