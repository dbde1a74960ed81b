import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { signUpThroughPages, uniqueEmail } from './helpers'
import { apiCustomer, apiGet, apiSend, completeLegalInfo } from './sales-helpers'

const sample = (path: string) => fileURLToPath(new URL(`../test-kits/bank-samples/${path}`, import.meta.url))
/** Banque Populaire's OFX export: 69 card payments and transfers (test-kits/bank-samples/README.md). */
const OFX = sample('ofx/ofxstatement-french__BPACA_OP_20220828.ofx')
/** A French CSV: `;`, comma decimals, separate Débit and Crédit columns, 3 rows (one of them "Salaire", +3 500,00). */
const CSV = sample('csv/bankstatementparser__csv_french_headers.csv')
/** A camt.053 whose amount is "12..34". */
const BROKEN = sample('camt/bankstatementparser__camt053_garbled_amount.xml')

/** A bank account created from Paramètres › Comptes bancaires. */
async function createBankAccount(page: Page, name: string) {
  await page.goto('/app/setting/financial')
  await page.getByRole('button', { name: 'Ajouter un compte bancaire' }).click()
  const drawer = page.getByRole('dialog', { name: 'Nouveau compte bancaire' })
  await drawer.getByRole('textbox', { name: /^Nom/ }).fill(name)
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(drawer).toBeHidden()
  await expect(page.getByRole('listitem', { name })).toBeVisible()
}

/** What the page says of the latest import of `fileName` (the newest comes first). */
const latestOutcome = (page: Page, fileName: string) =>
  page.getByRole('region', { name: 'Relevés importés' }).getByRole('listitem', { name: fileName }).first()

/**
 * A file chosen in the drop zone. The input is emptied first, as the drop zone does before opening the file dialog:
 * choosing the file the input already holds would not be a change.
 */
async function dropFile(page: Page, path: string) {
  const input = page.getByLabel('Choisir des relevés')
  await input.setInputFiles([])
  await input.setInputFiles(path)
}

