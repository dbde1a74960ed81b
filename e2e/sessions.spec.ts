import { expect, test } from '@playwright/test'
import { latestMailTo, logIn, PASSWORD, signUpThroughPages, uniqueEmail } from './helpers'

/**
 * Sessions as a user lives them (decision 0041): two browsers signed in to one account; the second one, told by
 * e-mail that a new device signed in, ends the other from its profile, which is then signed out.
 */
test('a second browser ends the first one from « Appareils connectés »', async ({ page: firstPage, browser }) => {
  test.setTimeout(300_000)
  const email = uniqueEmail('sessions')
  await signUpThroughPages(firstPage, email)
  await firstPage.goto('/app')
  await expect(firstPage).toHaveURL(/\/app$/)

  const second = await browser.newContext()
  const secondPage = await second.newPage()
  await logIn(secondPage, email)
  await expect(secondPage).toHaveURL(/\/app/)
  // This browser is new to the account: its owner is told, with the way to end the others.
  const mail = await latestMailTo(secondPage.request, email)
  expect(mail.subject).toBe('Nouvelle connexion à ton compte Carnet')
  expect(mail.text).toContain('déconnecte les autres sessions')

  await secondPage.goto('/app/profile?tab=appareils')
  await expect(secondPage.getByRole('heading', { name: 'Appareils connectés' })).toBeVisible()
  await expect(secondPage.getByTestId('session-row')).toHaveCount(2)
  await expect(secondPage.getByTestId('session-row').first()).toContainText('Cette session')
  await secondPage.getByRole('button', { name: 'Déconnecter les autres sessions' }).click()
  await secondPage.getByRole('dialog').getByRole('button', { name: 'Déconnecter les autres sessions' }).click()
  await expect(secondPage.getByText('1 autre session terminée.')).toBeVisible()
  await expect(secondPage.getByTestId('session-row')).toHaveCount(1)

  // The first browser is signed out at its next request.
  await firstPage.goto('/app/profile')
  await expect(firstPage).toHaveURL(/\/auth\/login/)
  await expect(secondPage.getByRole('button', { name: 'Déconnecter les autres sessions' })).toHaveCount(0)

  await second.close()
})

test('wrong passwords slow the account down; the owner unlocks it with the e-mailed code', async ({ page }) => {
  test.setTimeout(300_000)
  const email = uniqueEmail('verrou')
  await signUpThroughPages(page, email)
  await page.context().clearCookies()

  // Five wrong passwords, then the account waits a delay that doubles (1 s, 2 s, 4 s…). Nine sent straight to the API,
  // each after the previous wait has passed (the address may try ten times in 15 minutes), leave a 16-second wait:
  // the page's attempt falls in it.
  for (let failures = 0; failures < 9; ) {
    const response = await page.request.post('/api/v1/auth/login', {
      headers: { 'x-requested-with': 'fetch' },
      data: { username: email, password: `mauvais-${failures}` },
    })
    if (response.status() === 429) {
      await page.waitForTimeout(Number(response.headers()['retry-after'] ?? '1') * 1000 + 300)
      continue
    }
    expect(response.status()).toBe(401)
    failures++
    if (failures >= 5 && failures < 9) await page.waitForTimeout(2 ** (failures - 5) * 1000 + 300)
  }
  await logIn(page, email, 'mauvais-encore')
  await expect(page.getByText(/Trop de mots de passe erronés pour ce compte\. Réessaye dans \d+ seconde/)).toBeVisible()
  await page.getByRole('link', { name: 'Débloquer mon compte avec le code reçu par e-mail' }).click()
  await expect(page).toHaveURL(/\/auth\/unlock\?email=/)
  await expect(page.getByRole('textbox', { name: /^Adresse email/ })).toHaveValue(email)

  const mail = await latestMailTo(page.request, email)
  expect(mail.subject).toBe('Débloquer ton compte Carnet')
  const code = /Code de déblocage : (\d{6})/.exec(mail.text)?.[1] ?? ''
  await page.getByRole('textbox', { name: /^Code de déblocage/ }).fill(code)
  await page.getByLabel(/^Mot de passe/).fill(PASSWORD)
  await page.getByRole('button', { name: 'Débloquer et me connecter' }).click()
  await expect(page).toHaveURL(/\/app/)
})
