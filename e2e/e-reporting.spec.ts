import { expect, type Page, test } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import { uniqueEmail } from './helpers'
import { apiSend, apiValidatedInvoice, parisToday, signUpSubjectToVat } from './sales-helpers'

/**
 * E-reporting as a user lives it, against the stand-in plateforme agréée: a sale to a private customer dated in a
 * decade that is over shows on the page as a period to transmit, its figures are there before sending, « Transmettre »
 * sends the file, and the transmission is kept with the file sent.
 */

const PA = process.env.E2E_PA_ORIGIN as string

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

/** A code of a step later than `after` (the server never takes the same step twice). */
async function codeAfter(secret: string, after: number): Promise<{ code: string; step: number }> {
  while (TOTP.counter() <= after) await new Promise((resolve) => setTimeout(resolve, 500))
  return { code: TOTP.generate({ secret: Secret.fromBase32(secret) }), step: TOTP.counter() }
}

/** The owner links the stand-in PA through the API (the settings page is e-invoicing.spec.ts's journey). */
async function linkPa(page: Page, siren: string) {
  const seller = { clientId: `carnet-${siren}`, clientSecret: `secret-${siren}` }
  const registered = await page.request.post(`${PA}/_control/clients`, {
    data: { ...seller, siren, name: 'Atelier Camille' },
  })
  expect(registered.ok(), await registered.text()).toBe(true)
  const enrolment = await apiSend<{ secret: string }>(page, 'post', '/me/two-factor/enrolment')
  const first = await codeAfter(enrolment.secret, -1)
  await apiSend(page, 'post', '/me/two-factor/confirmation', { code: first.code })
  const second = await codeAfter(enrolment.secret, first.step)
  const linked = await page.request.put('/api/v1/e-invoicing/connection', {
    data: {
      flowUrl: `${PA}/flow-service`,
      directoryUrl: `${PA}/directory-service`,
      tokenUrl: `${PA}/oauth/token`,
      ...seller,
      code: second.code,
    },
    headers: { 'X-Requested-With': 'fetch' },
  })
  expect(linked.ok(), await linked.text()).toBe(true)
}

/** The day `days` before today (Paris), as YYYY-MM-DD. */
function daysAgo(days: number) {
  const date = new Date(`${parisToday().iso}T12:00:00Z`)
  date.setUTCDate(date.getUTCDate() - days)
  return date.toISOString().slice(0, 10)
}

test('a B2C sale of an ended decade is shown with its figures, transmitted to the PA, and its file kept', async ({
  page,
}) => {
  // One 30-second code step to link the PA, on a shared machine.
  test.setTimeout(240_000)
  const siren = randomSiren()
  await signUpSubjectToVat(page, uniqueEmail('e-reporting'))
  await apiSend(page, 'patch', '/organization', { registrySiren: siren, registryIntra: vatNumberOf(siren) })
  await linkPa(page, siren)
  // Fifteen days back: its decade (réel normal mensuel) is over whatever today is.
  const soldOn = daysAgo(15)
  await apiValidatedInvoice(page, {
    customer: 'Camille Dupont',
    name: 'Atelier photo',
    amountHt: '250',
    datedAt: soldOn,
  })

  await page.goto('/app/reports/e-reporting')
  await expect(page.getByRole('heading', { name: 'E-reporting', level: 1 })).toBeVisible()
  await expect(page.getByText(/Réel normal mensuel/)).toBeVisible()
  const day = Number(soldOn.slice(8, 10))
  const decadeStart = day <= 10 ? 1 : day <= 20 ? 11 : 21
  const view = page.getByRole('button', { name: new RegExp(`^Voir : Transactions du ${decadeStart} `) }).first()
  await view.click()

  const drawer = page.getByRole('dialog', { name: new RegExp(`^Transactions du ${decadeStart} `) })
  await expect(drawer.getByText('Prestations de services').first()).toBeVisible()
  await expect(drawer.getByText('250,00 €').first()).toBeVisible()
  await drawer.getByRole('button', { name: 'Transmettre' }).click()
  const confirm = page.getByRole('dialog', { name: 'Transmettre cette période ?' })
  await confirm.getByRole('button', { name: 'Transmettre' }).click()
  await expect(page.getByText('Données transmises à ta plateforme agréée.')).toBeVisible()
  await expect(drawer.getByRole('button', { name: 'Transmettre' })).toBeHidden()
  const sent = drawer.getByRole('list', { name: 'Transmissions' })
  await expect(sent.getByText(/En attente d'accusé|Acceptée/)).toBeVisible()

  const download = page.waitForEvent('download')
  await sent.getByRole('button', { name: /^Télécharger le fichier envoyé/ }).click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(new RegExp(`^e-reporting-${siren}-transactions-.+\\.xml$`))

  // The stand-in PA received one e-reporting flow from this company.
  const flows = await page.request.get(`${PA}/_control/flows?clientId=carnet-${siren}`)
  expect(flows.ok()).toBe(true)
  const received = (await flows.json()) as { flowSyntax: string }[]
  expect(received.filter((flow) => flow.flowSyntax === 'FRR')).toHaveLength(1)

  // On a phone the page, drawer open, does not scroll sideways once it has laid itself out again.
  await page.setViewportSize({ width: 390, height: 800 })
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { timeout: 15_000 })
    .toBeLessThanOrEqual(0)
})
