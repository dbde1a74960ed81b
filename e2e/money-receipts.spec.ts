import { readFileSync } from 'node:fs'
import { expect, type Locator, type Page, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import { pdf, png } from './receipt-files'
import { apiSend, signUpSubjectToVat } from './sales-helpers'

const PDF_NAME = 'facture-orange.pdf'
const PNG_NAME = 'ticket-taxi.png'

/** Files chosen in the drop zone, as a person does through its file picker. */
async function dropFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const input = page.getByLabel('Choisir des justificatifs')
  await input.setInputFiles([])
  await input.setInputFiles(files)
}

const row = (page: Page, name: string): Locator =>
  page.getByRole('listitem').filter({ has: page.getByRole('button', { name, exact: true }) })

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click()
  await expect(page.getByRole('tab', { name, exact: true, selected: true })).toBeVisible()
}

test('receipts: uploaded, processed with the editor, then to associate; downloaded, deleted; a fake PDF refused', async ({
  page,
}) => {
  await signUpSubjectToVat(page, uniqueEmail('receipts'))
  await apiSend(page, 'post', '/contacts?relation=supplier', { contactTypeId: 2, name: 'Orange' })

  // From the navigation, the empty list.
  await page.getByRole('link', { name: 'Justificatifs' }).first().click()
  await expect(page).toHaveURL(/\/app\/purchase\/receipts$/)
  await expect(page.getByRole('heading', { name: 'Justificatifs', exact: true })).toBeVisible()
  await expect(page.getByText('Tu n’as importé aucun justificatif', { exact: true })).toBeVisible()

  // A PDF and a PNG at once: both to process.
  await dropFiles(page, [
    { name: PDF_NAME, mimeType: 'application/pdf', buffer: pdf('Justificatif de test') },
    { name: PNG_NAME, mimeType: 'image/png', buffer: png(240, 320) },
  ])
  await expect(page.getByText('2 justificatifs ajoutés.').first()).toBeVisible()
  await openTab(page, 'À traiter')
  await expect(page).toHaveURL(/state=to-process/)
  for (const name of [PDF_NAME, PNG_NAME]) {
    await expect(row(page, name)).toBeVisible()
    await expect(row(page, name).getByText('À traiter', { exact: true })).toBeVisible()
  }

  // The preview drawer: the PDF drawn by pdf.js, the image as itself.
  await page.getByRole('button', { name: PDF_NAME, exact: true }).click()
  const preview = page.getByRole('dialog', { name: PDF_NAME })
  await expect(preview.getByRole('img', { name: `Aperçu de ${PDF_NAME}` })).toBeVisible()
  await preview.getByRole('button', { name: 'Fermer' }).click()
  await expect(preview).toBeHidden()
  await page.getByRole('button', { name: PNG_NAME, exact: true }).click()
  const image = page.getByRole('dialog', { name: PNG_NAME }).getByRole('img', { name: `Aperçu de ${PNG_NAME}` })
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(240)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: PNG_NAME })).toBeHidden()

  // The editor: the file on the left, the form on the right; the VAT follows the amounts.
  await row(page, PDF_NAME)
    .getByRole('link', { name: `Traiter ${PDF_NAME}` })
    .click()
  await expect(page).toHaveURL(/\/app\/purchase\/receipts\/\d+$/)
  const pdfUrl = page.url()
  await expect(page.getByRole('heading', { name: PDF_NAME })).toBeVisible()
  await expect(page.getByRole('img', { name: `Aperçu de ${PDF_NAME}` })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Origine' })).not.toHaveValue('')
  await page.getByRole('textbox', { name: 'Référence' }).fill('FO-2026-03')
  await page.getByRole('textbox', { name: 'Description' }).fill('Forfait mobile de mars')
  await page.getByRole('combobox', { name: 'Fournisseur' }).click()
  await page.getByRole('option', { name: 'Orange', exact: true }).click()
  const date = page.getByRole('textbox', { name: /^Date d'émission/ })
  await date.fill('15/03/2026')
  await date.press('Tab')
  await page.getByRole('textbox', { name: 'Montant HT' }).fill('10')
  await page.getByRole('textbox', { name: /^Montant TTC/ }).fill('12')
  await page.getByRole('textbox', { name: /^Montant TTC/ }).blur()
  await expect(page.getByRole('textbox', { name: /^TVA/ })).toHaveValue(/^2,00\s€$/)
  await page.getByRole('button', { name: 'Enregistrer et passer au suivant' }).click()
  await expect(page.getByText('Justificatif enregistré.').first()).toBeVisible()

  // On to the next one to process: the image.
  await expect(page.getByRole('heading', { name: PNG_NAME })).toBeVisible()
  expect(page.url()).not.toBe(pdfUrl)
  await page.getByRole('button', { name: 'Terminer plus tard' }).click()
  await expect(page).toHaveURL(/\/app\/purchase\/receipts$/)

  // Validated: to associate, no editor any more, even by its address.
  await openTab(page, 'À associer')
  await expect(row(page, PDF_NAME)).toBeVisible()
  await expect(row(page, PDF_NAME).getByText('À associer', { exact: true })).toBeVisible()
  await expect(row(page, PDF_NAME).getByText(/12,00\s€/)).toBeVisible()
  await expect(row(page, PDF_NAME).getByText(/Orange · 15\/03\/2026/)).toBeVisible()
  await expect(row(page, PDF_NAME).getByRole('link', { name: /^Traiter/ })).toHaveCount(0)
  await expect(row(page, PNG_NAME)).toHaveCount(0)

  // Downloaded under its name, with its bytes.
  await row(page, PDF_NAME)
    .getByRole('button', { name: `Actions pour ${PDF_NAME}` })
    .click()
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Télécharger' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(PDF_NAME)
  const saved = await download.path()
  expect(readFileSync(saved).subarray(0, 5).toString('latin1')).toBe('%PDF-')

  await page.goto(pdfUrl)
  await expect(page.getByText('Ce justificatif est validé : il ne se modifie plus.')).toBeVisible()
  await page.getByRole('link', { name: 'Retour aux justificatifs' }).click()
  await expect(page).toHaveURL(/\/app\/purchase\/receipts$/)

  // The other one deleted, once confirmed.
  await row(page, PNG_NAME)
    .getByRole('button', { name: `Actions pour ${PNG_NAME}` })
    .click()
  await page.getByRole('menuitem', { name: 'Supprimer' }).click()
  const confirm = page.getByRole('dialog', { name: 'Es-tu certain·e de vouloir supprimer ce justificatif ?' })
  await confirm.getByRole('button', { name: 'Supprimer' }).click()
  await expect(page.getByText('Justificatif supprimé.').first()).toBeVisible()
  await expect(page.getByRole('button', { name: PNG_NAME, exact: true })).toHaveCount(0)
  await openTab(page, 'À traiter')
  await expect(page.getByText('Aucun justificatif à traiter', { exact: true })).toBeVisible()

  // A text file renamed as a PDF passes the browser's check by its name, not the server's by its bytes.
  await openTab(page, 'Tous')
  await dropFiles(page, [{ name: 'faux.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Ceci est un texte.') }])
  await expect(page.getByText('Erreur sur le fichier : faux.pdf').first()).toBeVisible()
  await expect(
    page.getByText("Le fichier n°1 n'est pas valide ! (Formats acceptés: png, jpg, jpeg, pdf, xml)").first(),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'faux.pdf', exact: true })).toHaveCount(0)

  // Refused in the browser: more than 5 files at once.
  await dropFiles(
    page,
    Array.from({ length: 6 }, (_, index) => ({
      name: `scan-${index + 1}.png`,
      mimeType: 'image/png',
      buffer: png(240, 320),
    })),
  )
  await expect(page.getByText('Tu ne peux pas transférer plus de 5 fichiers à la fois').first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'scan-1.png', exact: true })).toHaveCount(0)
})
