import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { uniqueEmail } from './helpers'
import { apiCustomer, apiGet, apiSend, parisToday, row, signUpSubjectToVat } from './sales-helpers'

/**
 * The e-invoicing network as a user lives it, against the stand-in plateforme agréée (e2e/fake-pa-api.mjs): the
 * owner links the organisation with a code of their second factor, a customer found in the directory gets its
 * invoice through the PA, the buyer's refusal comes back by webhook to the invoice's timeline, and a supplier's
 * e-invoice arrives among the receipts, where the user approves it.
 */

const PA = process.env.E2E_PA_ORIGIN as string

/** A SIREN with a valid Luhn key, different for each run and journey. */
function randomSiren(): string {
  for (;;) {
    const digits = String(100_000_000 + Math.floor(Math.random() * 800_000_000))
    const sum = [...digits].reverse().reduce((total, char, index) => {
      const doubled = index % 2 === 1 ? Number(char) * 2 : Number(char)
      return total + (doubled > 9 ? doubled - 9 : doubled)
    }, 0)
    if (sum % 10 === 0) return digits
  }
}

const vatNumberOf = (siren: string) => `FR${String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, '0')}${siren}`

async function control<T>(page: Page, path: string, data?: unknown): Promise<T> {
  const response =
    data === undefined ? await page.request.get(`${PA}${path}`) : await page.request.post(`${PA}${path}`, { data })
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true)
  return (await response.json().catch(() => ({}))) as T
}

/** A code of a step later than `after` (the server never takes the same step twice). */
async function codeAfter(secret: string, after: number): Promise<{ code: string; step: number }> {
  while (TOTP.counter() <= after) await new Promise((resolve) => setTimeout(resolve, 500))
  return { code: TOTP.generate({ secret: Secret.fromBase32(secret) }), step: TOTP.counter() }
}

type Flow = { flowId: string; clientId: string; flowType: string; flowDirection: string; name: string }

