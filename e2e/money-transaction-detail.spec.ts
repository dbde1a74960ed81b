import { expect, type Locator, type Page, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import { apiSend, signUpSubjectToVat } from './sales-helpers'

const GAP = (gap: string) =>
  `Vérifie les montants — Le total de la ventilation n'est pas égal au montant de la transaction : écart ${gap}`

/** Picks a category in a picker of `scope` by typing a word of its tags, as the search allows. */
async function pickCategory(page: Page, scope: Locator, search: string, name: string) {
  await scope.getByRole('button', { name: 'Catégorie' }).click()
  await page.getByRole('textbox', { name: 'Rechercher une catégorie' }).fill(search)
  await page.getByRole('option', { name, exact: true }).click()
}

test('a bank transaction split in two categories: the gap, the adjust button, saved, checked and validated', async ({
  page,
}) => {
  await signUpSubjectToVat(page, uniqueEmail('ventilation'))
  const account = await apiSend<{ id: number }>(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })
  const created = await apiSend<{ id: number }>(page, 'post', '/transactions', {
    journalId: account.id,
    name: 'Papeterie et billet de train',
    datedAt: '2026-03-12',
    amount: '-150.00',
  })

  // Opened straight from its address.
  await page.goto(`/app/financial/bank/${created.id}/show`)
  const drawer = page.getByRole('dialog', { name: 'Papeterie et billet de train' })
  await expect(drawer.getByText('Saisie manuelle')).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Valider' })).toBeDisabled()

  // One category: one line for the whole amount, its VAT at 20 %.
  const split = drawer.getByRole('region', { name: 'Ventilation' })
  await pickCategory(page, split, 'papeterie', 'Fournitures administratives')
  const first = drawer.getByRole('group', { name: 'Ligne 1' })
  await expect(first.getByRole('textbox', { name: 'Montant' })).toHaveValue('-150,00')
  await expect(first.getByRole('textbox', { name: 'TVA' })).toHaveValue('-25,00')

  // A second line: the amounts no longer add up, and the message says by how much.
  await drawer.getByRole('button', { name: 'Ajouter une ligne' }).click()
  const second = drawer.getByRole('group', { name: 'Ligne 2' })
  await pickCategory(page, second, 'sncf', 'Voyages et déplacements')
  await first.getByRole('textbox', { name: 'Montant' }).fill('-100')
  await first.getByRole('textbox', { name: 'Montant' }).blur()
  await second.getByRole('textbox', { name: 'Montant' }).fill('-40')
  await second.getByRole('textbox', { name: 'Montant' }).blur()
  await expect(drawer.getByRole('alert')).toHaveText(GAP('-10,00\u00a0€'))
  // With two lines the VAT is read-only.
  await expect(first.getByRole('textbox', { name: 'TVA' })).toHaveAttribute('readonly', '')

  // The adjust button gives the second line what the first leaves.
  await drawer.getByRole('button', { name: 'Ajuster le montant de la ligne 2' }).click()
  await expect(second.getByRole('textbox', { name: 'Montant' })).toHaveValue('-50,00')
  await expect(drawer.getByRole('alert')).toHaveCount(0)
  await drawer.getByRole('button', { name: 'Enregistrer & fermer' }).click()
  await expect(page.getByText('Enregistré avec succès.').first()).toBeVisible()
  await expect(drawer).toBeHidden()

  // Saved as split, each line with the VAT of its rate (20 % and 10 %).
  await page.goto(`/app/financial/bank/${created.id}/show`)
  await expect(first.getByRole('textbox', { name: 'Montant' })).toHaveValue('-100,00')
  await expect(first.getByRole('textbox', { name: 'TVA' })).toHaveValue('-16,67')
  await expect(second.getByRole('textbox', { name: 'Montant' })).toHaveValue('-50,00')
  await expect(second.getByRole('textbox', { name: 'TVA' })).toHaveValue('-4,55')

  // Checked: a green tick to take back, nothing to save any more; then validated: the lock.
  await drawer.getByRole('button', { name: 'Valider' }).click()
  await expect(drawer.getByRole('button', { name: 'Invalider' })).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Enregistrer & fermer' })).toHaveCount(0)
  await drawer.getByRole('button', { name: 'Verrouiller' }).click()
  await expect(drawer.getByRole('button', { name: 'Déverrouiller' })).toBeEnabled()
  await expect(drawer.getByRole('button', { name: 'Invalider' })).toHaveCount(0)

  const stored = await page.request.get(`/api/v1/transactions/${created.id}`)
  const { data } = (await stored.json()) as {
    data: { isValidated: boolean; transactionAllocations: { amount: string; taxAmount: string }[] }
  }
  expect(data.isValidated).toBe(true)
  expect(data.transactionAllocations.map((part) => [part.amount, part.taxAmount])).toEqual([
    ['-100.00', '-16.67'],
    ['-50.00', '-4.55'],
  ])
})
