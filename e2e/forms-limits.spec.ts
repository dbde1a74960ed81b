import { expect, type Locator, type Page, test } from '@playwright/test'
import { signUpThroughPages, uniqueEmail } from './helpers'
import { apiSend } from './sales-helpers'

/**
 * Issue 31, "nothing typed is lost in silence": over the app's forms, a 10,000-character text, an amount of
 * 99 999 999 999 999 € and the 31st of February are refused with a French message beside the field, and nothing is
 * saved, not even half.
 */
const LONG = 'x'.repeat(10_000)
const TOO_MUCH = '99999999999999'
const IMPOSSIBLE = '31/02/2026'

const tooLong = (max: string) => new RegExp(`^${max} caractères au maximum \\(tu en as saisi 10\\s000\\)$`)
const AMOUNT_TOO_LARGE = 'Le montant ne peut pas dépasser 99 999 999,99 € : ta saisie a été annulée'
const NOT_A_DAY = "Le 31/02/2026 n'existe pas : vérifie le jour et le mois"

/** What the API lists at `path` (its first page): the check that nothing was saved. */
async function listed(page: Page, path: string) {
  const response = await page.request.get(`/api/v1${path}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: unknown[] }).data
}

async function read<T>(page: Page, path: string) {
  const response = await page.request.get(`/api/v1${path}`)
  expect(response.status()).toBe(200)
  return ((await response.json()) as { data: T }).data
}

/** A paste of 10,000 characters: all of it stays, and the field says its maximum. */
async function pasteLong(scope: Locator | Page, field: Locator, max = '249') {
  await field.fill(LONG)
  await expect(field).toHaveValue(LONG)
  await expect(scope.getByText(tooLong(max))).toBeVisible()
}

async function typeAndLeave(field: Locator, text: string) {
  await field.fill(text)
  await field.blur()
}

/** 31/02/2026 stays as typed, with the reason beside it. */
async function impossibleDate(scope: Locator | Page, field: Locator) {
  await typeAndLeave(field, IMPOSSIBLE)
  await expect(field).toHaveValue(IMPOSSIBLE)
  await expect(scope.getByText(NOT_A_DAY)).toBeVisible()
}

/** An amount beyond the bounds goes back to what it was, and the field says why. */
async function amountTooLarge(scope: Locator | Page, field: Locator) {
  const before = await field.inputValue()
  await typeAndLeave(field, TOO_MUCH)
  await expect(field).toHaveValue(before || '0')
  await expect(scope.getByText(AMOUNT_TOO_LARGE)).toBeVisible()
}

test('every form keeps what was typed beyond its limits, says why in French, and saves nothing', async ({ page }) => {
  // Eight forms in one journey: about a minute on an idle machine, four on a loaded one.
  test.setTimeout(300_000)
  await signUpThroughPages(page, uniqueEmail('limits'))

  await test.step('customer', async () => {
    await page.goto('/app/sales/customers')
    await page.getByRole('button', { name: 'Nouveau client' }).click()
    const drawer = page.getByRole('dialog', { name: 'Nouveau client' })
    await drawer
      .locator('label')
      .filter({ hasText: /^Particulier$/ })
      .click()
    await pasteLong(drawer, drawer.getByRole('textbox', { name: /^Nom et Prénom/ }))
    await drawer.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(drawer).toBeVisible()
    expect(await listed(page, '/contacts')).toEqual([])
  })

  await test.step('catalogue item', async () => {
    await page.goto('/app/sales/catalog')
    await page.getByRole('button', { name: 'Nouvel article' }).click()
    const drawer = page.getByRole('dialog', { name: 'Nouvel article' })
    await pasteLong(drawer, drawer.getByRole('textbox', { name: /^Nom/ }))
    await amountTooLarge(drawer, drawer.getByRole('textbox', { name: /^Prix/ }).first())
    await drawer.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(drawer).toBeVisible()
    expect(await listed(page, '/items')).toEqual([])
  })

  for (const [kind, path] of [
    ['invoices', '/app/sales/invoices/new'],
    ['quotes', '/app/sales/quotes/new'],
  ] as const) {
    await test.step(`${kind} editor`, async () => {
      await page.goto(path)
      await impossibleDate(page, page.getByRole('textbox', { name: /^Date d'émission/ }))
      await pasteLong(page, page.getByRole('textbox', { name: /^Titre/ }))
      await page.getByRole('button', { name: 'Enregistrer' }).click()
      await expect(page).toHaveURL(new RegExp(`${path}$`))
      expect(await listed(page, `/${kind}`)).toEqual([])
    })
  }

  await test.step('cash movement', async () => {
    await page.goto('/app/financial/cash/new')
    await impossibleDate(page, page.getByRole('textbox', { name: /^Date/ }))
    await pasteLong(page, page.getByRole('textbox', { name: /^Libellé/ }))
    const line = page.getByRole('group', { name: 'Ligne 1' })
    await amountTooLarge(line, line.getByRole('textbox', { name: 'Montant' }))
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(page).toHaveURL(/\/app\/financial\/cash\/new$/)
    expect(await listed(page, '/cash-operations')).toEqual([])
  })

  await test.step('bank transaction typed by hand', async () => {
    await apiSend(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })
    await page.goto('/app/financial/bank')
    await page.getByRole('button', { name: 'Nouvelle transaction' }).click()
    const drawer = page.getByRole('dialog', { name: 'Nouvelle transaction' })
    await impossibleDate(drawer, drawer.getByRole('textbox', { name: /^Date/ }))
    await pasteLong(drawer, drawer.getByRole('textbox', { name: /^Libellé/ }))
    await amountTooLarge(drawer, drawer.getByRole('textbox', { name: /^Montant/ }))
    await drawer.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(drawer).toBeVisible()
    expect(await listed(page, '/transactions')).toEqual([])
  })

  await test.step('organisation settings', async () => {
    await page.goto('/app/setting/account')
    await pasteLong(page, page.getByRole('textbox', { name: /^Raison sociale/ }))
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(page.getByRole('textbox', { name: /^Raison sociale/ })).toHaveValue(LONG)
    expect((await read<{ name: string }>(page, '/organization')).name).toBe('Atelier Martin')
  })

  await test.step('profile', async () => {
    await page.goto('/app/profile')
    await pasteLong(page, page.getByRole('textbox', { name: /^Prénom/ }))
    await page.getByRole('button', { name: 'Enregistrer' }).click()
    await expect(page.getByRole('textbox', { name: /^Prénom/ })).toHaveValue(LONG)
    expect((await read<{ firstname: string }>(page, '/me')).firstname).toBe('Camille')
  })
})
