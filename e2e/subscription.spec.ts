import { expect, test } from '@playwright/test'
import { signUpThroughPages, uniqueEmail } from './helpers'

/**
 * The owner's subscription to Carnet through the payment provider's stand-in (e2e/fake-stripe-api.mjs): its hosted
 * checkout page, its webhooks, its invoices.
 */
test('an owner subscribes to Pop monthly on the provider’s page, sees the plan and its bill, moves to Pop+ prorated, then cancels and keeps the plan until the period’s end', async ({
  page,
}) => {
  // Sign-up, the trip to the provider's page and two reloads 3 s after a change: longer than the default minute.
  test.setTimeout(150_000)
  await signUpThroughPages(page, uniqueEmail('subscription'))

  await page.goto('/app/setting')
  await page
    .getByRole('navigation', { name: 'Sections des paramètres' })
    .getByRole('link', { name: /Abonnement/ })
    .click()
  await expect(page).toHaveURL(/\/app\/setting\/subscription$/)
  await expect(page.getByRole('heading', { name: 'Abonnement', level: 2 })).toBeVisible()
  await expect(page.getByText(/Tu es en période d'essai jusqu'au \d{2}\/\d{2}\/\d{4}/)).toBeVisible()
  await expect(page.getByRole('table', { name: 'Comparer les formules' })).toBeVisible()

  const pop = page.getByRole('region', { name: 'Pop', exact: true })
  await expect(pop.getByText('9 €')).toBeVisible()
  await pop.getByRole('button', { name: 'Choisir cette formule' }).click()

  // The provider's hosted page, then back to the plan page.
  await expect(page).toHaveURL(/\/checkout\/cs_/)
  await page.getByRole('button', { name: 'Payer' }).click()
  await expect(page).toHaveURL(/\/app\/setting\/subscription\?checkout=success$/)
  await expect(page.getByText('Paiement réussi !')).toBeVisible()
  await expect(pop.getByText('Ta formule actuelle')).toBeVisible()
  await expect(page.getByText(/Prochain renouvellement le \d{2}\/\d{2}\/\d{4}\./)).toBeVisible()

  const bill = page.getByRole('link', { name: /^Télécharger la facture / })
  await expect(bill).toBeVisible()
  await expect(page.getByRole('row').filter({ has: bill }).getByText('10,80 €')).toBeVisible()
  await expect(page.getByRole('row').filter({ has: bill }).getByText('Payée')).toBeVisible()

  // Pop+ instead, prorated: the figures of the provider's preview, the box to tick, then the page reloads on Pop+.
  const popPlus = page.getByRole('region', { name: 'Pop+', exact: true })
  await popPlus.getByRole('button', { name: 'Passer à cette formule' }).click()
  const change = page.getByRole('dialog', { name: 'Changer de formule' })
  await expect(change.getByText('Tu passes de la formule Pop mensuel à la formule Pop+ mensuel.')).toBeVisible()
  await expect(change.getByText('À payer pour le changement (TTC)')).toBeVisible()
  await expect(change.getByText(/^\d+,\d{2}\s€$/).first()).toBeVisible()
  await expect(change.getByRole('link', { name: /Comment est calculé le prorata/ })).toHaveAttribute('target', '_blank')
  await change.getByRole('checkbox', { name: /J’accepte ce changement de formule/ }).check()
  await change.getByRole('button', { name: 'Confirmer le changement' }).click()
  await expect(page.getByText('Ta formule a été changée. La page va se recharger.')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Ta formule' }).getByText('Pop+ mensuel')).toBeVisible({
    timeout: 15_000,
  })
  await expect(popPlus.getByText('Ta formule actuelle')).toBeVisible()

  await page.getByRole('button', { name: 'Annuler mon abonnement' }).click()
  const confirm = page.getByRole('dialog', { name: 'Annuler ton abonnement ?' })
  await confirm.getByRole('button', { name: 'Annuler mon abonnement' }).click()
  await expect(page.getByText('Abonnement annulé')).toBeVisible()
  // The page reloads 3 s later, in its grace period: the plan until the period's end, and nothing left to cancel.
  await expect(
    page.getByText(/Ton abonnement est annulé : tu profites de ta formule jusqu’au \d{2}\/\d{2}\/\d{4}/),
  ).toBeVisible({
    timeout: 15_000,
  })
  await expect(page.getByRole('button', { name: 'Annuler mon abonnement' })).toHaveCount(0)
  await expect(popPlus.getByText('Ta formule actuelle')).toBeVisible()
})