test('statements are imported from the import page, a CSV through its column mapping; the same files again add nothing', async ({
  page,
}) => {
  await signUpThroughPages(page, uniqueEmail('releve'))
  await createBankAccount(page, 'Compte pro')

  await page.goto('/app/financial/bank/import')
  await expect(page.getByRole('heading', { name: 'Importer un relevé' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Compte bancaire' })).toHaveValue('Compte pro (BQ1)')

  // An OFX goes straight in, and a second time adds nothing.
  await dropFile(page, OFX)
  await expect(latestOutcome(page, 'ofxstatement-french__BPACA_OP_20220828.ofx')).toContainText(
    '69 transactions importées, 0 doublon ignoré, 0 catégorisée',
  )
  await dropFile(page, OFX)
  await expect(page.getByRole('listitem', { name: 'ofxstatement-french__BPACA_OP_20220828.ofx' })).toHaveCount(2)
  await expect(latestOutcome(page, 'ofxstatement-french__BPACA_OP_20220828.ofx')).toContainText(
    '0 transaction importée, 69 doublons ignorés, 0 catégorisée',
  )

  // A CSV stops at its mapping: the server's suggestion, the file's rows and the lines as they will be written.
  await dropFile(page, CSV)
  const mapping = page.getByRole('region', { name: 'Correspondance des colonnes' })
  await expect(mapping.getByRole('combobox', { name: 'Colonne de la date' })).toHaveValue('Date opération')
  await expect(mapping.getByRole('combobox', { name: 'Colonne du débit' })).toHaveValue('Débit')
  await expect(mapping.getByRole('combobox', { name: 'Colonne du crédit' })).toHaveValue('Crédit')
  const lines = mapping.getByRole('table', { name: 'Lignes telles qu’elles seront importées' })
  await expect(lines).toContainText('Loyer Avril')
  await expect(lines).toContainText('-1 234,56 €')
  await expect(lines).toContainText('3 500,00 €')
  await mapping.getByRole('button', { name: 'Importer' }).click()
  await expect(mapping).toBeHidden()
  await expect(latestOutcome(page, 'bankstatementparser__csv_french_headers.csv')).toContainText(
    '3 transactions importées, 0 doublon ignoré, 0 catégorisée',
  )

  // The account remembers the mapping: the next CSV starts from it.
  await dropFile(page, CSV)
  await expect(mapping.getByRole('combobox', { name: 'Colonne du crédit' })).toHaveValue('Crédit')
  await mapping.getByRole('button', { name: 'Importer' }).click()
  await expect(latestOutcome(page, 'bankstatementparser__csv_french_headers.csv')).toContainText(
    '0 transaction importée, 3 doublons ignorés, 0 catégorisée',
  )

  // A bad file: the server's message names the fault.
  await dropFile(page, BROKEN)
  await expect(latestOutcome(page, 'bankstatementparser__camt053_garbled_amount.xml').getByRole('alert')).toContainText(
    '12..34',
  )

  await page.getByRole('link', { name: 'Voir les transactions' }).click()
  await expect(page).toHaveURL(/\/app\/financial\/bank$/)
})

test('a sales invoice is attached to the transfer that paid it: it is marked paid on the transfer’s date', async ({
  page,
}) => {
  await signUpThroughPages(page, uniqueEmail('encaissement'))
  await completeLegalInfo(page, { taxFree: true })
  await createBankAccount(page, 'Compte pro')
  await page.goto('/app/financial/bank/import')
  await dropFile(page, CSV)
  await page
    .getByRole('region', { name: 'Correspondance des colonnes' })
    .getByRole('button', { name: 'Importer' })
    .click()
  await expect(latestOutcome(page, 'bankstatementparser__csv_french_headers.csv')).toContainText(
    '3 transactions importées',
  )

  // Setup through the API: a validated invoice of 3 500,00 €, dated before the transfer of 5 April.
  const customer = await apiCustomer(page, {
    contactTypeId: 2,
    name: 'Jeanne Dupont',
  })
  const draft = await apiSend<{ id: number }>(page, 'post', '/invoices', {
    name: 'Refonte du site',
    datedAt: '2026-03-01',
    paymentLimit: 30,
    contactId: customer.id,
    lines: [{ name: 'Refonte', type: 'SERVICE', quantity: '1', amount: '3500', unitId: 1, taxId: 1 }],
  })
  const invoice = await apiSend<{ id: number; reference: string; amount: string }>(
    page,
    'post',
    `/invoices/${draft.id}/validate`,
  )
  expect(invoice.amount).toBe('3500.00')
  const [salary] = await apiGet<{ id: number; name: string }[]>(page, '/transactions?filter[search]=Salaire')
  expect(salary).toBeDefined()

  await page.goto(`/app/financial/bank/${salary?.id}/show`)
  await page.getByRole('button', { name: 'Rattacher une facture' }).click()
  const drawer = page.getByRole('dialog', { name: 'Rattacher une facture' })
  await expect(drawer.getByRole('tab', { name: 'Factures', exact: true })).toHaveAttribute('aria-selected', 'true')
  // The invoice is suggested above the list too (« Rattacher à la facture F-… »): the list's row is named by its number.
  await expect(drawer.getByRole('listitem', { name: `Rattacher à la facture ${invoice.reference}` })).toBeVisible()
  const row = drawer.getByRole('listitem', { name: invoice.reference, exact: true })
  await expect(row.getByText('Même montant', { exact: true })).toBeVisible()
  const attach = drawer.getByRole('button', { name: 'Rattacher', exact: true })
  await expect(attach).toBeDisabled()
  await row.getByRole('checkbox').check()
  await attach.click()
  await expect(page.getByText('Facture rattachée : elle est marquée payée.')).toBeVisible()
  await expect(drawer.getByRole('tab', { name: 'Factures rattachées (1)' })).toHaveAttribute('aria-selected', 'true')
  await expect(drawer.getByRole('listitem', { name: invoice.reference, exact: true })).toBeVisible()

  const paid = await apiGet<{ state: { code: string }; paymentDateAt: string }>(page, `/invoices/${invoice.id}`)
  expect(paid.state.code).toBe('PAID')
  expect(paid.paymentDateAt).toBe('2026-04-05')

  // The invoice shows the transfer that paid it, with the way back to it.
  await page.goto(`/app/sales/invoices?open=${invoice.id}`)
  const payments = page.getByRole('region', { name: 'Paiements' })
  await expect(payments.getByRole('link', { name: salary?.name ?? '' })).toHaveAttribute(
    'href',
    `/app/financial/bank/${salary?.id}/show`,
  )
})
