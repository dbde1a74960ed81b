import { expect, type Page, test } from '@playwright/test'
import { signUpThroughPages, uniqueEmail } from './helpers'

const WRITE = { 'X-Requested-With': 'fetch' }

const line = (page: Page, position: number) => page.getByRole('group', { name: `Ligne ${position}` })

async function fillLine(page: Page, position: number, type: string, amount: string, category: string) {
  const row = line(page, position)
  await row.getByRole('combobox', { name: 'Type' }).click()
  await page.getByRole('option', { name: type, exact: true }).click()
  await setAmount(page, position, amount)
  await row.getByRole('button', { name: 'Catégorie' }).click()
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill(category)
  await page.getByRole('option', { name: category, exact: true }).click()
}

async function setAmount(page: Page, position: number, amount: string) {
  const field = line(page, position).getByRole('textbox', { name: 'Montant' })
  await field.fill(amount)
  await field.blur()
}

test('cash journal: a cash sale recorded then edited leaves two chained entries, and the page says the chain is intact', async ({
  page,
}) => {
  await signUpThroughPages(page, uniqueEmail('cash-journal'))
  // A shop that charges VAT and sells over the counter: the law (CGI art. 286 I-3° bis) concerns it.
  const changed = await page.request.patch('/api/v1/organization', {
    headers: WRITE,
    data: { canSellCash: true, taxRegimeId: 2 },
  })
  expect(changed.status()).toBe(200)
  await page.reload()
  const navigation = page.getByRole('navigation', { name: 'Navigation principale' })

  await navigation.getByRole('link', { name: 'Ventes au comptant' }).click()
  await page.getByRole('link', { name: 'Nouvelle vente au comptant' }).click()
  await fillLine(page, 1, 'Vente', '60', 'Ventes de marchandises')
  await fillLine(page, 2, 'Encaissement', '60', 'Caisse')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page).toHaveURL(/\/app\/sales\/money\/\d+$/)
  // The saved sale's page (its delete button) before typing: a busy machine once typed into the creation form the
  // page then replaced.
  await expect(page.getByRole('button', { name: 'Supprimer', exact: true })).toBeVisible()

  // The edit page still works: the change is a correction entry, the first one stays.
  await setAmount(page, 1, '75')
  await setAmount(page, 2, '75')
  await expect(page.getByText('Total encaissé : 75,00 €')).toBeVisible()
  const saved = page.waitForResponse(
    (response) => response.request().method() === 'PATCH' && /\/cash-sales\/\d+$/.test(response.url()),
  )
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  expect((await saved).status()).toBe(200)

  await navigation.getByRole('link', { name: 'Journal inaltérable' }).click()
  await expect(page).toHaveURL(/\/app\/financial\/cash-journal$/)
  await expect(page.getByRole('heading', { name: 'Journal inaltérable' })).toBeVisible()
  await page.getByRole('button', { name: 'Vérifier' }).click()
  await expect(page.getByText('Journal de caisse intact')).toBeVisible()
  await expect(page.getByText('2 écritures vérifiées')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Clôtures (Z)' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Télécharger l’archive' })).toBeVisible()

  const entries = await (await page.request.get('/api/v1/cash-journal/entries')).json()
  expect(entries.data.map((entry: { kind: string }) => entry.kind)).toEqual(['CORRECTION', 'RECORD'])
  expect(entries.data[0].data.transaction.amount).toBe('75.00')

  // The archive downloads, and its hash is written in the chain.
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Télécharger l’archive' }).click()
  expect((await download).suggestedFilename()).toMatch(/^journal-de-caisse-\d{4}-\d+\.json$/)
  await expect(page.getByText('Archive téléchargée.', { exact: false })).toBeVisible()
})
