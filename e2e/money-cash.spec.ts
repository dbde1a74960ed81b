import { expect, type Page, test } from '@playwright/test'
import { signUpThroughPages, uniqueEmail } from './helpers'

const WRITE = { 'X-Requested-With': 'fetch' }

/** One line of a cash form, by its position from 1. */
const line = (page: Page, position: number) => page.getByRole('group', { name: `Ligne ${position}` })

/** Fills a line: its type, its amount (left, as a person would), and its category picked through the search. */
async function fillLine(page: Page, position: number, type: string, amount: string, category: string) {
  const row = line(page, position)
  await row.getByRole('combobox', { name: 'Type' }).click()
  await page.getByRole('option', { name: type, exact: true }).click()
  await row.getByRole('textbox', { name: 'Montant' }).fill(amount)
  await row.getByRole('textbox', { name: 'Montant' }).blur()
  await row.getByRole('button', { name: 'Catégorie' }).click()
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill(category)
  await page.getByRole('option', { name: category, exact: true }).click()
}

/** A new cash movement of one line, saved; the page becomes the movement's own. */
async function newMovement(page: Page, name: string, type: string, amount: string, category: string) {
  await page.getByRole('link', { name: 'Nouveau mouvement' }).click()
  await expect(page).toHaveURL(/\/app\/financial\/cash\/new$/)
  await page.getByRole('textbox', { name: /^Libellé/ }).fill(name)
  await fillLine(page, 1, type, amount, category)
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page).toHaveURL(/\/app\/financial\/cash\/\d+$/)
  await expect(page.getByRole('heading', { name })).toBeVisible()
}

const balance = (page: Page) => page.getByRole('region', { name: 'Solde de la caisse' })

test('cash: an entry and an exit signed by their type, the balance, and the warning when it goes below zero', async ({
  page,
}) => {
  await signUpThroughPages(page, uniqueEmail('cash'))
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Caisse' }).click()
  await expect(page).toHaveURL(/\/app\/financial\/cash$/)
  await expect(page.getByRole('heading', { name: 'Caisse' })).toBeVisible()
  await expect(balance(page)).toContainText('0,00 €')

  await newMovement(page, 'Fond de caisse', 'Entrée', '-100', "Compte de l'exploitant")
  // An entry is positive whatever was typed.
  await expect(line(page, 1).getByRole('textbox', { name: 'Montant' })).toHaveValue('100,00')
  await page.getByRole('link', { name: 'Retour à la liste' }).click()
  await expect(balance(page)).toContainText('100,00 €')

  await newMovement(page, 'Timbres', 'Sortie', '12', 'Frais postaux et de télécommunications')
  await expect(line(page, 1).getByRole('textbox', { name: 'Montant' })).toHaveValue('-12,00')
  await page.getByRole('link', { name: 'Retour à la liste' }).click()
  await expect(balance(page)).toContainText('88,00 €')
  await expect(page.getByRole('button', { name: 'Ouvrir Timbres' })).toContainText('-12,00 €')
  await expect(page.getByRole('button', { name: 'Ouvrir Fond de caisse' })).toContainText('100,00 €')
  await expect(balance(page).getByRole('alert')).toHaveCount(0)

  // An exit larger than the cash box: saved, and said.
  await newMovement(page, 'Achat matériel', 'Sortie', '150', 'Frais postaux et de télécommunications')
  const warning = 'Attention : le solde de ta caisse devient négatif (-62,00 €).'
  await expect(page.getByRole('alert').filter({ hasText: warning }).first()).toBeVisible()
  await page.getByRole('link', { name: 'Retour à la liste' }).click()
  await expect(balance(page)).toContainText('-62,00 €')
  await expect(balance(page).getByRole('alert')).toHaveText(warning)
  await expect(page.getByLabel('3 au total')).toBeVisible()
})

test('cash sales: offered to an organisation that sells over the counter, takings and receipts that match', async ({
  page,
}) => {
  await signUpThroughPages(page, uniqueEmail('cash-sales'))
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' })
  await expect(navigation.getByRole('link', { name: 'Caisse' })).toBeVisible()
  await expect(navigation.getByRole('link', { name: 'Ventes au comptant' })).toHaveCount(0)

  // The organisation's settings say it sells over the counter (the settings page writes the same field).
  const changed = await page.request.patch('/api/v1/organization', { headers: WRITE, data: { canSellCash: true } })
  expect(changed.status()).toBe(200)
  await page.reload()
  await navigation.getByRole('link', { name: 'Ventes au comptant' }).click()
  await expect(page).toHaveURL(/\/app\/sales\/money$/)
  await page.getByRole('link', { name: 'Nouvelle vente au comptant' }).click()

  await fillLine(page, 1, 'Vente', '60', 'Ventes de marchandises')
  await fillLine(page, 2, 'Encaissement', '50', 'Caisse')
  await expect(page.getByRole('alert')).toContainText('Vérifie les montants')
  await line(page, 2).getByRole('textbox', { name: 'Montant' }).fill('60')
  await line(page, 2).getByRole('textbox', { name: 'Montant' }).blur()
  await expect(page.getByText('Total encaissé : 60,00 €')).toBeVisible()
  await page.getByRole('button', { name: 'Enregistrer' }).click()

  await expect(page).toHaveURL(/\/app\/sales\/money\/\d+$/)
  await expect(page.getByRole('heading', { name: /^Ventes au comptant du \d{2}\/\d{2}\/\d{4}$/ })).toBeVisible()
  await page.getByRole('link', { name: 'Retour à la liste' }).click()
  await expect(page.getByRole('button', { name: /^Ouvrir Ventes au comptant du / })).toContainText('60,00 €')
})
