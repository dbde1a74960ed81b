import { spawnSync } from 'node:child_process'
import { expect, type Page, test } from '@playwright/test'
import { latestMailTo, uniqueEmail } from './helpers'
import {
  apiCustomer,
  apiGet,
  apiSend,
  confirmation,
  parisToday,
  row,
  rowAction,
  signUpSubjectToVat,
} from './sales-helpers'

/** The French name of a month, as the app writes it in a title ("novembre"). */
const monthName = (date: Date) => new Intl.DateTimeFormat('fr-FR', { month: 'long', timeZone: 'UTC' }).format(date)

/** The last day of each of the `count` months from the month of `iso` ('YYYY-MM-DD'), with its month's name. */
function monthEnds(iso: string, count: number) {
  const [year = 0, month = 1] = iso.split('-').map(Number)
  return Array.from({ length: count }, (_, i) => {
    const end = new Date(Date.UTC(year, month - 1 + i + 1, 0))
    return { iso: end.toISOString().slice(0, 10), month: monthName(end) }
  })
}

/** `npm run jobs -- --until date`, as an operator types it: it asks the running e2e server (its data folder). */
function runJobsUntil(until: string) {
  const run = spawnSync('npm', ['run', 'jobs', '--', '--until', until], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  })
  expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0)
  expect(run.stdout).toContain('serveur en cours')
  return run.stdout
}

