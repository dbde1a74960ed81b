import { expect, test } from '@playwright/test'
import { signUpThroughPages, uniqueEmail } from './helpers'
import { apiSend, completeLegalInfo, invoicePaidByTransfer, parisToday } from './sales-helpers'

const PHONE = 191 // 626 Frais postaux et de télécommunications

test('a liberal micro-entrepreneur paid 45,000 € with high charges is told once of the ceilings crossed and of what the réel would save', async ({
  page,
}) => {
  // Sign-up as a micro-entrepreneur in "Information et communication", a liberal activity, on its trial.
  await signUpThroughPages(page, uniqueEmail('alerts'))
  await completeLegalInfo(page, { taxFree: true })

  // Setup through the API: an invoice of 45,000 € paid by a transfer today, and 18,000 € of charges. Before the 90th
  // day of the year the comparison reads last year's figures: the journey then dates them in last December.
  const { iso, year } = parisToday()
  const dayOfYear = (Date.parse(iso) - Date.parse(`${year}-01-01`)) / 86_400_000 + 1
  const projected = dayOfYear >= 90
  const today = projected ? iso : `${Number(year) - 1}-12-15`
  const { bankId } = await invoicePaidByTransfer(page, {
    customer: 'Jeanne Dupont',
    name: 'Mission de l’année',
    amountHt: '45000',
    received: '45000',
    datedAt: today,
  })
  await apiSend(page, 'post', '/transactions', {
    journalId: bankId,
    name: 'SOUS-TRAITANCE',
    datedAt: today,
    amount: '-18000',
    allocations: [{ name: 'Sous-traitance', amount: '-18000', accountingEntryId: PHONE }],
  })

  // The dashboard pops the unchecked alerts up once: the VAT franchise crossed, and the comparison.
  await page.goto('/app')
  const modal = page.getByRole('dialog', { name: 'Tes seuils de chiffre d’affaires' })
  await expect(modal).toBeVisible()
  if (projected)
    await expect(modal.getByText('Tu as dépassé le seuil majoré de la franchise en base de TVA')).toBeVisible()
  const title = /^Le régime réel te ferait économiser environ .+ de cotisations par an$/
  await expect(modal.getByText(title)).toBeVisible()
  await modal.getByRole('button', { name: 'J’ai compris' }).click()
  await expect(modal).toBeHidden()

  // The "Alertes" tab shows what the comparison rests on: both regimes' contributions and the saving.
  await page.getByRole('tab', { name: 'Alertes' }).click()
  const card = page.getByRole('table', { name: 'Comparer les régimes' })
  await expect(card).toBeVisible()
  await expect(
    page.getByText(
      `Micro-entreprise · Activité libérale · ${projected ? `Projeté sur l’année ${year}` : Number(year) - 1}`,
    ),
  ).toBeVisible()
  for (const label of [
    'Chiffre d’affaires encaissé',
    'Charges',
    'Bénéfice avant impôt',
    'Cotisations en micro-entreprise',
    'Cotisations au régime réel',
    'Économie par an',
  ])
    await expect(card.getByRole('cell', { name: label, exact: true })).toBeVisible()

  // Acknowledged: it does not pop up again.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Bonjour Camille !' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Commercial' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Tes seuils de chiffre d’affaires' })).toBeHidden()
})
