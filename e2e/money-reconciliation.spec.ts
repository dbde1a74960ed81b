import { expect, type Locator, type Page, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import { apiGet, apiSend, apiValidatedInvoice, parisToday, signUpSubjectToVat } from './sales-helpers'

/** Nothing of `inner` sticks out of `outer` sideways (the phone layout). */
async function fitsInside(inner: Locator, outer: Locator) {
  const [box, frame] = await Promise.all([inner.boundingBox(), outer.boundingBox()])
  expect(box && frame && box.x >= frame.x - 1 && box.x + box.width <= frame.x + frame.width + 1).toBe(true)
}

/** The drawer's content scrolled to `region`, in a screenshot named after the viewport's width. */
async function shoot(page: Page, region: Locator, name: string) {
  await region.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `test-results/${name}-${page.viewportSize()?.width}.png` })
}

test('a payment recorded by hand is reconciled when its bank line arrives: one click on the line, one payment on the invoice', async ({
  page,
}) => {
  const { iso: today } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('rapprochement'))

  // Setup through the API: an invoice of 1 200 € TTC paid by a transfer recorded by hand, then its bank line.
  const draft = await apiValidatedInvoice(page, {
    customer: 'Atelier Dupont',
    name: 'Aménagement atelier',
    amountHt: '1000',
    datedAt: today,
  })
  await apiSend(page, 'post', `/invoices/${draft.id}/payments`, { amount: '1200', method: 'TRANSFER' })
  const { reference } = await apiGet<{ reference: string }>(page, `/invoices/${draft.id}`)
  const bank = await apiSend<{ id: number }>(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })
  await apiSend(page, 'post', '/transactions', {
    journalId: bank.id,
    name: 'VIR SEPA ATELIER DUPONT',
    datedAt: today,
    amount: '1200',
  })

  // The line is to categorise until it meets its invoice.
  await page.goto('/app/financial/bank')
  const category = page.getByRole('button', { name: /^Catégorie de VIR SEPA ATELIER DUPONT : / })
  await expect(category).toHaveAccessibleName('Catégorie de VIR SEPA ATELIER DUPONT : À catégoriser')
  await page.getByRole('button', { name: 'Ouvrir VIR SEPA ATELIER DUPONT' }).click()
  const drawer = page.getByRole('dialog', { name: 'VIR SEPA ATELIER DUPONT' })
  const suggested = drawer.getByRole('region', { name: 'Factures suggérées' })
  const reconcile = suggested.getByRole('button', { name: `Rapprocher de la facture ${reference}` })
  await expect(reconcile).toBeVisible()
  await expect(suggested).toContainText('Atelier Dupont')
  await expect(suggested.getByRole('list', { name: 'Pourquoi cette suggestion' })).toContainText(
    /Paiement de 1\s200,00\s€ enregistré le \d{2}\/\d{2}\/\d{4} \(virement\)/,
  )
  await shoot(page, suggested, 'money-reconciliation-drawer')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, suggested, 'money-reconciliation-drawer')
  await fitsInside(suggested, drawer)
  await fitsInside(reconcile, suggested)

  // From the keyboard, on the phone: the line is linked, the invoice keeps its one payment.
  await reconcile.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Facture rattachée : elle est marquée payée.')).toBeVisible()
  await expect(suggested).toHaveCount(0)
  await expect(drawer.getByText(`Facture ${reference}`, { exact: true })).toBeVisible()
  const note = drawer.getByText(
    `Cette ligne paie la facture ${reference} : elle est catégorisée par elle (compte client 411).`,
  )
  await expect(note).toBeVisible()
  await expect(drawer.getByText('À catégoriser')).toHaveCount(0)
  await expect(drawer.getByRole('region', { name: 'Factures' }).getByRole('link', { name: reference })).toBeVisible()
  await fitsInside(note, drawer)
  await shoot(page, note, 'money-reconciliation-linked')
  await page.setViewportSize({ width: 1280, height: 800 })
  await shoot(page, note, 'money-reconciliation-linked')

  // In the list, the line is categorised by its invoice.
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(category).toHaveAccessibleName(`Catégorie de VIR SEPA ATELIER DUPONT : Facture ${reference}`)

  // The invoice: one payment, reconciled, nothing left to pay.
  await page.goto(`/app/sales/invoices?open=${draft.id}`)
  const payments = page.getByRole('dialog', { name: 'Aménagement atelier' }).getByRole('region', { name: 'Paiements' })
  await expect(payments.getByRole('listitem')).toHaveCount(1)
  await expect(payments.getByRole('listitem')).toContainText('Rapprochée')
  await expect(payments).toContainText('Reste à payer0,00 €')
})
