import { expect, test } from '@playwright/test'
import { choose, uniqueEmail } from './helpers'
import {
  addFreeLine,
  apiGet,
  backToList,
  confirmation,
  createCustomer,
  enableDiscounts,
  euros,
  newDocument,
  parisToday,
  row,
  rowAction,
  saveDocument,
  signUpSubjectToVat,
  validateFromRow,
} from './sales-helpers'

/** VAT of a base in cents at a rate in basis points (20 % = 2000, 5,5 % = 550), rounded half-up to the cent. */
const vat = (baseCents: number, rateBp: number) => Math.round((baseCents * rateBp) / 10_000)

test('an invoice with two VAT rates and discounts is saved, validated, sent, paid, then credited partly and in full', async ({
  page,
}) => {
  const { fr: today, year } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('invoice'))
  await enableDiscounts(page)
  await createCustomer(page, 'Jeanne Dupont')

  await newDocument(page, 'invoices', { customer: 'Jeanne Dupont', title: 'Conseil et livres' })

  // By hand, in cents: line 1 = 3 × 120,50 − 10,00 at 20 %; line 2 = 4 × 12,35 at 5,5 %; then a global 10 %.
  const line1 = 3 * 12_050 - 1_000
  const line2 = 4 * 1_235
  const subtotal = line1 + line2
  const globalDiscount = Math.round(subtotal / 10)
  const discountOn20 = Math.round((globalDiscount * line1) / subtotal) // the rest goes to 5,5 %
  const base20 = line1 - discountOn20
  const base55 = line2 - (globalDiscount - discountOn20)
  const vat20 = vat(base20, 2_000)
  const vat55 = vat(base55, 550)
  const totalHt = base20 + base55
  const totalTtc = totalHt + vat20 + vat55
  expect([line1, line2, totalHt, vat20, vat55, totalTtc]).toEqual([35_150, 4_940, 36_081, 6_327, 245, 42_653])

  const first = await addFreeLine(page, 0, {
    name: 'Conseil',
    quantity: '3',
    price: '120,50',
    vat: /^20\s%/,
    discount: '10',
  })
  const second = await addFreeLine(page, 1, { name: 'Livres', quantity: '4', price: '12,35', vat: /^5,5\s%/ })
  await expect(first.getByTestId('line-total')).toHaveText(euros(line1))
  await expect(second.getByTestId('line-total')).toHaveText(euros(line2))

  await page
    .locator('label')
    .filter({ hasText: /^Remise globale$/ })
    .click()
  const discountModal = page.getByRole('dialog', { name: 'Remise' })
  await discountModal.getByRole('textbox', { name: 'Pourcentage' }).fill('10')
  await discountModal.getByRole('button', { name: 'Appliquer' }).click()
  await expect(discountModal).toBeHidden()

  const totals = page.getByRole('region', { name: 'Totaux' })
  await expect(totals.getByTestId('total-subtotal')).toHaveText(euros(subtotal))
  await expect(totals.getByTestId('total-discount')).toHaveText(euros(-globalDiscount))
  await expect(totals.getByTestId('total-ht')).toHaveText(euros(totalHt))
  await expect(totals.getByTestId('total-vat-20')).toHaveText(euros(vat20))
  await expect(totals.getByTestId('total-vat-5.5')).toHaveText(euros(vat55))
  await expect(totals.getByTestId('total-ttc')).toHaveText(euros(totalTtc))

  const invoiceId = await saveDocument(page, 'invoices')
  await expect(totals.getByTestId('total-ttc')).toHaveText(euros(totalTtc))

  // The list: no reference yet; "Valider" asks first, then the invoice gets the first number of the year.
  await backToList(page, 'invoices')
  const invoiceRow = row(page, 'Conseil et livres')
  await expect(invoiceRow).toContainText('Aucune · Jeanne Dupont')
  await expect(invoiceRow).toContainText('Brouillon')
  await validateFromRow(page, 'Conseil et livres', 'Valider la facture ?', 'ne pourra plus être modifiée ni supprimée')
  await expect(page.getByText('Document validé.')).toBeVisible()
  await expect(invoiceRow).toContainText(`F-${year}-0001 · Jeanne Dupont`)
  await expect(invoiceRow).toContainText('Validée')

  // A validated invoice's editor is read-only.
  await page.goto(`/app/sales/invoices/${invoiceId}`)
  await expect(
    page.getByText("Attention, ce document n'est plus à l'état de brouillon. Tu ne peux pas l'éditer."),
  ).toBeVisible()
  await expect(page.getByText(`Référence : F-${year}-0001`)).toBeVisible()
  await expect(totals.getByTestId('total-ttc')).toHaveText(euros(totalTtc))
  // No Enregistrer (its payments still offer "Enregistrer un paiement").
  await expect(page.getByRole('button', { name: 'Enregistrer', exact: true })).toHaveCount(0)
  await backToList(page, 'invoices')

  await rowAction(page, 'Conseil et livres', 'Marquer comme envoyée')
  await expect(invoiceRow).toContainText('En attente')
  await expect(page.getByRole('button', { name: `En attente : ${euros(totalTtc)}, 1 facture` })).toBeVisible()

  // The invoice's own page offers its actions where it is shown: its PDF, then "Marquer comme payée".
  await page.goto(`/app/sales/invoices/${invoiceId}/show`)
  const actions = page.getByRole('button', { name: 'Actions' })
  await actions.click()
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Télécharger le PDF' }).click(),
  ])
  expect(pdf.suggestedFilename()).toBe(`Facture F-${year}-0001.pdf`)
  await actions.click()
  await page.getByRole('menuitem', { name: 'Marquer comme payée' }).click()
  const paid = page.getByRole('dialog', { name: 'Marquer comme payée' })
  const paymentDate = paid.getByRole('textbox', { name: /^Date de paiement/ })
  await paymentDate.fill(today)
  await paid.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(paid).toBeHidden()
  await expect(page.getByText('Payée', { exact: true })).toBeVisible()
  await expect(
    page.getByRole('region', { name: 'Paiements' }).getByRole('listitem', { name: `Paiement du ${today}` }),
  ).toBeVisible()
  await backToList(page, 'invoices')
  await expect(invoiceRow).toContainText('Payée')
  await expect(page.getByRole('button', { name: `Payée : ${euros(totalTtc)}, 1 facture` })).toBeVisible()
  await expect(page.getByRole('button', { name: `En attente : ${euros(0)}, 0 facture` })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Date de paiement de Conseil et livres' })).toHaveValue(today)

  // Partial credit note of 100,00 € TTC, then the rest in full: the invoice is cancelled.
  await rowAction(page, 'Conseil et livres', 'Avoir partiel')
  const partial = page.getByRole('dialog', { name: 'Avoir partiel' })
  await expect(partial).toContainText(`Reste à créditer : ${euros(totalTtc)}`)
  await partial.getByRole('textbox', { name: /^Montant TTC/ }).fill('100')
  await partial.getByRole('button', { name: "Créer l'avoir" }).click()
  await expect(page.getByText('Avoir créé')).toBeVisible()
  await expect(page.getByText('Tu le retrouveras dans la liste des factures.')).toBeVisible()
  await expect(partial).toBeHidden()
  const creditNoteName = `Avoir sur la facture F-${year}-0001`
  await expect(row(page, creditNoteName)).toHaveCount(1)
  await expect(row(page, creditNoteName)).toContainText(euros(-10_000))

  await rowAction(page, 'Conseil et livres', 'Avoir total')
  const total = confirmation(page, 'Créer un avoir total ?')
  await expect(total).toContainText('ta facture sera annulée')
  await total.getByRole('button', { name: "Créer l'avoir" }).click()
  await expect(total).toBeHidden()
  await expect(page.getByText('Avoir créé').first()).toBeVisible()
  await expect(invoiceRow).toContainText('Annulée')
  await expect(row(page, creditNoteName)).toHaveCount(2)
  await expect(row(page, creditNoteName).filter({ hasText: euros(-(totalTtc - 10_000)) })).toHaveCount(1)

  const credited = await apiGet<{ state: { code: string }; remainingToCredit: string }>(page, `/invoices/${invoiceId}`)
  expect(credited).toMatchObject({ state: { code: 'CANCELED' } })
  expect(Number(credited.remainingToCredit)).toBe(0)
})