test('an owner links the PA with their code; an invoice travels to a customer of the directory, is refused with its reason; a supplier invoice arrives and is approved', async ({
  page,
}) => {
  // Two 30-second code steps, the outbox's 15-second round and the PA's webhooks, on a shared machine.
  test.setTimeout(300_000)
  const siren = randomSiren()
  const buyerSiren = randomSiren()
  const seller = { clientId: `carnet-${siren}`, clientSecret: `secret-${siren}` }
  await signUpSubjectToVat(page, uniqueEmail('e-invoicing'))
  await apiSend(page, 'patch', '/organization', { registrySiren: siren, registryIntra: vatNumberOf(siren) })
  await control(page, '/_control/clients', { ...seller, siren, name: 'Atelier Camille' })
  await control(page, '/_control/clients', {
    clientId: `buyer-${buyerSiren}`,
    clientSecret: 'buyer-secret',
    siren: buyerSiren,
    name: 'Brasserie du Port',
  })

  // The second factor first, through the API as the profile does it; the page then asks a code of it.
  const enrolment = await apiSend<{ secret: string }>(page, 'post', '/me/two-factor/enrolment')
  const first = await codeAfter(enrolment.secret, -1)
  await apiSend(page, 'post', '/me/two-factor/confirmation', { code: first.code })

  await page.goto('/app/setting/e-invoicing')
  await expect(page.getByRole('heading', { name: 'Pourquoi relier une plateforme agréée ?' })).toBeVisible()
  await page.getByLabel('Adresse du service Flow').fill(`${PA}/flow-service`)
  await page.getByLabel('Adresse du service Annuaire').fill(`${PA}/directory-service`)
  await page.getByLabel('Adresse des jetons (OAuth2)').fill(`${PA}/oauth/token`)
  await page.getByLabel('Identifiant client (client_id)').fill(seller.clientId)
  await page.getByLabel('Secret client (client_secret)').fill(seller.clientSecret)
  await page.getByRole('button', { name: 'Relier la plateforme' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirme avec ta double authentification' })
  const second = await codeAfter(enrolment.secret, first.step)
  await confirm.getByRole('textbox').fill(second.code)
  await confirm.getByRole('button', { name: 'Relier' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('button', { name: 'Tester la connexion' })).toBeVisible()
  await expect(page.getByText(siren).first()).toBeVisible()
  // Nothing secret in what the page was given.
  const connection = await apiGet<Record<string, unknown>>(page, '/e-invoicing/connection')
  expect(JSON.stringify(connection)).not.toContain(seller.clientSecret)
  await page.getByRole('button', { name: 'Tester la connexion' }).click()
  await expect(page.getByText('La plateforme agréée répond').first()).toBeVisible()

  // Typing a company's SIREN in the customer form asks the directory at once.
  await page.goto('/app/sales/customers')
  await page.getByRole('button', { name: 'Nouveau client' }).click()
  const form = page.getByRole('dialog', { name: 'Nouveau client' })
  await form.getByRole('textbox', { name: /^SIREN ou SIRET/ }).fill(buyerSiren)
  await expect(
    form.getByText(`Reçoit les factures électroniques à l'adresse ${buyerSiren}`, { exact: false }),
  ).toBeVisible()
  await page.keyboard.press('Escape')

  // A company customer of the directory: its drawer says it receives e-invoices.
  const customer = await apiCustomer(page, {
    contactTypeId: 1,
    name: 'Brasserie du Port',
    registrySiren: buyerSiren,
    intracommunityTaxNumber: vatNumberOf(buyerSiren),
  })
  const stored = await apiGet<{ eInvoicing: { reachable: boolean } | null }>(page, `/contacts/${customer.id}`)
  expect(stored.eInvoicing?.reachable).toBe(true)

  const draft = await apiSend<{ id: number }>(page, 'post', '/invoices', {
    name: 'Prestation de conseil',
    contactId: customer.id,
    datedAt: parisToday().iso,
    paymentLimit: 30,
    lines: [{ name: 'Conseil', type: 'SERVICE', quantity: '1', amount: '800.00', unitId: 1, taxId: 1 }],
  })
  await apiSend(page, 'post', `/invoices/${draft.id}/validate`)

  // The outbox sends it within its round; the PA routes it to the buyer and tells the seller by webhook.
  let sent: Flow | undefined
  await expect
    .poll(
      async () => {
        const data = await control<Flow[]>(page, `/_control/flows?clientId=${seller.clientId}`)
        sent = data.find((flow) => flow.flowType === 'CustomerInvoice' && flow.flowDirection === 'Out')
        return Boolean(sent)
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(true)
  await page.goto('/app/sales/invoices')
  await row(page, 'Prestation de conseil').click()
  const drawer = page.getByRole('dialog', { name: 'Prestation de conseil' })
  const section = drawer.getByRole('region', { name: 'Facture électronique' })
  await expect(section.getByText('Mise à disposition').first()).toBeVisible({ timeout: 30_000 })

  // The buyer refuses it, with a reason of the code list: the timeline says why, and what to do.
  await control(page, `/_control/flows/${sent?.flowId}/statuses`, {
    status: 210,
    reasonCode: 'TX_TVA_ERR',
    actionCode: 'CNF',
  })
  // The drawer stays open across a reload (its address says which invoice).
  await page.reload()
  await expect(section.getByText('Refusée').first()).toBeVisible({ timeout: 30_000 })
  await expect(section.getByText('Taux de TVA erroné')).toBeVisible()
  await expect(section.getByText(/Émettre un avoir total/)).toBeVisible()

  // A supplier's e-invoice (Factur-X) dropped in the organisation's inbox lands among the receipts.
  const facturX = readFileSync(
    new URL('../test-kits/factur-x/examples/valid/FX_F20260023_EN16931.pdf', import.meta.url),
  )
  await control(page, '/_control/inbox', {
    clientId: seller.clientId,
    syntax: 'Factur-X',
    fileBase64: facturX.toString('base64'),
    name: 'facture-fournisseur.pdf',
  })
  let received: { id: number; name: string } | undefined
  await expect
    .poll(
      async () => {
        const { data } = (await (await page.request.get('/api/v1/receipts?pageSize=100')).json()) as {
          data: { id: number; name: string; eInvoicing: unknown }[]
        }
        received = data.find((receipt) => receipt.eInvoicing !== null)
        return Boolean(received)
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(true)

  // Approved from its drawer: the supplier's platform gets the status.
  await page.goto('/app/purchase/receipts')
  await page.getByRole('button', { name: received?.name, exact: true }).click()
  const preview = page.getByRole('dialog', { name: received?.name })
  await preview
    .getByRole('group', { name: 'Réponses au fournisseur' })
    .getByRole('button', { name: 'Approuver', exact: true })
    .click()
  const answer = page.getByRole('dialog', { name: 'Approuver la facture' })
  await answer
    .getByRole('button', { name: /Approuver|Envoyer/ })
    .last()
    .click()
  await expect(answer).toBeHidden()
  await expect(preview.getByText('Approuvée').first()).toBeVisible()
  await expect
    .poll(
      async () => {
        const data = await control<Flow[]>(page, `/_control/flows?clientId=${seller.clientId}`)
        return data.some((flow) => flow.flowType === 'SupplierInvoiceLC' && flow.flowDirection === 'Out')
      },
      { timeout: 60_000, intervals: [2_000] },
    )
    .toBe(true)
})
