import { expect, test } from '@playwright/test'
import { latestMailTo, logIn, signUpThroughPages, uniqueEmail } from './helpers'

// spec/account.md §2 "Account closure: a checkbox, then a two-step modal", §4 account closing.
test('a user closes the account: the box, the sentence and the name, the e-mailed code, then no way back in', async ({
  page,
}) => {
  // Sign-up, the two steps and a second sign-in: longer than one page's journey when the machine is busy.
  test.setTimeout(120_000)
  const email = uniqueEmail('closure')
  await signUpThroughPages(page, email)

  await page.goto('/app/profile?tab=cloture')
  const close = page.getByRole('button', { name: 'Clôturer mon compte' })
  await expect(close).toBeDisabled()
  await page.getByRole('checkbox', { name: 'Je comprends que la clôture de mon compte est définitive' }).check()
  await close.click()

  const dialog = page.getByRole('dialog', { name: 'Clôturer mon compte' })
  await expect(dialog.getByText('Étape 1 sur 2')).toBeVisible()
  // A wrong name is refused on the spot, and no code leaves.
  await dialog.getByRole('textbox', { name: 'Phrase de confirmation' }).fill('je confirme la clôture de mon compte')
  await dialog.getByRole('textbox', { name: 'Nom de ton entreprise' }).fill('Pas mon entreprise')
  await dialog.getByRole('button', { name: 'Recevoir le code' }).click()
  await expect(dialog.getByText('Étape 1 sur 2')).toBeVisible()

  await dialog.getByRole('textbox', { name: 'Nom de ton entreprise' }).fill('Atelier Martin')
  await dialog.getByRole('button', { name: 'Recevoir le code' }).click()
  await expect(dialog.getByText('Étape 2 sur 2')).toBeVisible()

  const mail = await latestMailTo(page.request, email)
  const code = /(\d{6})/.exec(mail.text)?.[1] ?? ''
  expect(code).toMatch(/^\d{6}$/)
  await dialog.getByLabel('Code de confirmation').first().click()
  await page.keyboard.type(code)
  await dialog.getByRole('button', { name: 'Clôturer définitivement' }).click()

  await expect(page).toHaveURL(/\/auth\/login/)
  await expect(
    page.getByText('Ton compte a été clôturé. Tes données restent téléchargeables pendant 30 jours.'),
  ).toBeVisible()
  // The session is gone, and the password no longer opens anything.
  await page.goto('/app')
  await expect(page).toHaveURL(/\/auth\/login/)
  await logIn(page, email)
  await expect(page.getByText('Identifiants incorrects.')).toBeVisible()
  await expect(page).toHaveURL(/\/auth\/login/)
})
