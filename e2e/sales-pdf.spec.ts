import { readFile } from 'node:fs/promises'
import { type Download, expect, type Locator, type Page, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import {
  apiCustomer,
  apiSend,
  parisToday,
  row,
  rowAction,
  saveDocument,
  signUpSubjectToVat,
  validateFromRow,
} from './sales-helpers'

/** A customer and a draft invoice of one line, through the API (setup, not the point here). */
async function draftInvoice(page: Page, name: string) {
  const { iso: today } = parisToday()
  const customer = await apiCustomer(page, {
    contactTypeId: 2,
    name: 'Jeanne Dupont',
  })
  return apiSend<{ id: number; name: string }>(page, 'post', '/invoices', {
    name,
    datedAt: today,
    paymentLimit: 30,
    contactId: customer.id,
    lines: [{ name: 'Création du site', type: 'SERVICE', quantity: '1', amount: '1200', unitId: 1, taxId: 1 }],
  })
}

/** A drawn preview: its CSS size, how much of it is ink (not white), and a fingerprint of its pixels. */
type Drawn = { width: number; height: number; inked: number; fingerprint: string }

/** Reads a preview's canvas once pdf.js has drawn it. */
// Each journey draws several PDFs with pdf.js: slow on a loaded machine (see readCanvas).
test.describe.configure({ timeout: 240_000 })

async function readCanvas(preview: Locator): Promise<Drawn> {
  // pdf.js parses its worker, then the PDF, then draws: on a busy 2-core machine that outlasts the usual 15 s.
  await expect(preview).toBeVisible({ timeout: 45_000 })
  return preview.evaluate((element) => {
    const canvas = element as HTMLCanvasElement
    const box = canvas.getBoundingClientRect()
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d context')
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
    let inked = 0
    let hash = 0
    for (let i = 0; i < data.length; i += 4) {
      const r = data[i] ?? 255
      const g = data[i + 1] ?? 255
      const b = data[i + 2] ?? 255
      if (r < 200 || g < 200 || b < 200) inked += 1
      hash = (hash * 31 + r + g * 7 + b * 13) | 0
    }
    return { width: box.width, height: box.height, inked: inked / (data.length / 4), fingerprint: String(hash) }
  })
}

/** A grid thumbnail (inside the card's button, whose children are not separate elements for assistive technology). */
const thumbnailOf = (page: Page, name: string) => row(page, name).locator(`canvas[aria-label="Aperçu de ${name}"]`)

/** A download's suggested name and its first bytes. */
async function downloaded(download: Download) {
  const path = await download.path()
  const bytes = await readFile(path)
  return { name: download.suggestedFilename(), head: bytes.subarray(0, 5).toString('latin1'), size: bytes.length }
}

test("an invoice's PDF shows in the grid and in its drawer, downloads under its reference, and its paid version too", async ({
  page,
}) => {
  const { year } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('pdf'))
  const invoice = await draftInvoice(page, 'Site vitrine')
  await page.goto('/app/sales/invoices')
  await validateFromRow(page, invoice.name, 'Valider la facture ?')
  await expect(row(page, invoice.name)).toContainText(`F-${year}-0001`)

  // The grid view: a 176x224 thumbnail of the first page, with ink on it.
  await page.goto('/app/sales/invoices?view=grid')
  const thumbnail = await readCanvas(thumbnailOf(page, invoice.name))
  expect(thumbnail).toMatchObject({ width: 176, height: 224 })
  expect(thumbnail.inked).toBeGreaterThan(0.005)

  // The drawer: the first page at the drawer's width.
  await row(page, invoice.name).click()
  const drawer = page.getByRole('dialog', { name: invoice.name })
  const preview = await readCanvas(drawer.getByRole('img', { name: `Aperçu de ${invoice.name}` }))
  expect(preview.width).toBeGreaterThan(300)
  expect(preview.height / preview.width).toBeCloseTo(Math.SQRT2, 1)
  expect(preview.inked).toBeGreaterThan(0.005)
  await expect(drawer.getByRole('button', { name: 'Facture acquittée' })).toHaveCount(0)

  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: 'Télécharger le PDF' }).click(),
  ])
  expect(await downloaded(pdf)).toMatchObject({ name: `Facture F-${year}-0001.pdf`, head: '%PDF-' })

  // Paid: "Facture acquittée" downloads the paid version, from the drawer and from the row's menu.
  await drawer.getByRole('button', { name: 'Actions' }).click()
  await page.getByRole('menuitem', { name: 'Marquer comme payée' }).click()
  const paidModal = page.getByRole('dialog', { name: 'Marquer comme payée' })
  await paidModal.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(paidModal).toBeHidden()
  const [paidFromDrawer] = await Promise.all([
    page.waitForEvent('download'),
    drawer.getByRole('button', { name: 'Facture acquittée' }).click(),
  ])
  expect(await downloaded(paidFromDrawer)).toMatchObject({
    name: `Facture acquittée F-${year}-0001.pdf`,
    head: '%PDF-',
  })
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  const [paidFromMenu] = await Promise.all([
    page.waitForEvent('download'),
    rowAction(page, invoice.name, 'Facture acquittée'),
  ])
  expect(await downloaded(paidFromMenu)).toMatchObject({ name: `Facture acquittée F-${year}-0001.pdf`, head: '%PDF-' })
  const [fromMenu] = await Promise.all([
    page.waitForEvent('download'),
    rowAction(page, invoice.name, 'Télécharger le PDF'),
  ])
  expect(await downloaded(fromMenu)).toMatchObject({ name: `Facture F-${year}-0001.pdf`, head: '%PDF-' })
})

