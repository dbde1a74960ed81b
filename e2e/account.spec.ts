import { expect, test } from '@playwright/test'
import {
  choose,
  latestMailTo,
  logIn,
  logOut,
  MICRO_ENTREPRENEUR,
  PASSWORD,
  signUpThroughPages,
  uniqueEmail,
} from './helpers'

test('a new user signs up, creates the organisation, logs out and logs in again', async ({ page }) => {
  const email = uniqueEmail('signup')
  await signUpThroughPages(page, email)
  await logOut(page)

  await logIn(page, email, 'pas-le-bon-mot')
  await expect(page.getByText('Identifiants incorrects.')).toBeVisible()
  await logIn(page, email)
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByRole('heading', { name: 'Bonjour Camille !' })).toBeVisible()
})

test('a newcomer opens the site, signs up, lands on the onboarding, fills the legal information from the SIREN', async ({
  page,
}) => {
  // The whole first visit, from the home page to the legal information saved: a long journey.
  test.setTimeout(180_000)
  const email = uniqueEmail('signup')
  // Where the README sends a newcomer: the site's address, then « Créer un compte ».
  await page.goto('/')
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fapp$/)
  await page.getByRole('link', { name: 'Créer un compte' }).click()
  await page.getByRole('textbox', { name: /^Prénom/ }).fill('Camille')
  await page.getByRole('textbox', { name: /^Nom/ }).fill('Martin')
  await page.getByRole('textbox', { name: /^Adresse email/ }).fill(email)
  await page.getByLabel(/^Mot de passe/).fill(PASSWORD)
  await page.getByLabel(/^Confirmation/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Créer mon compte' }).click()
  await page.getByRole('textbox', { name: /^Nom de l'entreprise/ }).fill('Atelier Martin')
  await choose(page, 'Forme juridique', MICRO_ENTREPRENEUR.legalForm)
  await choose(page, "Secteur d'activité", /Information et communication/i)
  await choose(page, 'Régime de T.V.A.', MICRO_ENTREPRENEUR.taxRegime)
  await choose(page, 'Zone fiscale', /métropolitaine/i)
  await page.getByRole('radio', { name: 'Non' }).check()
  await page.getByRole('button', { name: 'Terminer mon inscription' }).click()
  await page.getByRole('link', { name: "C'est parti" }).click()
  await expect(page).toHaveURL(/\/app\/start$/)
  await page.getByRole('link', { name: 'Mes infos' }).click()
  await expect(page).toHaveURL(/\/app\/start\/legal-infos$/)

  // The directory's stand-in (e2e/fake-company-api.mjs) knows Danone.
  const siren = page.getByRole('textbox', { name: 'SIREN', exact: true })
  await siren.fill('552 032 534')
  await siren.press('Tab')
  await expect(page.getByText('Nous avons trouvé ton entreprise !')).toBeVisible()
  await expect(page.getByRole('textbox', { name: /^Raison sociale/ })).toHaveValue('DANONE')
  await expect(page.getByRole('textbox', { name: 'Nom commercial' })).toHaveValue('Atelier Martin')
  await expect(page.getByRole('textbox', { name: 'Code APE' })).toHaveValue('7010Z')
  await expect(page.getByRole('combobox', { name: /^Forme juridique/ })).toHaveValue(
    "Société anonyme à conseil d'administration",
  )
  await page.getByRole('tab', { name: 'Coordonnées' }).click()
  await expect(page.getByRole('textbox', { name: /^Adresse/ })).toHaveValue('17 BD HAUSSMANN')
  await expect(page.getByRole('textbox', { name: /^Code postal/ })).toHaveValue('75009')
  await expect(page.getByRole('textbox', { name: /^Ville/ })).toHaveValue('PARIS')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  // Complete, the legal information lets the first quote be issued.
  await expect(page).toHaveURL(/\/app\/sales\/quotes$/)
})

test('the sign-up form shows the spec messages under the fields', async ({ page }) => {
  await page.goto('/auth/register')
  await page.getByLabel(/^Mot de passe/).fill('court')
  await page.getByLabel(/^Confirmation/).fill('autre')
  await page.getByRole('button', { name: 'Créer mon compte' }).click()
  await expect(page.getByText('Ce champ est obligatoire').first()).toBeVisible()
  await expect(page.getByText('Le mot de passe doit faire au moins 8 caractères')).toBeVisible()
  await expect(page.getByText('Les mots de passe ne correspondent pas')).toBeVisible()
})

test('a forgotten password is reset with the 6-digit code from the mailbox', async ({ page }) => {
  const email = uniqueEmail('reset')
  await signUpThroughPages(page, email, 'Inès')
  await logOut(page, 'Inès Martin')

  await page.goto('/auth/forgot-password')
  await page.getByRole('textbox', { name: /^Adresse email/ }).fill(email)
  await page.getByRole('button', { name: 'Recevoir un code' }).click()
  await expect(page).toHaveURL(/\/auth\/verify-token\?email=/)

  const mail = await latestMailTo(page.request, email)
  const code = /(\d{6})/.exec(mail.text)?.[1] ?? ''
  expect(code).toMatch(/^\d{6}$/)

  // The mailbox page shows the same message to a person.
  const mailbox = await page.context().newPage()
  await mailbox.goto('/dev/mailbox')
  await expect(mailbox.getByText(code).first()).toBeVisible()
  await mailbox.close()

  // Typing the 6 digits submits by itself.
  await page.getByLabel('Chiffre 1 sur 6').click()
  await page.keyboard.type(code)
  await expect(page).toHaveURL(/\/auth\/regenerate-password\?email=.+&token=.+/)
  await page.getByLabel(/^Nouveau mot de passe/).fill('un-tout-nouveau-mdp')
  await page.getByLabel(/^Confirmation du mot de passe/).fill('un-tout-nouveau-mdp')
  await page.getByRole('button', { name: 'Enregistrer mon mot de passe' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByText('Ton mot de passe a été mis à jour avec succès.')).toBeVisible()

  await logOut(page, 'Inès Martin')
  await logIn(page, email, PASSWORD)
  await expect(page.getByText('Identifiants incorrects.')).toBeVisible()
  await logIn(page, email, 'un-tout-nouveau-mdp')
  await expect(page).toHaveURL(/\/app$/)
})

test('an unknown page shows the 404 with a way back', async ({ page }) => {
  await page.goto('/une/page/qui/nexiste/pas')
  await expect(page.getByText('Erreur 404')).toBeVisible()
  await expect(page.getByText('La page est introuvable')).toBeVisible()
})

test('the terms linked from the sign-up form open as a readable page', async ({ page }) => {
  await page.goto('/auth/register')
  const link = page.getByRole('link', { name: "conditions générales d'utilisation" })
  await expect(link).toHaveAttribute('href', '/cgu')
  await page.goto('/cgu')
  await expect(page.getByRole('heading', { name: "Conditions générales d'utilisation" })).toBeVisible()
  await page.goto('/confidentiality-policy')
  await expect(page.getByRole('heading', { name: 'Politique de confidentialité' })).toBeVisible()
})
