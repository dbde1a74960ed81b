import { type APIRequestContext, expect, type Page } from '@playwright/test'

export const PASSWORD = 'motdepasse-e2e-1'

let counter = 0
export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${Date.now().toString(36)}${counter++}@exemple.fr`

/** The development mailbox of the embedded default (no SMTP_URL): the latest message to an address. */
export async function latestMailTo(request: APIRequestContext, to: string) {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await request.get('/api/v1/dev/mailbox')
    const { data } = (await response.json()) as { data: { to: string; subject: string; text: string }[] }
    const message = data.find((m) => m.to === to)
    if (message) return message
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`no e-mail to ${to}`)
}

/** Pick an option of a Mantine Select by typing part of its label. */
export async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option }).first().click()
}

/** The company of a sign-up: its legal form and VAT regime, as the selects show them. */
export type SignUpCompany = { legalForm: string; taxRegime: RegExp }

/** A micro-entrepreneur under the VAT "franchise en base" (no VAT on its invoices). */
export const MICRO_ENTREPRENEUR: SignUpCompany = { legalForm: 'Micro-entrepreneur', taxRegime: /franchise/i }

/**
 * Sign-up step one and two through the pages, ending on the dashboard; a micro-entrepreneur unless told.
 * `onCompanyStep` runs once the company step (step two) is shown, before it is filled.
 */
export async function signUpThroughPages(
  page: Page,
  email: string,
  firstname = 'Camille',
  company: SignUpCompany = MICRO_ENTREPRENEUR,
  onCompanyStep?: () => Promise<void>,
) {
  await page.goto('/auth/register')
  await page.getByRole('textbox', { name: /^Prénom/ }).fill(firstname)
  await page.getByRole('textbox', { name: /^Nom/ }).fill('Martin')
  await page.getByRole('textbox', { name: /^Adresse email/ }).fill(email)
  await page.getByLabel(/^Mot de passe/).fill(PASSWORD)
  await page.getByLabel(/^Confirmation/).fill(PASSWORD)
  await expect(page.getByRole('checkbox')).toBeChecked()
  await page.getByRole('button', { name: 'Créer mon compte' }).click()

  await expect(page).toHaveURL(/\/auth\/register\/\d+$/)
  if (onCompanyStep) {
    await expect(page.getByRole('textbox', { name: /^Nom de l'entreprise/ })).toBeVisible()
    await onCompanyStep()
  }
  await page.getByRole('textbox', { name: /^Nom de l'entreprise/ }).fill('Atelier Martin')
  await choose(page, 'Forme juridique', company.legalForm)
  await choose(page, "Secteur d'activité", /Information et communication/i)
  await choose(page, 'Régime de T.V.A.', company.taxRegime)
  await choose(page, 'Zone fiscale', /métropolitaine/i)
  await page.getByRole('radio', { name: 'Non' }).check()
  await page.getByRole('button', { name: 'Terminer mon inscription' }).click()

  await expect(page.getByText('Inscription terminée')).toBeVisible()
  await page
    .getByRole('button', { name: "C'est parti" })
    .or(page.getByRole('link', { name: "C'est parti" }))
    .click()
  // The onboarding's priorities first; the journeys skip them.
  await expect(page).toHaveURL(/\/app\/start$/)
  await page.getByRole('link', { name: 'Passer cette étape' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await expect(page.getByRole('heading', { name: `Bonjour ${firstname} !` })).toBeVisible()
}

export async function logOut(page: Page, fullName = 'Camille Martin') {
  await page.getByRole('button', { name: `Menu de ${fullName}` }).click()
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click()
  await expect(page.getByText('Veux-tu te déconnecter ?')).toBeVisible()
  await page.getByRole('dialog').getByRole('button', { name: 'Se déconnecter' }).click()
  await expect(page).toHaveURL(/\/auth\/login/)
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth/login')
  await page.getByRole('textbox', { name: /^Adresse email/ }).fill(email)
  await page.getByLabel(/^Mot de passe/).fill(password)
  await page.getByRole('button', { name: 'Se connecter' }).click()
}
