import { expect, type Locator, type Page, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import { apiSend, signUpSubjectToVat } from './sales-helpers'

const PHONE = 'Frais postaux et de télécommunications'

/** The first element of a tree row: the category itself, without what it holds. */
const rowOf = (item: Locator) => item.locator('> :first-child')

/** Flips a switch that has no visible label, as a person does: by clicking its track. */
const flip = (toggle: Locator) => toggle.locator('xpath=..').click()

/** Picks an option of a Mantine Select after typing part of it. */
async function selectOption(scope: Page | Locator, page: Page, name: string | RegExp, search: string, option: string) {
  const box = scope.getByRole('combobox', { name })
  await box.click()
  await box.fill(search)
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** Picks a category in a CategoryPicker (a button opening a searchable list). */
async function pickCategory(scope: Locator, page: Page, button: string, search: string, option: string) {
  await scope.getByRole('button', { name: button, exact: true }).click()
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill(search)
  await page.getByRole('option', { name: option, exact: true }).click()
}

/** The id of a category of the general chart, by its code. */
async function generalCategoryId(page: Page, code: string) {
  const response = await page.request.get('/api/v1/accounting-entries?pageSize=9999&filter[category]=general')
  const { data } = (await response.json()) as { data: { id: number; code: string }[] }
  const found = data.find((entry) => entry.code === code)
  expect(found, `category ${code}`).toBeTruthy()
  return found?.id
}

/** Setup through the API: one bank account and a few transactions to categorise. */
async function bankWithTransactions(page: Page) {
  const account = await apiSend<{ id: number }>(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })
  for (const [name, amount, datedAt] of [
    ['PRLV SEPA ORANGE', '-39.99', '2026-03-02'],
    ['ORANGE SA FACTURE', '-59.99', '2026-03-05'],
    ['VIR SEPA ORANGE REMBOURSEMENT', '12.00', '2026-03-06'],
    ['CB BOULANGERIE MARTIN', '-4.20', '2026-03-07'],
  ] as const)
    await apiSend(page, 'post', '/transactions', { journalId: account.id, name, amount, datedAt })
  return account
}

test('accounting categories: the chart as a tree, searched; the organisation’s own created, edited, switched off, deleted', async ({
  page,
}) => {
  await signUpSubjectToVat(page, uniqueEmail('categories'))
  await page.getByRole('link', { name: 'Paramètres' }).first().click()
  await page
    .getByRole('link', { name: /Catégories comptables/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/app\/setting\/categories$/)
  await expect(page.getByRole('heading', { name: 'Catégories comptables' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Catégories générales', selected: true })).toBeVisible()

  // The general chart: folders folded; a search (accents and case ignored) opens the way down to what it finds.
  const general = page.getByRole('list', { name: 'Catégories générales' })
  await expect(general.getByRole('listitem', { name: 'Charges', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Déplier Charges' })).toHaveAttribute('aria-expanded', 'false')
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill('TELECOM')
  const phone = rowOf(general.getByRole('listitem', { name: PHONE, exact: true }))
  await expect(phone).toBeVisible()
  await expect(phone.getByText('626', { exact: true })).toBeVisible()
  await expect(phone.getByText('forfait mobile', { exact: true })).toBeVisible()
  await expect(phone.getByText(/Biens et services \(TVA déductible\) · /)).toBeVisible()
  await expect(phone.getByRole('button', { name: `Modifier ${PHONE}` })).toHaveCount(0)
  await expect(phone.getByRole('button', { name: `Supprimer ${PHONE}` })).toHaveCount(0)
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill('626')
  await expect(phone).toBeVisible()

  // A general category can be switched off for this organisation, and back on.
  const phoneSwitch = phone.getByRole('switch', { name: `Catégorie active : ${PHONE}` })
  await flip(phoneSwitch)
  await expect(page.getByText('Catégorie désactivée : elle n’apparaît plus dans les listes de choix.')).toBeVisible()
  await expect(phoneSwitch).not.toBeChecked()
  await flip(phoneSwitch)
  await expect(page.getByText('Catégorie activée.')).toBeVisible()
  await expect(phoneSwitch).toBeChecked()

  // The organisation's own: none yet.
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill('')
  await page.getByRole('tab', { name: 'Catégories personnalisées' }).click()
  await expect(page.getByText("Tu n'as pas encore créé de catégorie personnalisée.")).toBeVisible()

  // The form's messages, letter for letter, then a category under 626.
  await page.getByRole('button', { name: 'Ajouter une entrée' }).click()
  const drawer = page.getByRole('dialog', { name: 'Nouvelle catégorie' })
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(drawer.getByText('Le champ Nom est obligatoire.')).toBeVisible()
  await expect(drawer.getByText('Le champ Catégorie parente est obligatoire.')).toBeVisible()
  await expect(drawer.getByText('Le champ Taux de taxe est obligatoire.')).toBeVisible()
  await drawer.getByRole('textbox', { name: /^Nom/ }).fill('Forfait mobile pro')
  await drawer.getByRole('textbox', { name: /^Code/ }).fill('6261000001')
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(drawer.getByText('Le champ Code ne doit pas dépasser 9 caractères.')).toBeVisible()
  await drawer.getByRole('textbox', { name: /^Code/ }).fill('626100')
  await selectOption(drawer, page, /^Catégorie parente/, 'télécom', `${PHONE} · 626`)
  await expect(
    drawer.getByRole('textbox', { name: /^Type de taxe/ }).or(drawer.getByRole('combobox', { name: /^Type de taxe/ })),
  ).toHaveValue('Biens et services (TVA déductible)')
  const rate = drawer.getByRole('combobox', { name: /^Taux de taxe/ })
  await expect(rate).toHaveValue('Taux normal')
  // "Non soumis à la TVA" forces "Pas de TVA".
  await drawer.getByRole('combobox', { name: /^Type de taxe/ }).click()
  await page.getByRole('option', { name: 'Non soumis à la TVA' }).click()
  await expect(rate).toHaveValue('Pas de TVA')
  await expect(rate).toBeDisabled()
  await drawer.getByRole('combobox', { name: /^Type de taxe/ }).click()
  await page.getByRole('option', { name: 'Biens et services (TVA déductible)' }).click()
  await expect(rate).toBeEnabled()
  const keywords = drawer
    .getByRole('textbox', { name: /^Mots-clés/ })
    .or(drawer.getByRole('combobox', { name: /^Mots-clés/ }))
  await keywords.fill('sosh')
  await keywords.press('Enter')
  await keywords.fill('red')
  await keywords.press('Enter')
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(drawer).toBeHidden()
  await expect(page.getByText('Enregistré avec succès.').first()).toBeVisible()

  const custom = page.getByRole('list', { name: 'Catégories personnalisées' })
  const own = rowOf(custom.getByRole('listitem', { name: 'Forfait mobile pro' }))
  await expect(own.getByText(`Sous Charges › Autres services extérieurs › ${PHONE}`)).toBeVisible()
  await expect(own.getByText('626100', { exact: true })).toBeVisible()
  await expect(own.getByText('sosh', { exact: true })).toBeVisible()
  await expect(own.getByText('red', { exact: true })).toBeVisible()

  // Edited from its values.
  await own.getByRole('button', { name: 'Modifier Forfait mobile pro' }).click()
  const edit = page.getByRole('dialog', { name: 'Modifier la catégorie' })
  await expect(edit.getByRole('textbox', { name: /^Nom/ })).toHaveValue('Forfait mobile pro')
  await edit.getByRole('textbox', { name: /^Nom/ }).fill('Forfait mobile')
  await edit.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(edit).toBeHidden()
  const mobile = rowOf(custom.getByRole('listitem', { name: 'Forfait mobile' }))
  await expect(mobile).toBeVisible()

  // Switched off, it leaves the pickers (the rule form's), and keeps its place here.
  await flip(mobile.getByRole('switch', { name: 'Catégorie active : Forfait mobile' }))
  await expect(mobile.getByRole('switch', { name: 'Catégorie active : Forfait mobile' })).not.toBeChecked()
  await page.goto('/app/setting/rules')
  await page.getByRole('button', { name: 'Nouvelle règle' }).click()
  const ruleDrawer = page.getByRole('dialog', { name: 'Nouvelle règle' })
  await ruleDrawer.getByRole('button', { name: 'Catégorie', exact: true }).click()
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill('forfait')
  await expect(page.getByRole('option', { name: PHONE, exact: true })).toBeVisible()
  await expect(page.getByRole('option', { name: 'Forfait mobile', exact: true })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await page.keyboard.press('Escape')

  // A category a rule uses cannot be deleted, only switched off; an unused one is, after confirmation.
  await page.goto('/app/setting/categories')
  await page.getByRole('tab', { name: 'Catégories personnalisées' }).click()
  const box = await apiSend<{ id: number }>(page, 'post', '/accounting-entries', {
    name: 'Abonnement box',
    code: '626200',
    parentId: await generalCategoryId(page, '626'),
    taxRateId: 1,
  })
  await apiSend(page, 'post', '/rules', {
    name: 'Box',
    accountingEntryId: box.id,
    conditions: [{ conditionTargetId: 1, conditionFunctionId: 1, value: 'freebox' }],
  })
  await page.reload()
  await page.getByRole('tab', { name: 'Catégories personnalisées' }).click()
  await custom.getByRole('button', { name: 'Supprimer Abonnement box' }).click()
  await page
    .getByRole('dialog', { name: 'Es-tu certain·e de vouloir supprimer cette catégorie ?' })
    .getByRole('button', { name: 'Supprimer' })
    .click()
  await expect(
    page.getByText(
      'Cette catégorie est utilisée (transactions, articles, règles ou sous-catégories) : désactive-la plutôt.',
    ),
  ).toBeVisible()
  await expect(custom.getByRole('listitem', { name: 'Abonnement box' })).toBeVisible()

  await custom.getByRole('button', { name: 'Supprimer Forfait mobile' }).click()
  const confirm = page.getByRole('dialog', { name: 'Es-tu certain·e de vouloir supprimer cette catégorie ?' })
  await expect(confirm.getByText('Cette action est irréversible !')).toBeVisible()
  await confirm.getByRole('button', { name: 'Supprimer' }).click()
  await expect(custom.getByRole('listitem', { name: 'Forfait mobile' })).toHaveCount(0)
})

/** Signs up with a bank account and transactions, and opens Paramètres › Règles d'affectation. */
async function openRules(page: Page, prefix: string) {
  await signUpSubjectToVat(page, uniqueEmail(prefix))
  await bankWithTransactions(page)
  await page.getByRole('link', { name: 'Paramètres' }).first().click()
  await page
    .getByRole('link', { name: /Règles d'affectation/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/app\/setting\/rules$/)
}

/** Fills a new rule "Orange": label contains "orange", expenses only, category 626. */
async function fillOrange(page: Page, drawer: Locator) {
  await drawer.getByRole('textbox', { name: /^Nom de la règle/ }).fill('Orange')
  await pickCategory(drawer, page, 'Catégorie', 'télécom', PHONE)
  await drawer.getByRole('textbox', { name: 'Valeur de la condition 1' }).fill('orange')
  await drawer.getByRole('radio', { name: 'Uniquement les dépenses' }).check()
}

test('assignment rules: the spec’s messages, a live preview, literal values, order and stop, proposed rules', async ({
  page,
}) => {
  await openRules(page, 'regles')
  await expect(page.getByRole('heading', { name: "Règles d'affectation (0)" })).toBeVisible()
  await expect(page.getByText("Tu n'as pas encore de règle d'affectation.")).toBeVisible()

  // The spec's messages.
  await page.getByRole('button', { name: 'Nouvelle règle' }).click()
  const drawer = page.getByRole('dialog', { name: 'Nouvelle règle' })
  await expect(drawer.getByRole('button', { name: 'Retirer la condition 1' })).toHaveCount(0)
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(
    drawer.getByText('Pour enregistrer une règle personnalisée, tu dois définir au moins une condition.'),
  ).toBeVisible()
  await expect(drawer.getByText('Une entrée comptable doit être sélectionnée')).toBeVisible()
  await expect(drawer.getByText('Ce champ est obligatoire')).toBeVisible()
  // A name holds 255 characters at most (spec/money.md §9): a longer one is kept as typed and the field says so.
  await drawer.getByRole('textbox', { name: /^Nom de la règle/ }).fill('x'.repeat(300))
  await expect(drawer.getByRole('textbox', { name: /^Nom de la règle/ })).toHaveValue('x'.repeat(300))
  await expect(drawer.getByText('255 caractères au maximum (tu en as saisi 300)')).toBeVisible()

  // The live preview follows the conditions and the direction.
  await drawer.getByRole('textbox', { name: /^Nom de la règle/ }).fill('Orange')
  await pickCategory(drawer, page, 'Catégorie', 'télécom', PHONE)
  await drawer.getByRole('textbox', { name: 'Valeur de la condition 1' }).fill('orange')
  const preview = drawer.getByRole('region', { name: 'Aperçu' })
  await expect(preview.getByText('3 transactions correspondent')).toBeVisible()
  await drawer.getByRole('radio', { name: 'Uniquement les dépenses' }).check()
  await expect(preview.getByText('2 transactions correspondent')).toBeVisible()
  await expect(preview.getByRole('listitem', { name: 'ORANGE SA FACTURE' })).toBeVisible()
  // An amount condition: money out is negative; a wrong amount is refused with its message.
  await drawer.getByRole('button', { name: 'Ajouter une condition' }).click()
  await drawer.getByRole('combobox', { name: 'Champ de la condition 2' }).click()
  await page.getByRole('option', { name: 'Montant', exact: true }).click()
  await drawer.getByRole('combobox', { name: 'Opération de la condition 2' }).click()
  await page.getByRole('option', { name: 'est inférieur à', exact: true }).click()
  await drawer.getByRole('textbox', { name: 'Montant de la condition 2' }).fill('abc')
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(drawer.getByText('Le montant doit être un nombre, par exemple -49,90.')).toBeVisible()
  await drawer.getByRole('textbox', { name: 'Montant de la condition 2' }).fill('-50')
  await expect(preview.getByText('1 transaction correspond')).toBeVisible()
  await drawer.getByRole('button', { name: 'Retirer la condition 2' }).click()
  await expect(preview.getByText('2 transactions correspondent')).toBeVisible()

  // Left inactive: saved without a question.
  await drawer.getByRole('switch', { name: /^Activer la règle/ }).uncheck()
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Règle enregistrée.')).toBeVisible()
  const orange = page.getByRole('listitem', { name: 'Orange', exact: true })
  await expect(orange.getByText('Libellé contient « orange »')).toBeVisible()
  await expect(orange.getByText('Uniquement les dépenses')).toBeVisible()
  await expect(orange.getByRole('switch', { name: 'Règle active : Orange' })).not.toBeChecked()
  await expect(page.getByRole('heading', { name: "Règles d'affectation (1)" })).toBeVisible()

  // Values are matched literally: "orange%" is not a pattern, no label holds it.
  await page.getByRole('button', { name: 'Nouvelle règle' }).click()
  await drawer.getByRole('textbox', { name: 'Valeur de la condition 1' }).fill("orange%_'.*")
  await expect(preview.getByText('Aucune transaction ne correspond à ces conditions.')).toBeVisible()

  // A more precise rule (starts with) is placed first; it stops the run.
  await drawer.getByRole('textbox', { name: /^Nom de la règle/ }).fill('Prélèvements')
  await pickCategory(drawer, page, 'Catégorie', '627', 'Services bancaires et assimilés')
  await drawer.getByRole('combobox', { name: 'Champ de la condition 1' }).click()
  await page.getByRole('option', { name: "Libellé bancaire d'origine", exact: true }).click()
  await drawer.getByRole('combobox', { name: 'Opération de la condition 1' }).click()
  await page.getByRole('option', { name: 'commence par', exact: true }).click()
  await drawer.getByRole('textbox', { name: 'Valeur de la condition 1' }).fill('PRLV')
  await expect(preview.getByText('1 transaction correspond')).toBeVisible()
  await drawer.getByRole('checkbox', { name: 'S’arrêter ici' }).check()
  await drawer.getByRole('switch', { name: /^Activer la règle/ }).uncheck()
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(drawer).toBeHidden()
  const prlv = page.getByRole('listitem', { name: 'Prélèvements' })
  await expect(prlv.getByText("Libellé bancaire d'origine commence par « PRLV »")).toBeVisible()
  await expect(prlv.getByText('S’arrêter ici')).toBeVisible()
  await expect(prlv.getByRole('img', { name: 'Ordre : 1' })).toBeVisible()

  // Moved by hand, ranked again automatically.
  await prlv.getByRole('button', { name: 'Descendre Prélèvements' }).click()
  await expect(prlv.getByRole('img', { name: 'Ordre : 2' })).toBeVisible()
  await page.getByRole('button', { name: 'Trier automatiquement' }).click()
  await expect(page.getByText('Règles rangées de la plus précise à la plus large.')).toBeVisible()
  await expect(prlv.getByRole('img', { name: 'Ordre : 1' })).toBeVisible()

  // A rule Carnet proposes, adopted.
  await page.getByRole('button', { name: 'Règles proposées' }).click()
  const proposed = page.getByRole('dialog', { name: 'Règles proposées' })
  await proposed.getByRole('checkbox', { name: /^URSSAF/ }).check()
  await proposed.getByRole('button', { name: 'Ajouter la règle' }).click()
  await expect(page.getByText('1 règle ajoutée.')).toBeVisible()
  await expect(proposed).toBeHidden()
  await expect(page.getByRole('listitem', { name: 'URSSAF' })).toBeVisible()
  await expect(page.getByRole('heading', { name: "Règles d'affectation (3)" })).toBeVisible()

  // Deleted after confirmation.
  await page.getByRole('button', { name: 'Supprimer URSSAF' }).click()
  await page
    .getByRole('dialog', { name: 'Es-tu certain·e de vouloir supprimer cette règle ?' })
    .getByRole('button', { name: 'Supprimer' })
    .click()
  await expect(page.getByText('Règle supprimée.')).toBeVisible()
  await expect(page.getByRole('listitem', { name: 'URSSAF' })).toHaveCount(0)
})

test('assignment rules: saved inactive, then applied to the transactions already there and undone in one step', async ({
  page,
}) => {
  await openRules(page, 'appliquer')
  await page.getByRole('button', { name: 'Nouvelle règle' }).click()
  const drawer = page.getByRole('dialog', { name: 'Nouvelle règle' })
  await fillOrange(page, drawer)
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()

  // What applying it would change, then applied; the toast undoes it.
  const apply = page.getByRole('dialog', { name: 'Appliquer aux transactions existantes ?' })
  await expect(
    apply.getByText('2 transactions à catégoriser ou en attente vont recevoir cette catégorie.'),
  ).toBeVisible()
  await expect(apply.getByRole('listitem', { name: 'ORANGE SA FACTURE' })).toBeVisible()
  await apply.getByRole('button', { name: 'Appliquer aussi aux transactions existantes' }).click()
  await expect(page.getByText('Règle appliquée à 2 transactions.')).toBeVisible()
  const orange = page.getByRole('listitem', { name: 'Orange', exact: true })
  await expect(orange.getByRole('switch', { name: 'Règle active : Orange' })).toBeChecked()
  await page.goto('/app/financial/bank')
  await expect(page.getByRole('button', { name: `Catégorie de ORANGE SA FACTURE : ${PHONE}` })).toBeVisible()
  await page.goBack()
  await expect(orange).toBeVisible()

  // Off, then on again from the list: this time only for the next transactions.
  await flip(orange.getByRole('switch', { name: 'Règle active : Orange' }))
  await expect(
    page.getByText('Règle désactivée : elle ne s’appliquera plus aux prochaines transactions.'),
  ).toBeVisible()
  await flip(orange.getByRole('switch', { name: 'Règle active : Orange' }))
  await expect(apply).toBeVisible()
  await apply.getByRole('button', { name: /^(Seulement les prochaines|Activer la règle)$/ }).click()
  await expect(page.getByText('Règle activée : elle s’appliquera aux prochaines transactions.').first()).toBeVisible()
  await expect(orange.getByRole('switch', { name: 'Règle active : Orange' })).toBeChecked()

  // A second rule applied, then undone from its toast: the transactions are as before.
  await page.getByRole('button', { name: 'Nouvelle règle' }).click()
  await drawer.getByRole('textbox', { name: /^Nom de la règle/ }).fill('Boulangerie')
  await pickCategory(drawer, page, 'Catégorie', 'réception', 'Réceptions')
  await drawer.getByRole('textbox', { name: 'Valeur de la condition 1' }).fill('boulangerie')
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(apply.getByText('1 transaction à catégoriser ou en attente va recevoir cette catégorie.')).toBeVisible()
  await apply.getByRole('button', { name: 'Appliquer aussi aux transactions existantes' }).click()
  await expect(page.getByText('Règle appliquée à 1 transaction.')).toBeVisible()
  await page.getByRole('alert').getByRole('button', { name: 'Annuler' }).click()
  await expect(page.getByText('1 transaction remise comme avant.')).toBeVisible()
  await page.goto('/app/financial/bank')
  await expect(page.getByRole('button', { name: 'Catégorie de CB BOULANGERIE MARTIN : À catégoriser' })).toBeVisible()
})
