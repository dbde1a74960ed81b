import { expect, test } from '@playwright/test'
import { choose, uniqueEmail } from './helpers'
import { apiValidatedInvoice, parisToday, signUpSubjectToVat } from './sales-helpers'

test('an invoice of 1 200 € is paid in two payments recorded from its details: 500 € by cheque, then the rest by transfer', async ({
  page,
}) => {
  const { iso: today, fr: todayFr } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('payments'))
  // Setup through the API: a validated invoice of 1 000 € HT at 20 %, 1 200 € TTC.
  const draft = await apiValidatedInvoice(page, {
    customer: 'Atelier Dupont',
    name: 'Accompagnement',
    amountHt: '1000',
    datedAt: today,
  })

  await page.goto(`/app/sales/invoices?open=${draft.id}`)
  const drawer = page.getByRole('dialog', { name: 'Accompagnement' })
  const payments = drawer.getByRole('region', { name: 'Paiements' })
  await expect(payments.getByText('Aucun paiement pour le moment.')).toBeVisible()
  await expect(payments).toContainText('Reste à payer1 200,00 €')

  // 500 € by cheque: the amount comes filled with all that is left, the means is a transfer unless told.
  await payments.getByRole('button', { name: 'Enregistrer un paiement' }).click()
  const modal = page.getByRole('dialog', { name: 'Enregistrer un paiement' })
  await expect(modal.getByRole('textbox', { name: 'Date de paiement' })).toHaveValue(todayFr)
  const amount = modal.getByRole('textbox', { name: 'Montant', exact: true })
  await expect(amount).toHaveValue('1200,00')
  await amount.fill('500')
  await choose(page, 'Moyen de paiement', 'Chèque')
  await modal.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Paiement enregistré.')).toBeVisible()
  await expect(modal).toBeHidden()

  const cheque = payments.getByRole('listitem', { name: `Paiement du ${todayFr}` })
  await expect(cheque).toContainText(`${todayFr} · Chèque`)
  await expect(cheque).toContainText('500,00 €')
  await expect(cheque).toContainText('En attente de sa ligne bancaire')
  await expect(cheque.getByRole('button', { name: `Supprimer le paiement du ${todayFr}` })).toBeVisible()
  await expect(payments).toContainText('Reste à payer700,00 €')
  await expect(drawer.getByText('Payée', { exact: true })).toHaveCount(0)

  // How the drawer looks with a payment waiting for its bank line, on a desktop and on a phone.
  await page.screenshot({ path: 'test-results/sales-payments-drawer-1280.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await payments.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/sales-payments-drawer-390.png' })
  const drawerBox = await drawer.boundingBox()
  const listBox = await payments.boundingBox()
  expect(listBox && drawerBox && listBox.x + listBox.width <= drawerBox.x + drawerBox.width).toBe(true)

  // The rest by transfer, from the phone: the invoice is paid.
  await payments.getByRole('button', { name: 'Enregistrer un paiement' }).click()
  await expect(amount).toHaveValue('700,00')
  await expect(modal.getByRole('combobox', { name: 'Moyen de paiement' })).toHaveValue('Virement')
  await page.screenshot({ path: 'test-results/sales-payments-modal-390.png' })
  await modal.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(modal).toBeHidden()
  await expect(drawer.getByText('Payée', { exact: true })).toBeVisible()
  await expect(payments).toContainText('Reste à payer0,00 €')
  await expect(payments.getByRole('listitem')).toHaveCount(2)
  await expect(payments.getByRole('button', { name: 'Enregistrer un paiement' })).toHaveCount(0)
})