test('a credit note written from scratch is negative whatever sign is typed, and numbered in its own series', async ({
  page,
}) => {
  const { year } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('credit-note'))
  await createCustomer(page, 'Jeanne Dupont')
  await page.getByRole('link', { name: 'Factures', exact: true }).click()
  await page.getByRole('link', { name: 'Nouvel avoir' }).click()
  await expect(page).toHaveURL(/\/app\/sales\/invoices\/new\?credit=true$/)
  await expect(page.getByRole('heading', { name: 'Nouvel avoir' })).toBeVisible()
  await choose(page, 'Client', 'Jeanne Dupont')
  const line = await addFreeLine(page, 0, { name: 'Geste commercial', quantity: '1', price: '50' })
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page).toHaveURL(/\/app\/sales\/invoices\/\d+$/)
  await expect(line.getByTestId('line-total')).toHaveText(euros(-5_000))
  await expect(page.getByRole('region', { name: 'Totaux' }).getByTestId('total-ttc')).toHaveText(euros(-6_000))

  await backToList(page, 'invoices')
  const creditNoteRow = row(page, 'Nouvel avoir')
  await expect(creditNoteRow).toContainText('Avoir')
  await expect(creditNoteRow).toContainText(euros(-6_000))
  await validateFromRow(page, 'Nouvel avoir', 'Valider la facture ?')
  await expect(creditNoteRow).toContainText(`AV-${year}-0001 · Jeanne Dupont`)
  // A credit note is not sent: its menu has no "Marquer comme envoyée".
  await page.getByRole('button', { name: 'Actions pour Nouvel avoir' }).click()
  await expect(page.getByRole('menuitem', { name: 'Marquer comme payée' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Marquer comme envoyée' })).toHaveCount(0)
})

test("a new organisation's invoice list says it has none yet", async ({ page }) => {
  await signUpSubjectToVat(page, uniqueEmail('no-invoice'))
  await page.getByRole('link', { name: 'Factures', exact: true }).click()
  await expect(page.getByText('Aucune facture pour le moment')).toBeVisible()
  await expect(page.getByRole('button', { name: `Payée : ${euros(0)}, 0 facture` })).toBeVisible()
})
