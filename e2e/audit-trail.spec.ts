import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { choose, signUpThroughPages, uniqueEmail } from './helpers'
import { apiSend, completeLegalInfo } from './sales-helpers'

test('the owner reads what was done in the audit trail, filters it and exports it as CSV', async ({ page }) => {
  const email = uniqueEmail('audit')
  await signUpThroughPages(page, email)
  // Three things done: the legal information saved, a token made, and a wrong password tried on this account.
  await completeLegalInfo(page, { taxFree: true })
  await apiSend(page, 'post', '/me/tokens', { name: 'Script compta' })
  const refused = await page.request.post('/api/v1/auth/login', {
    data: { username: email, password: 'pas-le-bon-mot-de-passe' },
    headers: { 'X-Requested-With': 'fetch' },
  })
  expect(refused.status()).toBe(401)

  await page.goto('/app/setting')
  await page.getByRole('link', { name: /Journal d'audit/ }).click()
  await expect(page).toHaveURL(/\/app\/setting\/audit$/)
  await expect(page.getByRole('heading', { name: "Journal d'audit" })).toBeVisible()
  const table = page.getByRole('table')
  await expect(table).toContainText("Modifie les informations de l'entreprise courante")
  await expect(table).toContainText('Camille Martin')
  await expect(table.getByText('Refusé')).toHaveCount(1)

  // Only the settings: the sign-in refused leaves the table.
  await choose(page, 'Catégorie', 'Paramètres')
  await expect(table.getByText('Refusé')).toHaveCount(0)
  await expect(table).toContainText("Modifie les informations de l'entreprise courante")
  await expect(table).not.toContainText('Crée un jeton')

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Exporter en CSV' }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^atelier-martin-journal-audit-\d{8}-\d{4}\.csv$/)
  const csv = await readFile((await file.path()) as string, 'utf8')
  const lines = csv.trimEnd().split('\r\n')
  expect(lines[0]).toBe(
    '\uFEFFDate;Heure;Qui;E-mail;Jeton;Adresse IP;Navigateur;Catégorie;Action;Méthode;Route;Cible;Statut;Résultat',
  )
  expect(lines.slice(1).every((line) => line.includes(';Paramètres;'))).toBe(true)
  expect(csv).toContain(`;Camille Martin;${email};`)
  expect(csv).toContain(";Modifie les informations de l'entreprise courante;PATCH;/organization;")

  // The export itself is in the trail now, under « Exports ».
  await choose(page, 'Catégorie', 'Exports')
  await expect(table).toContainText("Exporte le journal d'audit en CSV")
})
