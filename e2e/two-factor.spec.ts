import { expect, type Page, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { logIn, logOut, signUpThroughPages, uniqueEmail } from './helpers'

/**
 * Two-factor sign-in as a user lives it: enrol an authenticator app from the profile (the key read from the page,
 * the codes computed here as the app would), sign out, sign in with a code, then with a recovery code.
 */

/** A code of a step later than `after`: the server never takes the same step twice, so wait for the next one. */
async function codeAfter(secret: string, after: number): Promise<{ code: string; step: number }> {
  while (TOTP.counter() <= after) await new Promise((resolve) => setTimeout(resolve, 500))
  const step = TOTP.counter()
  return { code: TOTP.generate({ secret: Secret.fromBase32(secret) }), step }
}

async function typeCode(page: Page, code: string) {
  await expect(page).toHaveURL(/\/auth\/two-factor/)
  await expect(page.getByText('Code de vérification')).toBeVisible()
  await page.getByRole('textbox', { name: /^Code à 6 chiffres/ }).fill(code)
  await page.getByRole('button', { name: 'Vérifier' }).click()
}

test('enrol from the profile, then sign in with a code and with a recovery code', async ({ page }) => {
  // Waits for fresh 30-second steps twice, on a shared machine.
  test.setTimeout(240_000)
  const email = uniqueEmail('2fa')
  await signUpThroughPages(page, email)

  await page.goto('/app/profile?tab=double-authentification')
  await page.getByRole('button', { name: 'Activer la double authentification' }).click()
  await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  const secret = ((await page.getByTestId('two-factor-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  const first = await codeAfter(secret, -1)
  await page.getByRole('textbox', { name: /Code à 6 chiffres/ }).fill(first.code)
  await page.getByRole('button', { name: 'Activer', exact: true }).click()

  const codes = page.getByTestId('recovery-code')
  await expect(codes).toHaveCount(10)
  const recoveryCodes = await codes.allTextContents()
  await expect(page.getByRole('button', { name: 'Télécharger' })).toBeVisible()
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Télécharger' }).click()
  expect((await download).suggestedFilename()).toBe('carnet-codes-de-recuperation.txt')
  await page.getByRole('button', { name: 'J’ai noté mes codes' }).click()
  await expect(page.getByText('10 codes de récupération restants.')).toBeVisible()

  // Signing in now takes the password, then the code of the app.
  await logOut(page)
  await logIn(page, email)
  const second = await codeAfter(secret, first.step)
  await typeCode(page, second.code)
  await expect(page).toHaveURL(/\/app$/)

  // Without the phone: a recovery code, once.
  await logOut(page)
  await logIn(page, email)
  await expect(page).toHaveURL(/\/auth\/two-factor/)
  await page.getByRole('button', { name: 'Utiliser un code de récupération' }).click()
  await page.getByRole('textbox', { name: /^Code de récupération/ }).fill(recoveryCodes[0] ?? '')
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await expect(page).toHaveURL(/\/app$/)
  await page.goto('/app/profile?tab=double-authentification')
  // The whole profile loads again (a fresh page): on a busy machine, that takes longer than one expect's default.
  await expect(page.getByText('9 codes de récupération restants.')).toBeVisible({ timeout: 60_000 })
})
