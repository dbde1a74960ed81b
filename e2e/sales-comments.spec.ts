import { expect, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import {
  apiCustomer,
  apiSend,
  confirmation,
  parisToday,
  row,
  signUpSubjectToVat,
  validateFromRow,
} from './sales-helpers'

test('an invoice gets a comment (counted in the list) that its author deletes, a note kept across drawer openings, and a history in sentences', async ({
  page,
}) => {
  const { iso: today } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('comments'))
  // Setup through the API: a customer and a draft invoice.
  const customer = await apiCustomer(page, {
    contactTypeId: 2,
    name: 'Jeanne Dupont',
  })
  const invoice = await apiSend<{ id: number; name: string }>(page, 'post', '/invoices', {
    name: 'Atelier photo',
    datedAt: today,
    paymentLimit: 30,
    contactId: customer.id,
    lines: [{ name: 'Atelier', type: 'SERVICE', quantity: '1', amount: '300', unitId: 1, taxId: 1 }],
  })

  await page.goto('/app/sales/invoices')
  await row(page, invoice.name).click()
  const drawer = page.getByRole('dialog', { name: invoice.name })
  await expect(drawer).toBeVisible()

  // Comments: none, then one (Ctrl+Entrée would send too), counted on the row; its author deletes it.
  await drawer.getByRole('tab', { name: 'Commentaires' }).click()
  await expect(drawer.getByText("Il n'y a aucun commentaire.")).toBeVisible()
  await drawer.getByRole('textbox', { name: 'Nouveau commentaire' }).fill('Relancer Jeanne lundi')
  await drawer.getByRole('button', { name: 'Ajouter', exact: true }).click()
  const comments = drawer.getByRole('list', { name: 'Commentaires' })
  await expect(comments.getByText('Relancer Jeanne lundi')).toBeVisible()
  await expect(comments.getByText('Camille')).toBeVisible()
  await expect(drawer.getByRole('textbox', { name: 'Nouveau commentaire' })).toHaveValue('')
  await expect(row(page, invoice.name).getByLabel('1 commentaire')).toBeVisible()

  await comments.getByRole('button', { name: 'Supprimer le commentaire' }).click()
  const dialog = confirmation(page, 'Es-tu certain·e de vouloir supprimer cette entrée ?')
  await dialog.getByRole('button', { name: 'Supprimer' }).click()
  await expect(dialog).toBeHidden()
  await expect(drawer.getByText("Il n'y a aucun commentaire.")).toBeVisible()
  await expect(row(page, invoice.name).getByLabel('1 commentaire')).toBeHidden()

  // The note saves itself; closing the drawer right after typing loses nothing.
  await drawer.getByRole('textbox', { name: 'Notes' }).fill('Client pressé : livrer avant vendredi')
  await expect(drawer.getByText('/ 2000')).toHaveText('37 / 2000')
  await drawer.getByRole('button', { name: 'Fermer', exact: true }).click()
  await expect(drawer).toBeHidden()
  await row(page, invoice.name).click()
  await expect(drawer.getByRole('textbox', { name: 'Notes' })).toHaveValue('Client pressé : livrer avant vendredi')

  // History: the creation, then the validation with the invoice's number.
  await drawer.getByRole('tab', { name: 'Historique' }).click()
  await expect(drawer.getByText('Tu as créé la facture « Atelier photo ».')).toBeVisible()
  await drawer.getByRole('button', { name: 'Fermer', exact: true }).click()
  await expect(drawer).toBeHidden()

  await validateFromRow(page, invoice.name, 'Valider la facture ?')
  await row(page, invoice.name).click()
  await drawer.getByRole('tab', { name: 'Historique' }).click()
  await expect(drawer.getByText(/^Tu as validé la facture F-\d{4}-\d+\.$/)).toBeVisible()
  await expect(drawer.getByText(/^Tu as créé la facture F-\d{4}-\d+\.$/)).toBeVisible()
  await expect(drawer.getByText(/^Tu as ajouté un commentaire\.$/)).toBeVisible()
})
