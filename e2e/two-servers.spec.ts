import { expect, test } from '@playwright/test'
import { choose, latestMailTo, PASSWORD, signUpThroughPages, uniqueEmail } from './helpers'
import { apiCustomer, apiSend } from './sales-helpers'

/**
 * Two `npm start` on one PostgreSQL database, as behind a load balancer (decision 0027): what a collaborator does
 * through one process reaches, live, the owner's page served by the other. Runs when the run has a PostgreSQL
 * (E2E_DATABASE_URL, which `npm test` passes on from DATABASE_URL); CI always has one.
 */
const base = Number(process.env.E2E_PORT)
const serverA = `http://127.0.0.1:${base + 4}`
const serverB = `http://127.0.0.1:${base + 5}`

test.skip(!process.env.E2E_PG_URL && !process.env.CI, 'no PostgreSQL for this run (E2E_DATABASE_URL)')

test('a comment made through one server process rings, live, the bell of the owner served by the other', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const ownerContext = await browser.newContext({ baseURL: serverA })
  const owner = await ownerContext.newPage()
  await signUpThroughPages(owner, uniqueEmail('live-owner'), 'Alix')

  // The owner invites a collaborator, on server A.
  const invitee = uniqueEmail('live-collaborator')
  await owner.goto('/app/setting/collaborators')
  await owner.getByRole('textbox', { name: 'E-mail' }).fill(invitee)
  await choose(owner, 'Rôle', 'Collaborateur')
  await owner.getByRole('button', { name: "Envoyer l'invitation" }).click()
  await expect(owner.getByText('Invitation envoyée !')).toBeVisible()
  const customer = await apiCustomer(owner, {
    contactTypeId: 2,
    name: 'Client du direct',
  })
  const invoice = await apiSend<{ id: number }>(owner, 'post', '/invoices', {
    name: 'Prestation en direct',
    contactId: customer.id,
    datedAt: '2026-11-02',
    paymentLimit: 30,
    lines: [{ name: 'Conseil', type: 'SERVICE', quantity: '1', amount: '100', unitId: 1, taxId: 1 }],
  })
  await owner.goto('/app')
  const bell = owner.getByRole('button', { name: /^Notifications/ })
  await expect(bell).toHaveAccessibleName('Notifications')

  // The collaborator joins from the e-mailed link, on server B.
  const collaboratorContext = await browser.newContext({ baseURL: serverB })
  const collaborator = await collaboratorContext.newPage()
  const mail = await latestMailTo(collaborator.request, invitee)
  const link = new URL(/(https?:\/\/\S+\/auth\/invitation\?token=\S+)/.exec(mail.text)?.[1] ?? '')
  await collaborator.goto(link.pathname + link.search)
  await collaborator.getByRole('link', { name: 'Créer un compte' }).click()
  await collaborator.getByRole('textbox', { name: /^Prénom/ }).fill('Sacha')
  await collaborator.getByRole('textbox', { name: /^Nom/ }).fill('Durand')
  await collaborator.getByLabel(/^Mot de passe/).fill(PASSWORD)
  await collaborator.getByLabel(/^Confirmation/).fill(PASSWORD)
  await collaborator.getByRole('button', { name: 'Créer mon compte' }).click()
  await collaborator.getByRole('button', { name: "Accepter l'invitation" }).click()
  await expect(collaborator).toHaveURL(/\/app$/)

  // Server B records the comment; server A's stream brings it to the owner's open page, without a reload.
  await apiSend(collaborator, 'post', `/invoices/${invoice.id}/comments`, {
    comment: 'Vu avec le client',
    isPublic: false,
  })
  await expect(bell).toHaveAccessibleName('Notifications (1)', { timeout: 20_000 })
  // The dashboard's block lists it too, as a link; the panel holds it as a button.
  await expect(owner.getByRole('link', { name: /^Sacha Durand a commenté/ })).toBeVisible()
  await bell.click()
  await expect(owner.getByRole('button', { name: /^Sacha Durand a commenté/ })).toBeVisible()

  await collaboratorContext.close()
  await ownerContext.close()
})
