import { expect, type Locator, type Page, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import { apiGet, apiSend, signUpSubjectToVat } from './sales-helpers'

const PHONE = 'Frais postaux et de télécommunications'
const SUPPLIES = 'Fournitures administratives'

/** Picks a category in a CategoryPicker (a button opening a searchable list). */
async function pickCategory(page: Page, scope: Locator, button: string, search: string, option: string) {
  await scope.getByRole('button', { name: button, exact: true }).click()
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill(search)
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** The toast under a title (Mantine notifications are alerts). */
const toast = (page: Page, title: string) => page.getByRole('alert').filter({ hasText: title })

/** Paramètres › Règles d'affectation, from the menu. */
async function openRules(page: Page) {
  await page.getByRole('link', { name: 'Paramètres' }).first().click()
  await page
    .getByRole('link', { name: /Règles d'affectation/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/app\/setting\/rules$/)
}

/** A QIF statement of November 2026 (US dates, as Quicken writes them): two Orange direct debits and a card payment. */
const STATEMENT = [
  '!Type:Bank',
  'D11/14/2026',
  'T-4.20',
  'PCB BOULANGERIE MARTIN 14/11',
  '^',
  'D11/16/2026',
  'T-59.99',
  'PPRLV SEPA ORANGE MOBILE',
  '^',
  'D11/18/2026',
  'T-39.99',
  'PPRLV SEPA ORANGE INTERNET',
  '^',
  '',
].join('\n')

test('an import followed by automatic categorisation: a split rule with its VAT on the lines it matches', async ({
  page,
}) => {
  await signUpSubjectToVat(page, uniqueEmail('import-regle'))
  await apiSend(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })

  // The rule, as a person writes it: "orange" in the label, expenses only, 80 % in telecoms, the rest in supplies.
  await openRules(page)
  await page.getByRole('button', { name: 'Nouvelle règle' }).click()
  const drawer = page.getByRole('dialog', { name: 'Nouvelle règle' })
  await drawer.getByRole('textbox', { name: /^Nom de la règle/ }).fill('Orange')
  await pickCategory(page, drawer, 'Catégorie', 'papeterie', SUPPLIES)
  await drawer.getByRole('textbox', { name: 'Valeur de la condition 1' }).fill('orange')
  await drawer.getByRole('radio', { name: 'Uniquement les dépenses' }).check()
  await drawer.getByRole('switch', { name: /^Répartir sur plusieurs catégories/ }).check()
  await pickCategory(page, drawer, 'Catégorie de la ligne 1', 'télécom', PHONE)
  await drawer.getByRole('textbox', { name: 'Pourcentage de la ligne 1' }).fill('80')
  await expect(drawer.getByRole('group', { name: 'Dernière ligne' }).getByText(SUPPLIES)).toBeVisible()
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  // Active: nothing there yet to apply it to.
  const apply = page.getByRole('dialog', { name: 'Appliquer aux transactions existantes ?' })
  await expect(
    apply.getByText('Aucune transaction à catégoriser ne correspond : la règle servira aux prochaines.'),
  ).toBeVisible()
  await apply.getByRole('button', { name: 'Activer la règle' }).click()
  await expect(page.getByText('Règle activée : elle s’appliquera aux prochaines transactions.').first()).toBeVisible()
  await expect(
    page.getByRole('listitem', { name: 'Orange', exact: true }).getByRole('switch', { name: 'Règle active : Orange' }),
  ).toBeChecked()

  // The statement imported from the import page: the rule categorises the two Orange lines on the way in.
  await page.goto('/app/financial/bank/import')
  await expect(page.getByRole('combobox', { name: 'Compte bancaire' })).toHaveValue('Compte pro (BQ1)')
  const input = page.getByLabel('Choisir des relevés')
  await input.setInputFiles([])
  await input.setInputFiles({
    name: 'releve-novembre.qif',
    mimeType: 'application/octet-stream',
    buffer: Buffer.from(STATEMENT),
  })
  const outcome = page
    .getByRole('region', { name: 'Relevés importés' })
    .getByRole('listitem', { name: 'releve-novembre.qif' })
  await expect(outcome).toContainText('3 transactions importées, 0 doublon ignoré, 2 catégorisées')

  // The list: the Orange lines split over two categories, the bakery still to categorise.
  await page.getByRole('link', { name: 'Voir les transactions' }).click()
  await expect(page).toHaveURL(/\/app\/financial\/bank$/)
  await expect(
    page.getByRole('button', { name: 'Catégorie de Prlv Orange Mobile : Catégories multiples' }),
  ).toBeVisible()
  await expect(
    page.getByRole('button', { name: 'Catégorie de Prlv Orange Internet : Catégories multiples' }),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Catégorie de Boulangerie Martin : À catégoriser' })).toBeVisible()

  // The split in the drawer: 80 % of 59,99 € in telecoms, the rest in supplies, each with its VAT at 20 %.
  await page.getByRole('button', { name: 'Ouvrir Prlv Orange Mobile' }).click()
  const detail = page.getByRole('dialog', { name: 'Prlv Orange Mobile' })
  await expect(detail.getByText('Import de relevé')).toBeVisible()
  const first = detail.getByRole('group', { name: 'Ligne 1' })
  const second = detail.getByRole('group', { name: 'Ligne 2' })
  await expect(first.getByRole('button', { name: 'Catégorie' })).toContainText(PHONE)
  await expect(first.getByRole('textbox', { name: 'Montant' })).toHaveValue('-47,99')
  await expect(first.getByRole('textbox', { name: 'TVA' })).toHaveValue('-8,00')
  await expect(second.getByRole('button', { name: 'Catégorie' })).toContainText(SUPPLIES)
  await expect(second.getByRole('textbox', { name: 'Montant' })).toHaveValue('-12,00')
  await expect(second.getByRole('textbox', { name: 'TVA' })).toHaveValue('-2,00')
  await expect(detail.getByRole('group', { name: 'Ligne 3' })).toHaveCount(0)
})

test('three identical categorisations propose a rule: created from the notice, prefilled, then no longer proposed', async ({
  page,
}) => {
  await signUpSubjectToVat(page, uniqueEmail('proposition'))
  const account = await apiSend<{ id: number }>(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })
  for (const [amount, datedAt] of [
    ['-4.20', '2026-11-10'],
    ['-3.80', '2026-11-12'],
    ['-5.10', '2026-11-13'],
  ] as const)
    await apiSend(page, 'post', '/transactions', { journalId: account.id, name: 'Boulangerie Martin', amount, datedAt })

  await page.goto('/app/financial/bank')
  const rows = page.getByRole('button', { name: 'Ouvrir Boulangerie Martin' })
  await expect(rows).toHaveCount(3)
  const notice = toast(page, 'Créer une règle ?')

  // One by one in the drawer, to the same category.
  for (let index = 0; index < 3; index += 1) {
    await rows.nth(index).click()
    const detail = page.getByRole('dialog', { name: 'Boulangerie Martin' })
    await pickCategory(
      page,
      detail.getByRole('region', { name: 'Ventilation' }),
      'Catégorie',
      'réception',
      'Réceptions',
    )
    const proposalsRead = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/v1/rules/proposals',
    )
    await detail.getByRole('button', { name: 'Enregistrer & fermer' }).click()
    await expect(detail).toBeHidden()
    await proposalsRead
    // Twice is not yet a habit.
    if (index < 2) await expect(notice).toHaveCount(0)
  }
  await expect(page.getByRole('button', { name: 'Catégorie de Boulangerie Martin : Réceptions' })).toHaveCount(3)

  // The third: the notice asks.
  await expect(notice).toBeVisible()
  await expect(
    notice.getByText(
      'Tu as catégorisé 3 fois « Boulangerie Martin » en « Réceptions ». Veux-tu une règle qui le fasse pour toi ?',
    ),
  ).toBeVisible()
  await expect(notice.getByRole('button', { name: 'Ignorer' })).toBeVisible()
  await notice.getByRole('button', { name: 'Créer la règle' }).click()

  // The rules page, its form prefilled with the proposal: the exact label, the category, expenses only.
  await expect(page).toHaveURL(/\/app\/setting\/rules$/)
  const drawer = page.getByRole('dialog', { name: 'Nouvelle règle' })
  await expect(drawer.getByRole('textbox', { name: /^Nom de la règle/ })).toHaveValue('Boulangerie Martin')
  await expect(drawer.getByRole('combobox', { name: 'Champ de la condition 1' })).toHaveValue('Libellé')
  await expect(drawer.getByRole('combobox', { name: 'Opération de la condition 1' })).toHaveValue('est égal à')
  await expect(drawer.getByRole('textbox', { name: 'Valeur de la condition 1' })).toHaveValue('Boulangerie Martin')
  await expect(drawer.getByRole('button', { name: 'Catégorie', exact: true })).toContainText('Réceptions')
  await expect(drawer.getByRole('radio', { name: 'Uniquement les dépenses' })).toBeChecked()
  await expect(drawer.getByRole('region', { name: 'Aperçu' }).getByText('3 transactions correspondent')).toBeVisible()

  // Saved; all three already categorised, the dialog only activates it.
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  const apply = page.getByRole('dialog', { name: 'Appliquer aux transactions existantes ?' })
  await expect(
    apply.getByText('Aucune transaction à catégoriser ne correspond : la règle servira aux prochaines.'),
  ).toBeVisible()
  await apply.getByRole('button', { name: 'Activer la règle' }).click()
  await expect(page.getByText('Règle activée : elle s’appliquera aux prochaines transactions.').first()).toBeVisible()
  const rule = page.getByRole('listitem', { name: 'Boulangerie Martin', exact: true })
  await expect(rule.getByText('Libellé est égal à « Boulangerie Martin »')).toBeVisible()
  await expect(rule.getByText('Réceptions')).toBeVisible()
  await expect(page.getByRole('heading', { name: "Règles d'affectation (1)" })).toBeVisible()

  // No proposal left: not on the page, not from the server.
  await page.reload()
  await expect(page.getByRole('listitem', { name: 'Boulangerie Martin', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Suggestions' })).toHaveCount(0)
  expect(await apiGet<unknown[]>(page, '/rules/proposals')).toEqual([])
})
