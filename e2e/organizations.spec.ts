import { expect, test } from '@playwright/test'
import { choose, latestMailTo, logOut, PASSWORD, signUpThroughPages, uniqueEmail } from './helpers'

test('a second organisation is added, then the header switcher moves between the two', async ({ page }) => {
  await signUpThroughPages(page, uniqueEmail('multi'), 'Noé')

  // With one organisation the switcher is hidden; "Ajouter une entreprise" lives in the user menu.
  await expect(page.getByRole('button', { name: /Changer d'entreprise/ })).toHaveCount(0)
  await page.getByRole('button', { name: 'Menu de Noé Martin' }).click()
  await page.getByRole('menuitem', { name: 'Ajouter une entreprise' }).click()
  const modal = page.getByRole('dialog', { name: 'Ajouter une entreprise' })
  await modal.getByRole('textbox', { name: "Nom de l'entreprise" }).fill('Seconde Société')
  await choose(page, 'Forme juridique', 'Société par actions simplifiée')
  await choose(page, "Secteur d'activité", /Commerce/i)
  await choose(page, 'Régime de T.V.A.', /mensuel/i)
  await choose(page, 'Zone fiscale', /métropolitaine/i)
  await modal.getByRole('radio', { name: 'Oui' }).check()
  await modal.getByRole('button', { name: "Créer l'entreprise" }).click()

  await expect(page).toHaveURL(/\/app\/setting\/account\?context=newOrganization/)
  const switcher = page.getByRole('button', { name: /Changer d'entreprise \(actuelle : Seconde Société\)/ })
  await expect(switcher).toBeVisible()
  await switcher.click()
  await page.getByRole('menuitem', { name: 'Atelier Martin' }).click()
  await expect(page.getByRole('button', { name: /Changer d'entreprise \(actuelle : Atelier Martin\)/ })).toBeVisible()
})

test('an owner invites a collaborator by e-mail, who signs up from the link and joins', async ({ page }) => {
  await signUpThroughPages(page, uniqueEmail('owner'), 'Alix')
  await page.goto('/app/setting/collaborators')
  await expect(page.getByText('Aucune invitation en attente')).toBeVisible()

  const invitee = uniqueEmail('invitee')
  await page.getByRole('textbox', { name: 'E-mail' }).fill(invitee)
  await page.getByRole('button', { name: "Envoyer l'invitation" }).click()
  await expect(page.getByText('Ce champ est obligatoire')).toBeVisible()
  await choose(page, 'Rôle', 'Collaborateur')
  await page.getByRole('button', { name: "Envoyer l'invitation" }).click()
  await expect(page.getByText('Invitation envoyée !')).toBeVisible()
  await expect(page.getByText(invitee)).toBeVisible()
  await logOut(page, 'Alix Martin')

  const mail = await latestMailTo(page.request, invitee)
  const link = /(https?:\/\/\S+\/auth\/invitation\?token=\S+)/.exec(mail.text)?.[1] ?? ''
  await page.goto(new URL(link).pathname + new URL(link).search)
  await expect(page.getByText('Atelier Martin').first()).toBeVisible()
  await page.getByRole('link', { name: 'Créer un compte' }).click()

  await page.getByRole('textbox', { name: /^Prénom/ }).fill('Sacha')
  await page.getByRole('textbox', { name: /^Nom/ }).fill('Durand')
  await expect(page.getByRole('textbox', { name: /^Adresse email/ })).toHaveValue(invitee)
  await page.getByLabel(/^Mot de passe/).fill(PASSWORD)
  await page.getByLabel(/^Confirmation/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Créer mon compte' }).click()

  await page.getByRole('button', { name: "Accepter l'invitation" }).click()
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByRole('heading', { name: 'Bonjour Sacha !' })).toBeVisible()
  // A collaborator is not an owner: no "Mes paramètres".
  await page.getByRole('button', { name: 'Menu de Sacha Durand' }).click()
  await expect(page.getByRole('menuitem', { name: 'Mon profil' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Mes paramètres' })).toHaveCount(0)
})
