import { expect, test } from '@playwright/test'
import { signUpThroughPages, uniqueEmail } from './helpers'

/** Operators named in playwright.config.ts (SUPPORT_OPERATORS); a retry takes the second, the first being signed up. */
const OPERATORS = ['support.e2e@carnet.local', 'support.e2e.retry@carnet.local']

test('a user lets the support in for a week; the operator acts as them, sees the strip, then stops', async ({
  page,
  browser,
}, testInfo) => {
  const email = uniqueEmail('aide')
  await signUpThroughPages(page, email, 'Lou')
  await page.goto('/app/profile?tab=support')
  await expect(page.getByText("Le support n'a pas accès à ton compte.")).toBeVisible()
  await page.locator('label', { hasText: '7 jours' }).click()
  await expect(page.getByRole('radio', { name: '7 jours' })).toBeChecked()
  await page.getByRole('button', { name: "Autoriser l'accès" }).click()
  await expect(
    page.getByText(/Le support peut agir sur ton compte jusqu'au \d\d\/\d\d\/\d{4} à \d\d:\d\d\./),
  ).toBeVisible()

  const operatorContext = await browser.newContext()
  const operator = await operatorContext.newPage()
  await signUpThroughPages(operator, OPERATORS[testInfo.retry] ?? uniqueEmail('support'), 'Sam')
  await operator.getByRole('button', { name: 'Menu de Sam Martin' }).click()
  await operator.getByRole('menuitem', { name: 'Support' }).click()
  await expect(operator).toHaveURL(/\/support$/)
  await operator.getByRole('textbox', { name: "Adresse email de l'utilisateur" }).fill(email)
  await operator.getByRole('button', { name: 'Agir en tant que cet utilisateur' }).click()

  await expect(operator).toHaveURL(/\/app$/)
  await expect(
    operator.getByRole('status').filter({ hasText: 'Tu agis en tant que Lou Martin, pour le support.' }),
  ).toBeVisible()
  await expect(operator.getByRole('heading', { name: 'Bonjour Lou !' })).toBeVisible()
  // The password stays the user's own.
  const refused = await operator.request.patch('/api/v1/me/password', {
    headers: { 'x-requested-with': 'fetch' },
    data: {
      currentPassword: 'motdepasse-e2e-1',
      password: 'autre-mot-de-passe-1',
      password_confirmation: 'autre-mot-de-passe-1',
    },
  })
  expect(refused.status()).toBe(403)

  await operator.getByRole('button', { name: "Arrêter l'impersonate" }).click()
  await expect(operator).toHaveURL(/\/support$/)
  await expect(operator.getByText('Tu agis en tant que')).toHaveCount(0)
  // Back to their own account, still signed in.
  await operator.getByRole('link', { name: "Retour à l'application" }).click()
  await expect(operator.getByRole('heading', { name: 'Bonjour Sam !' })).toBeVisible()
  await operatorContext.close()
})
