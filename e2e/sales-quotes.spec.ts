import { expect, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import {
  addFreeLine,
  apiCustomer,
  apiGet,
  apiSend,
  backToList,
  createCustomer,
  euros,
  idFromUrl,
  newDocument,
  parisToday,
  row,
  rowAction,
  saveDocument,
  signUpSubjectToVat,
  validateFromRow,
} from './sales-helpers'

type Totals = { totalTaxExcluded: string; totalTaxIncluded: string }
/** "1446.63" → 144663 */
const cents = (amount: string) => Math.round(Number(amount) * 100)

test('a quote is validated, sent, won, gets a 30 % deposit, then its final invoice: deposit + final = quote', async ({
  page,
}) => {
  const { year } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('quote'))
  await createCustomer(page, 'Jeanne Dupont')

  await newDocument(page, 'quotes', { customer: 'Jeanne Dupont', title: 'Rénovation cuisine' })
  // By hand, in cents: 2 × 450,00 at 20 % and 10 × 33,33 at 10 %.
  const base20 = 2 * 45_000
  const base10 = 10 * 3_333
  const quoteHt = base20 + base10
  const quoteTtc = quoteHt + Math.round(base20 / 5) + Math.round(base10 / 10)
  expect([quoteHt, quoteTtc]).toEqual([123_330, 144_663])
  await addFreeLine(page, 0, { name: 'Pose', quantity: '2', price: '450', vat: /^20\s%/ })
  await addFreeLine(page, 1, { name: 'Fournitures', quantity: '10', price: '33,33', vat: /^10\s%/ })
  const totals = page.getByRole('region', { name: 'Totaux' })
  await expect(totals.getByTestId('total-ht')).toHaveText(euros(quoteHt))
  await expect(totals.getByTestId('total-ttc')).toHaveText(euros(quoteTtc))
  const quoteId = await saveDocument(page, 'quotes')

  await backToList(page, 'quotes')
  const quoteRow = row(page, 'Rénovation cuisine')
  await expect(quoteRow).toContainText('Aucune · Jeanne Dupont')
  await validateFromRow(
    page,
    'Rénovation cuisine',
    'Valider le devis ?',
    'Une fois validé, ton devis recevra son numéro.',
  )
  const reference = `D-${year}-0001`
  await expect(quoteRow).toContainText(`${reference} · Jeanne Dupont`)
  await expect(page.getByRole('button', { name: "Changer l'état de Rénovation cuisine (Validé)" })).toBeVisible()

  await rowAction(page, 'Rénovation cuisine', 'Marquer comme envoyé')
  const sent = page.getByRole('button', { name: "Changer l'état de Rénovation cuisine (Envoyé)" })
  await expect(sent).toBeVisible()
  // The state switcher: every state, the current one disabled.
  await sent.click()
  await expect(page.getByRole('menuitem', { name: 'Envoyé' })).toBeDisabled()
  await page.getByRole('menuitem', { name: 'Gagné' }).click()
  await expect(page.getByRole('button', { name: "Changer l'état de Rénovation cuisine (Gagné)" })).toBeVisible()

  // A 30 % deposit: on the quote's HT.
  await rowAction(page, 'Rénovation cuisine', "Créer une facture d'acompte")
  const depositModal = page.getByRole('dialog', { name: 'Enregistrer un acompte' })
  await depositModal.getByRole('textbox', { name: /^Pourcentage/ }).fill('30')
  const deposit = Math.round((quoteHt * 30) / 100)
  const computation = depositModal.getByRole('table', { name: "Calcul de l'acompte" })
  await expect(computation.getByRole('row', { name: /Base HT/ })).toContainText(euros(quoteHt))
  await expect(computation.getByRole('row', { name: /Montant de l'acompte/ })).toContainText(euros(deposit))
  await depositModal.getByRole('button', { name: "Créer la facture d'acompte" }).click()
  await expect(page.getByText("Ta facture d'acompte a bien été créée.")).toBeVisible()
  await expect(depositModal).toBeHidden()

  // The deposit invoice is a draft in the invoice list: validated there.
  await page.getByRole('link', { name: 'Factures', exact: true }).click()
  const depositName = "Facture d'acompte – Rénovation cuisine"
  await expect(row(page, depositName)).toContainText('Brouillon')
  await validateFromRow(page, depositName, 'Valider la facture ?')
  await expect(row(page, depositName)).toContainText(`F-${year}-0001 · Jeanne Dupont`)
  await expect(row(page, depositName)).toContainText(euros(deposit))

  // The final invoice, from the quote's menu, opens in the invoice editor.
  await page.getByRole('link', { name: 'Devis', exact: true }).click()
  await rowAction(page, 'Rénovation cuisine', 'Générer la facture finale')
  await expect(page).toHaveURL(/\/app\/sales\/invoices\/\d+$/)
  const finalId = idFromUrl(page)
  await expect(page.getByRole('link', { name: `Facture issue du devis ${reference}` })).toBeVisible()

  const quote = await apiGet<Totals & { deposits: { id: number }[] }>(page, `/quotes/${quoteId}`)
  const depositInvoice = await apiGet<Totals>(page, `/invoices/${quote.deposits[0]?.id}`)
  const finalInvoice = await apiGet<Totals>(page, `/invoices/${finalId}`)
  expect(cents(quote.totalTaxIncluded)).toBe(quoteTtc)
  expect(cents(depositInvoice.totalTaxExcluded)).toBe(deposit)
  expect(cents(depositInvoice.totalTaxIncluded) + cents(finalInvoice.totalTaxIncluded)).toBe(quoteTtc)
  expect(cents(depositInvoice.totalTaxExcluded) + cents(finalInvoice.totalTaxExcluded)).toBe(quoteHt)
  // What the editor shows for the final invoice is the same amount.
  await expect(totals.getByTestId('total-ttc')).toHaveText(euros(cents(finalInvoice.totalTaxIncluded)))
  await expect(totals.getByTestId('total-ttc')).toHaveText(euros(quoteTtc - cents(depositInvoice.totalTaxIncluded)))
})

test("a new organisation's quote list says it has none", async ({ page }) => {
  await signUpSubjectToVat(page, uniqueEmail('no-quote'))
  await page.getByRole('link', { name: 'Devis', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Devis' })).toBeVisible()
  await expect(page.getByText('Aucun devis', { exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Nouveau devis' })).toBeVisible()
  // A state tab has its own empty text.
  await page.getByRole('tab', { name: 'Gagné' }).click()
  await expect(page).toHaveURL(/status=WON/)
  await expect(page.getByText('Aucun devis gagné', { exact: true })).toBeVisible()
})

/**
 * A final invoice's VAT is settled by the server so that deposits + final = quote: 20,01 € of VAT on 100,03 € HT,
 * 6,00 € of it on the 30 % deposit, so 14,01 € on the final invoice where 20 % of its 70,02 € would be 14,00 €. The
 * editor shows the settled amounts, not totals recomputed from the lines (it used to show 84,02 € for 84,03 €).
 */
test('the final invoice editor shows the settled VAT the server holds (deposit + final = quote)', async ({ page }) => {
  await signUpSubjectToVat(page, uniqueEmail('final-vat'))
  // Setup through the API with the session: the point is only the editor of the final invoice.
  const contact = await apiCustomer(page, {
    contactTypeId: 2,
    name: 'Jeanne Dupont',
  })
  const line = { name: 'Pose', type: 'SERVICE', quantity: '1', amount: '100.03', unitId: 1, taxId: 1 }
  const quote = await apiSend<Totals & { id: number }>(page, 'post', '/quotes', {
    name: 'Petits travaux',
    datedAt: parisToday().iso,
    contactId: contact.id,
    validityLimit: 30,
    lines: [line],
  })
  expect(quote.totalTaxIncluded).toBe('120.04')
  for (const stateId of [3, 4, 5]) await apiSend(page, 'patch', `/quotes/${quote.id}/state`, { stateId })
  const deposit = await apiSend<Totals & { id: number }>(page, 'post', `/quotes/${quote.id}/deposits`, {
    percentage: 30,
    deposit_type: 'percent',
  })
  await apiSend(page, 'post', `/invoices/${deposit.id}/validate`)
  const final = await apiSend<Totals & { id: number }>(page, 'post', `/quotes/${quote.id}/invoice`)
  expect(cents(deposit.totalTaxIncluded) + cents(final.totalTaxIncluded)).toBe(12_004)

  await page.goto(`/app/sales/invoices/${final.id}`)
  const totals = page.getByRole('region', { name: 'Totaux' })
  await expect(totals.getByTestId('total-ht')).toHaveText(euros(7_002))
  await expect(totals.getByTestId('total-vat-20')).toHaveText(euros(1_401))
  await expect(totals.getByTestId('total-ttc')).toHaveText(euros(cents(final.totalTaxIncluded)), { timeout: 5_000 })
})
