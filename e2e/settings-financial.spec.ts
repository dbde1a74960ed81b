import { expect, type Locator, type Page, test } from '@playwright/test'
import { signUpThroughPages, uniqueEmail } from './helpers'

const NO_ACTIVE_BANK = 'Tu n’as activé aucun compte bancaire !'
const TOGGLE_HINT = 'Si tu souhaites activer un nouveau compte, désactive ton compte actif au préalable.'

/** Flips an account's active switch. */
const flipActive = (card: Locator) => card.getByRole('switch').click()

/** Fills and saves the bank account drawer; the IBAN is left empty when not given. */
async function addBankAccount(page: Page, name: string, options: { iban?: string; startingValue?: string } = {}) {
  await page.getByRole('button', { name: 'Ajouter un compte bancaire' }).click()
  const drawer = page.getByRole('dialog', { name: 'Nouveau compte bancaire' })
  await expect(drawer).toBeVisible()
  await drawer.getByRole('textbox', { name: /^Nom/ }).fill(name)
  if (options.iban) await drawer.getByRole('textbox', { name: 'IBAN' }).fill(options.iban)
  if (options.startingValue) await drawer.getByRole('textbox', { name: 'Solde de départ' }).fill(options.startingValue)
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(drawer).toBeHidden()
}

test('bank accounts: one active at a time, the balance block follows it; associate accounts get their prefix', async ({
  page,
}) => {
  await signUpThroughPages(page, uniqueEmail('banque'))

  // Paramètres › Comptes bancaires: nothing active yet.
  await page.getByRole('link', { name: 'Paramètres' }).first().click()
  await page
    .getByRole('link', { name: /Comptes bancaires/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/app\/setting\/financial$/)
  await expect(page.getByRole('heading', { name: 'Comptes bancaires', exact: true })).toBeVisible()
  const balance = page.getByRole('region', { name: 'Solde bancaire' })
  await expect(balance.getByText(NO_ACTIVE_BANK)).toBeVisible()
  await expect(balance.getByRole('link', { name: 'Gérer mes comptes bancaires' })).toHaveAttribute(
    'href',
    '/app/setting/financial',
  )
  await expect(page.getByText("Tu n'as pas encore connecté de compte bancaire")).toBeVisible()

  // A wrong IBAN is refused under its field; the right one is saved, and its bank recognised.
  await page.getByRole('button', { name: 'Ajouter un compte bancaire' }).click()
  const drawer = page.getByRole('dialog', { name: 'Nouveau compte bancaire' })
  await drawer.getByRole('textbox', { name: /^Nom/ }).fill('Compte pro')
  await drawer.getByRole('textbox', { name: 'IBAN' }).fill('FR7630003000110005000157822')
  await drawer.getByRole('textbox', { name: 'Solde de départ' }).fill('1 200,50')
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(drawer.getByText("Cet IBAN n'est pas valide.")).toBeVisible()
  await drawer.getByRole('textbox', { name: 'IBAN' }).fill('FR7630003000110005000157821')
  await drawer.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(drawer).toBeHidden()
  await expect(page.getByText('Enregistré avec succès.').first()).toBeVisible()

  const pro = page.getByRole('listitem', { name: 'Compte pro' })
  await expect(pro.getByText('FR76 3000 3000 1100 0500 0157 821')).toBeVisible()
  await expect(pro.getByText('Société Générale')).toBeVisible()
  await expect(pro.getByRole('switch', { name: 'Compte actif : Compte pro' })).toBeChecked()
  await expect(balance.getByText('1 200,50 €')).toBeVisible()
  await expect(balance.getByText('Société Générale')).toBeVisible()
  await expect(balance.getByText(NO_ACTIVE_BANK)).toHaveCount(0)

  // A second account starts inactive, and cannot be switched on while the first one is active.
  await addBankAccount(page, 'Livret', { startingValue: '50' })
  const livret = page.getByRole('listitem', { name: 'Livret' })
  await expect(livret.getByText('Banque non identifiée')).toBeVisible()
  const livretSwitch = livret.getByRole('switch', { name: 'Compte actif : Livret' })
  await expect(livretSwitch).not.toBeChecked()
  await flipActive(livret)
  await expect(page.getByText('Un autre compte bancaire est déjà actif.')).toBeVisible()
  await expect(page.getByText(TOGGLE_HINT)).toBeVisible()
  await expect(livretSwitch).not.toBeChecked()

  // Off with the first, on with the second: the balance block follows.
  await flipActive(pro)
  await expect(pro.getByRole('switch', { name: 'Compte actif : Compte pro' })).not.toBeChecked()
  await expect(balance.getByText(NO_ACTIVE_BANK)).toBeVisible()
  await flipActive(livret)
  await expect(livretSwitch).toBeChecked()
  await expect(balance.getByText('50,00 €')).toBeVisible()
  await expect(balance.getByText('Banque non identifiée')).toBeVisible()

  // Delete the first one, after the confirmation.
  await pro.getByRole('button', { name: 'Supprimer Compte pro' }).click()
  const confirm = page.getByRole('dialog', { name: 'Es-tu certain·e de vouloir supprimer cette entrée ?' })
  await expect(confirm.getByText('Cette action est irréversible !')).toBeVisible()
  await confirm.getByRole('button', { name: 'Supprimer' }).click()
  await expect(pro).toHaveCount(0)
  await expect(livret).toBeVisible()

  // Associate current accounts: the empty message, then "Camille Martin" saved as "CCA Camille Martin".
  await page
    .getByRole('link', { name: /Comptes courants d'associé/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/app\/setting\/financial\/associates$/)
  await expect(page.getByText("Tu n'as pas encore de compte courant d'associé")).toBeVisible()
  await page.getByRole('button', { name: "Ajouter un compte courant d'associé" }).click()
  const associate = page.getByRole('dialog', { name: "Nouveau compte courant d'associé" })
  await associate.getByRole('textbox', { name: /^Nom de l'associé/ }).fill('Camille Martin')
  await expect(associate.getByText("Le compte s'appellera « CCA Camille Martin ».")).toBeVisible()
  await associate.getByRole('textbox', { name: /^Solde initial/ }).fill('500')
  await associate.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(associate).toBeHidden()
  const camille = page.getByRole('listitem', { name: 'CCA Camille Martin' })
  await expect(camille.getByText('CCA Camille Martin')).toBeVisible()
  await expect(camille.getByText('500,00 €')).toBeVisible()
  await expect(page.getByText("Tu n'as pas encore de compte courant d'associé")).toHaveCount(0)
})
