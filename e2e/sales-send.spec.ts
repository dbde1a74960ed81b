import { expect, test } from '@playwright/test'
import { latestMailTo, uniqueEmail } from './helpers'
import { apiCustomer, apiSend, parisToday, row, rowAction, signUpSubjectToVat } from './sales-helpers'

test('a validated invoice is e-mailed from its menu, then shared by a link that opens without an account', async ({
  page,
  browser,
}) => {
  const { iso: today } = parisToday()
  await signUpSubjectToVat(page, uniqueEmail('send'))
  // Setup through the API: a customer with an e-mail and a validated invoice.
  const customer = await apiCustomer(page, {
    contactTypeId: 2,
    name: 'Jeanne Dupont',
    email: 'jeanne.dupont@client.fr',
  })
  const draft = await apiSend<{ id: number }>(page, 'post', '/invoices', {
    name: 'Atelier {mois}',
    datedAt: today,
    paymentLimit: 30,
    contactId: customer.id,
    lines: [{ name: 'Atelier', type: 'SERVICE', quantity: '2', amount: '150', unitId: 1, taxId: 1 }],
  })
  const invoice = await apiSend<{ reference: string; name: string }>(page, 'post', `/invoices/${draft.id}/validate`)

  await page.goto('/app/sales/invoices')
  await rowAction(page, invoice.name, 'Envoyer par e-mail')
  const drawer = page.getByRole('dialog', { name: 'Envoyer par e-mail' })
  await expect(drawer.getByRole('textbox', { name: 'Destinataires' })).toHaveValue('jeanne.dupont@client.fr')
  // The subject names the document and its sender (issue 31).
  const subject = `Facture ${invoice.reference} d'Atelier Martin`
  await expect(drawer.getByRole('textbox', { name: 'Objet' })).toHaveValue(subject)
  await expect(drawer.getByRole('textbox', { name: 'Message' })).toHaveValue(new RegExp(invoice.reference))
  await expect(drawer.getByRole('checkbox', { name: 'Me mettre en copie' })).toBeChecked()

  // A bad Cc address is named under its field, by the same schema as the server's.
  await drawer.getByRole('button', { name: 'Cc', exact: true }).click()
  await drawer.getByRole('textbox', { name: 'Cc' }).fill('compta@client.fr; pas-une-adresse')
  await drawer.getByRole('button', { name: 'Envoyer' }).click()
  await expect(drawer.getByText("Le format de l'email « pas-une-adresse » est invalide")).toBeVisible()
  await drawer.getByRole('textbox', { name: 'Cc' }).fill('compta@client.fr')
  await drawer.getByRole('button', { name: 'Envoyer' }).click()

  await expect(page.getByText('Ton email a bien été envoyé.')).toBeVisible()
  await expect(drawer).toBeHidden()
  await expect(row(page, invoice.name)).toContainText('En attente')

  // Without SMTP_URL the message is kept in the development mailbox.
  const mail = (await latestMailTo(page.request, 'jeanne.dupont@client.fr')) as unknown as {
    subject: string
    text: string
    attachments: { filename: string; contentType: string }[]
  }
  expect(mail.subject).toBe(subject)
  expect(mail.text).toContain(invoice.reference)
  expect(mail.attachments).toEqual([{ filename: expect.stringMatching(/\.pdf$/), contentType: 'application/pdf' }])

  // The share link: copied with a toast, then opened by someone without an account.
  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/public-url$/.test(response.url()) && response.ok(),
  )
  await rowAction(page, invoice.name, 'Copier le lien de partage')
  const { data } = (await (await created).json()) as { data: { url: string } }
  await expect(page.getByText('Le lien de partage a été copié dans le presse-papier')).toBeVisible()

  const stranger = await browser.newContext()
  const visitor = await stranger.newPage()
  await visitor.goto(new URL(data.url).pathname)
  await expect(visitor.getByRole('heading', { name: `Facture n° ${invoice.reference}` })).toBeVisible()
  await expect(visitor.getByText('Jeanne Dupont')).toBeVisible()
  await expect(visitor.getByRole('table', { name: 'Totaux' })).toContainText('360,00')
  const download = visitor.waitForEvent('download')
  await visitor.getByRole('link', { name: 'Télécharger le PDF' }).click()
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/)

  // Disabled, the link says so.
  await rowAction(page, invoice.name, 'Désactiver le lien de partage')
  await expect(page.getByText('Le lien de partage a été désactivé.')).toBeVisible()
  await visitor.reload()
  await expect(visitor.getByRole('heading', { name: "Ce lien n'est plus valide." })).toBeVisible()
  await stranger.close()
})
