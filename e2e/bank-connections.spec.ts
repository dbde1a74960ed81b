import { expect, test } from '@playwright/test'
import { signUpThroughPages, uniqueEmail } from './helpers'

const ACKNOWLEDGEMENT =
  "J'autorise Carnet à accéder aux comptes et aux transactions de ma banque, en lecture seule, pour 90 jours renouvelables."

test('bank connections: through the aggregator’s page and back, the account arrives, syncs, archives and goes', async ({
  page,
}) => {
  await signUpThroughPages(page, uniqueEmail('connexion'))

  // The first-connection screen: C'est parti opens the bank selection; the bypass leads to the transactions.
  await page.goto('/app/oups/bank-first-connexion')
  await expect(page.getByRole('link', { name: /sans connecter de banque/ })).toHaveAttribute(
    'href',
    '/app/financial/bank?bypass=true',
  )
  await page.getByRole('button', { name: "C'est parti" }).click()
  const selection = page.getByRole('dialog', { name: 'Connecter une banque' })
  await expect(selection.getByText('Une autre banque')).toBeVisible()
  await expect(selection.getByText(/Plus de 350 banques/)).toBeVisible()
  const next = selection.getByRole('button', { name: 'Continuer' })
  await expect(next).toBeDisabled()
  await selection.getByRole('checkbox', { name: ACKNOWLEDGEMENT }).check()
  await next.click()

  // Bridge's page (the local stand-in), then back through the callback to the bank accounts settings.
  await expect(page.getByRole('heading', { name: /Bridge/ })).toBeVisible()
  await page.getByRole('link', { name: 'Connecter ma banque' }).click()
  await expect(page).toHaveURL(/\/app\/setting\/financial$/)
  await expect(page.getByText('Ta banque est connectée : tes comptes et leurs transactions arrivent.')).toBeVisible()

  const connection = page.getByRole('listitem', { name: 'Société Générale' })
  await expect(connection.getByText('OK', { exact: true })).toBeVisible()
  await expect(connection.getByText('Compte courant pro (BQ1)')).toBeVisible()
  // The account is a bank account of the books, at the bank's balance.
  const account = page.getByRole('listitem', { name: 'Compte courant pro' })
  await expect(account.getByText('1 250,40 €')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Solde bancaire' }).getByText('1 250,40 €')).toBeVisible()

  // A manual sync: nothing new, the same lines are not imported twice.
  await connection.getByRole('button', { name: 'Synchroniser Société Générale' }).click()
  await expect(page.getByText('Synchronisation terminée : aucune nouvelle transaction.')).toBeVisible()
  await expect(account.getByText('1 250,40 €')).toBeVisible()

  // Archived, then active again.
  await connection.getByRole('switch', { name: 'Connexion active : Société Générale' }).click()
  await expect(connection.getByText('Archivée')).toBeVisible()
  await expect(connection.getByRole('button', { name: 'Synchroniser Société Générale' })).toBeDisabled()
  await connection.getByRole('switch', { name: 'Connexion active : Société Générale' }).click()
  await expect(connection.getByText('OK', { exact: true })).toBeVisible()

  // Deleted after the spec's confirmation: the account stays, with its transactions.
  await connection.getByRole('button', { name: 'Supprimer la connexion Société Générale' }).click()
  const confirm = page.getByRole('dialog', { name: 'Es-tu certain·e de vouloir supprimer cette entrée ?' })
  await expect(confirm.getByText('Cette action est irréversible !')).toBeVisible()
  await confirm.getByRole('button', { name: 'Supprimer' }).click()
  await expect(connection).toBeHidden()
  await expect(page.getByText('Aucune banque connectée')).toBeVisible()
  await expect(account.getByText('1 250,40 €')).toBeVisible()
})