const addDays = (iso: string, days: number) => {
  const date = new Date(`${iso}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  return date.toISOString().slice(0, 10)
}

async function openSubscriptions(page: Page) {
  await page.getByRole('link', { name: /^Factures récurrentes/ }).click()
  await expect(page).toHaveURL(/\/app\/sales\/subscriptions$/)
  await expect(page.getByRole('heading', { name: 'Factures récurrentes' })).toBeVisible()
}

test('a monthly recurring invoice on the last day: created in the editor, its invoices made by the jobs, suspended and reactivated', async ({
  page,
}) => {
  const { iso: today } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('recurring'))
  await apiCustomer(page, {
    contactTypeId: 2,
    name: 'Jeanne Dupont',
    email: 'jeanne.dupont@client.fr',
  })

  await openSubscriptions(page)
  await page.getByRole('link', { name: 'Nouvelle facture récurrente' }).first().click()
  await expect(page).toHaveURL(/\/app\/sales\/subscriptions\/new$/)
  await page.getByRole('combobox', { name: 'Client', exact: true }).click()
  await page.getByRole('option', { name: 'Jeanne Dupont' }).first().click()
  await page.getByRole('textbox', { name: /^Titre/ }).fill('Maintenance {mois}')
  await page.getByRole('combobox', { name: 'Jour du mois' }).click()
  await page.getByRole('option', { name: 'Dernier jour' }).click()
  await page.getByRole('button', { name: 'Ajouter une ligne libre' }).click()
  const line = page.getByRole('group', { name: 'Ligne 1', exact: true })
  await line.getByRole('textbox', { name: 'Désignation' }).fill('Maintenance du site')
  await line.getByRole('textbox', { name: 'Prix unitaire HT' }).fill('250')
  await line.getByRole('textbox', { name: 'Prix unitaire HT' }).blur()

  // The calendar the server computes: the last day of each month from tomorrow on.
  const ends = monthEnds(addDays(today, 1), 4)
  const upcoming = page.getByRole('list', { name: 'Prochaines échéances' })
  await expect(upcoming).toContainText(String(Number(ends[1]?.iso.slice(8))))
  await expect(upcoming.getByRole('listitem').first()).toContainText(ends[0]?.month as string)

  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Enregistré avec succès.').first()).toBeVisible()
  await expect(page).toHaveURL(/\/app\/sales\/subscriptions\/\d+$/)
  const id = Number(/(\d+)$/.exec(page.url())?.[1])

  await openSubscriptions(page)
  const subscription = row(page, 'Maintenance {mois}')
  await expect(subscription).toContainText('tous les mois, le dernier jour')
  await expect(subscription).toContainText('Actif')
  await expect(subscription).toContainText('Jeanne Dupont')

  // Time moves forward through the jobs command (within the trial): one draft per month end, each with its own month.
  runJobsUntil(ends[1]?.iso as string)
  await page.getByRole('link', { name: 'Factures', exact: true }).click()
  for (const end of ends.slice(0, 2)) await expect(row(page, `Maintenance ${end.month}`)).toContainText('Brouillon')
  await expect(row(page, `Maintenance ${ends[2]?.month}`)).toHaveCount(0)
  const model = await apiGet<{ recurringParams: { generatedCount: number; nextOccurrence: string } }>(
    page,
    `/invoices/${id}`,
  )
  expect(model.recurringParams).toMatchObject({ generatedCount: 2, nextOccurrence: ends[2]?.iso })

  // Suspending asks for the acceptance first; while suspended the jobs make nothing.
  await openSubscriptions(page)
  await rowAction(page, 'Maintenance {mois}', 'Suspendre')
  const dialog = confirmation(page, 'Suspendre cette facture récurrente ?')
  await expect(dialog.getByRole('button', { name: 'Suspendre' })).toBeDisabled()
  await dialog.getByRole('checkbox').check()
  await dialog.getByRole('button', { name: 'Suspendre' }).click()
  await expect(page.getByText('Tu as suspendu ton abonnement avec succès.')).toBeVisible()
  await expect(subscription).toContainText('Suspendu')
  // Within the trial, whose end reactivating needs: signed up on a month's last day, the third month end is the
  // trial's last day (30 November → 28 February), and the jobs would end it.
  const { trialEndsAt } = await apiGet<{ trialEndsAt: string }>(page, '/organization')
  const trialLastDay = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(trialEndsAt))
  const suspendedUntil = [ends[2]?.iso as string, addDays(trialLastDay, -1)].sort()[0] as string
  runJobsUntil(suspendedUntil)
  const suspended = await apiGet<{ recurringParams: { generatedCount: number } }>(page, `/invoices/${id}`)
  expect(suspended.recurringParams.generatedCount).toBe(2)

  // Reactivated, it starts again from today: the month end missed while suspended is not made.
  await rowAction(page, 'Maintenance {mois}', 'Réactiver')
  await expect(page.getByText('Ta facture récurrente est de nouveau active.')).toBeVisible()
  await expect(subscription).toContainText('Actif')
})

test('the send option validates the invoice and e-mails it with its PDF; an invoice becomes a recurring one', async ({
  page,
}) => {
  const { iso: today } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('recurring-send'))
  const customer = await apiCustomer(page, {
    contactTypeId: 2,
    name: 'Paul Martin',
    email: 'paul.martin@client.fr',
  })
  const draft = await apiSend<{ id: number; name: string }>(page, 'post', '/invoices', {
    name: 'Coaching',
    datedAt: today,
    paymentLimit: 30,
    contactId: customer.id,
    lines: [{ name: 'Séance', type: 'SERVICE', quantity: '1', amount: '90', unitId: 1, taxId: 1 }],
  })
  await page.goto('/app/sales/invoices')
  await page.getByRole('button', { name: 'Actions pour Coaching', exact: true }).click()
  await page.getByRole('menuitem', { name: /^Créer une facture récurrente/ }).click()
  await expect(page).toHaveURL(/\/app\/sales\/subscriptions\/\d+$/)
  expect(Number(/(\d+)$/.exec(page.url())?.[1])).not.toBe(draft.id)

  // Every week on the day of tomorrow, validated and sent: the e-mail is ready with the customer's address.
  await page.getByRole('combobox', { name: 'Période', exact: true }).click()
  await page.getByRole('option', { name: 'semaine(s)' }).click()
  await page.getByRole('radio', { name: /Valider et envoyer/ }).check()
  await expect(page.getByRole('textbox', { name: 'Destinataires' })).toHaveValue('paul.martin@client.fr')
  await page.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(page.getByText('Enregistré avec succès.').first()).toBeVisible()

  runJobsUntil(addDays(today, 7))
  const mail = (await latestMailTo(page.request, 'paul.martin@client.fr')) as unknown as {
    subject: string
    attachments: { contentType: string }[]
  }
  expect(mail.subject).toMatch(/F-\d{4}-\d{4}/)
  expect(mail.attachments.map((attachment) => attachment.contentType)).toEqual(['application/pdf'])
  await page.goto('/app/sales/invoices')
  await expect(page.getByText(/F-\d{4}-0001/).first()).toBeVisible()
})

test('once the trial has ended, recurring invoices are locked with a star and an upsell', async ({ page }) => {
  const { iso: today } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('recurring-free'))
  await expect(page.getByRole('link', { name: /^Factures récurrentes/ })).toBeVisible()
  // The jobs end the trials whose end has passed by that date (three months after sign-up).
  runJobsUntil(addDays(today, 100))
  await page.reload()
  await openSubscriptions(page)
  await expect(page.getByText(/réservées aux formules Plus/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Nouvelle facture récurrente' })).toHaveCount(0)
  await page
    .getByRole('button', { name: 'Nouveau' })
    .or(page.getByRole('button', { name: /Créer/ }))
    .first()
    .isVisible()
})
