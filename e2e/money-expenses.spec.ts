import { expect, type Locator, type Page, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import { apiSend, parisToday, signUpSubjectToVat } from './sales-helpers'

/** Picks a category in a picker of `scope` by typing a word of its tags, as the search allows. */
async function pickCategory(page: Page, scope: Locator, search: string, name: string) {
  await scope.getByRole('button', { name: 'Catégorie' }).click()
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill(search)
  await page.getByRole('option', { name, exact: true }).click()
}

async function typeAndLeave(field: Locator, value: string) {
  await field.fill(value)
  await field.blur()
}

test('an associate account, a note with mileage, a note made from a bank repayment, and what the company owes', async ({
  page,
}) => {
  await signUpSubjectToVat(page, uniqueEmail('notes-de-frais'))

  // No associate account yet: no expense note either, and the page says what to do.
  await page.getByRole('link', { name: 'Notes de frais' }).click()
  await expect(page).toHaveURL(/\/app\/purchase\/expenses$/)
  await expect(
    page.getByText("Crée d'abord un compte courant d'associé : la note de frais y est enregistrée."),
  ).toBeVisible()
  await expect(page.getByRole('link', { name: 'Nouvelle note de frais' })).toHaveAttribute('data-disabled', 'true')

  // The associate account, from the settings: named "CCA …", with an initial balance.
  await page.getByRole('link', { name: "Ajouter un compte courant d'associé" }).click()
  await expect(page).toHaveURL(/\/app\/setting\/financial\/associates$/)
  await expect(page.getByText("Tu n'as pas encore de compte courant d'associé")).toBeVisible()
  await page.getByRole('button', { name: "Ajouter un compte courant d'associé" }).click()
  const drawer = page.getByRole('dialog', { name: "Nouveau compte courant d'associé" })
  await drawer.getByRole('textbox', { name: /^Nom de l'associé/ }).fill('Jeanne Dupont')
  await drawer.getByRole('textbox', { name: /^Solde initial/ }).fill('200')
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  const account = page.getByRole('listitem', { name: 'CCA Jeanne Dupont' })
  await expect(account.getByText('200,00 €')).toBeVisible()

  // A note from scratch: a mileage line priced by the barème, and a toll.
  await page.getByRole('link', { name: 'Notes de frais' }).click()
  await page.getByRole('link', { name: 'Nouvelle note de frais' }).click()
  await expect(page).toHaveURL(/\/app\/purchase\/expenses\/new$/)
  await expect(page.getByRole('button', { name: 'Enregistrer' })).toBeDisabled()
  await page.getByRole('button', { name: 'Ajouter des frais kilométriques' }).click()
  const mileage = page.getByRole('group', { name: 'Ligne 1' })
  await typeAndLeave(mileage.getByRole('textbox', { name: 'Puissance (CV)' }), '5')
  await typeAndLeave(mileage.getByRole('textbox', { name: 'Km du trajet' }), '120')
  await typeAndLeave(mileage.getByRole('textbox', { name: 'Km de l’année' }), '4000')
  // 4,000 km a year at 5 CV: 2,544 €; 120 km of it: 76.32 €.
  await expect(mileage.getByLabel('Montant de la ligne 1')).toHaveText('76,32 €')
  await expect(mileage.getByText('Barème 2024')).toBeVisible()
  await page.getByRole('button', { name: 'Ajouter une ligne' }).click()
  const toll = page.getByRole('group', { name: 'Ligne 2' })
  await toll.getByRole('textbox', { name: 'Libellé' }).fill('Péage')
  await pickCategory(page, toll, 'sncf', 'Voyages et déplacements')
  await typeAndLeave(toll.getByRole('textbox', { name: 'Montant TTC' }), '12,40')
  await expect(page.getByLabel('Total de la note de frais')).toHaveText('Total : 88,72 €')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page).toHaveURL(/\/app\/purchase\/expenses\/\d+$/)
  await expect(page.getByRole('heading', { name: `Note de frais du ${parisToday().fr}` })).toBeVisible()

  // A bank line that paid Jeanne back, split on her account's category: it becomes her note, to categorise.
  const associates = await page.request.get('/api/v1/journals?filter[journalTypeCode]=CC')
  const [associate] = ((await associates.json()) as { data: { accountingEntryId: number }[] }).data
  const bank = await apiSend<{ id: number }>(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })
  const repayment = await apiSend<{ id: number }>(page, 'post', '/transactions', {
    journalId: bank.id,
    name: 'VIR JEANNE DUPONT',
    datedAt: '2026-03-12',
    amount: '-120',
    allocations: [{ name: 'Remboursement', amount: '-120', accountingEntryId: associate?.accountingEntryId }],
  })
  await page.goto(`/app/financial/bank/${repayment.id}/show`)
  await page
    .getByRole('dialog', { name: 'VIR JEANNE DUPONT' })
    .getByRole('button', { name: 'Créer une note de frais' })
    .click()
  await expect(page.getByText('La note de frais a bien été créée.')).toBeVisible()
  await expect(page).toHaveURL(/\/app\/purchase\/expenses\/\d+$/)
  await expect(page.getByRole('heading', { name: 'Note de frais du 12/03/2026' })).toBeVisible()
  await expect(
    page.getByRole('group', { name: 'Ligne 1' }).getByText('Catégorie d’attente : pense à la recatégoriser.'),
  ).toBeVisible()

  // Owed to Jeanne: 200 to start, 88.72 and 120 of notes, less the 120 the bank paid her back.
  await page.goto('/app/purchase/expenses')
  await expect(page.getByRole('button', { name: 'Note de frais du 12/03/2026', exact: true })).toBeVisible()
  await page.goto('/app/setting/financial/associates')
  await expect(account.getByText('Dû à l’associé')).toBeVisible()
  await expect(account.getByText('288,72 €')).toBeVisible()
})