test("a draft's preview follows its changes: a new name from the editor, then its validation from the drawer", async ({
  page,
}) => {
  await signUpSubjectToVat(page, uniqueEmail('pdf-refresh'))
  const invoice = await draftInvoice(page, 'Maquettes')

  await page.goto(`/app/sales/invoices?open=${invoice.id}`)
  const drawer = page.getByRole('dialog', { name: 'Maquettes' })
  const before = await readCanvas(drawer.getByRole('img', { name: 'Aperçu de Maquettes' }))

  // A new name in the editor: the drawer opened again shows it.
  await page.goto(`/app/sales/invoices/${invoice.id}`)
  await page.getByRole('textbox', { name: /^Titre/ }).fill('Maquettes et charte graphique')
  await saveDocument(page, 'invoices')
  await page.goto(`/app/sales/invoices?open=${invoice.id}`)
  const renamed = page.getByRole('dialog', { name: 'Maquettes et charte graphique' })
  const canvas = renamed.getByRole('img', { name: 'Aperçu de Maquettes et charte graphique' })
  await expect.poll(async () => (await readCanvas(canvas)).fingerprint).not.toBe(before.fingerprint)
  const afterRename = await readCanvas(canvas)

  // Validated from the drawer's actions: the open preview is drawn again (2 s after the change) with its number.
  await renamed.getByRole('button', { name: 'Actions' }).click()
  await page.getByRole('menuitem', { name: 'Valider' }).click()
  await page.getByRole('dialog', { name: 'Valider la facture ?' }).getByRole('button', { name: 'Valider' }).click()
  await expect(page.getByText('Document validé.')).toBeVisible()
  await expect
    .poll(async () => (await readCanvas(canvas)).fingerprint, { timeout: 10_000 })
    .not.toBe(afterRename.fingerprint)
})

test("a quote's PDF shows in the grid and in its drawer, and downloads from its menu", async ({ page }) => {
  const { iso: today } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('pdf-quote'))
  const customer = await apiCustomer(page, {
    contactTypeId: 2,
    name: 'Jeanne Dupont',
  })
  const quote = await apiSend<{ id: number; name: string }>(page, 'post', '/quotes', {
    name: 'Refonte du site',
    datedAt: today,
    validityLimit: 30,
    contactId: customer.id,
    lines: [{ name: 'Refonte', type: 'SERVICE', quantity: '1', amount: '2400', unitId: 1, taxId: 1 }],
  })

  await page.goto('/app/sales/quotes?view=grid')
  const thumbnail = await readCanvas(thumbnailOf(page, quote.name))
  expect(thumbnail).toMatchObject({ width: 176, height: 224 })
  expect(thumbnail.inked).toBeGreaterThan(0.005)

  await row(page, quote.name).click()
  const drawer = page.getByRole('dialog', { name: quote.name })
  expect((await readCanvas(drawer.getByRole('img', { name: `Aperçu de ${quote.name}` }))).inked).toBeGreaterThan(0.005)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()

  const [pdf] = await Promise.all([page.waitForEvent('download'), rowAction(page, quote.name, 'Télécharger le PDF')])
  expect(await downloaded(pdf)).toMatchObject({ name: `Brouillon devis ${quote.id}.pdf`, head: '%PDF-' })
})

test('on a phone, the grid thumbnail and the drawer preview fit the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await signUpSubjectToVat(page, uniqueEmail('pdf-phone'))
  const invoice = await draftInvoice(page, 'Identité visuelle')

  await page.goto('/app/sales/invoices?view=grid')
  const thumbnail = await readCanvas(thumbnailOf(page, invoice.name))
  expect(thumbnail).toMatchObject({ width: 176, height: 224 })

  await row(page, invoice.name).click()
  const drawer = page.getByRole('dialog', { name: invoice.name })
  const preview = await readCanvas(drawer.getByRole('img', { name: `Aperçu de ${invoice.name}` }))
  expect(preview.width).toBeGreaterThan(250)
  expect(preview.width).toBeLessThanOrEqual(390)
  expect(preview.inked).toBeGreaterThan(0.005)
  await expect(drawer.getByRole('button', { name: 'Télécharger le PDF' })).toBeInViewport()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
})
