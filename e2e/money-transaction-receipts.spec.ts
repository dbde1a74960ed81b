import { expect, type Page, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import { apiSend, parisToday, signUpSubjectToVat } from './sales-helpers'

/** A minimal valid PDF: the server tells a receipt's type by its first bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')
const FILE = 'facture-papeterie.pdf'

/** The receipt's id, as the receipts list has it. */
async function receiptId(page: Page, name: string) {
  const response = await page.request.get('/api/v1/receipts?pageSize=100')
  const { data } = (await response.json()) as { data: { id: number; name: string }[] }
  const found = data.find((entry) => entry.name === name)
  expect(found, `receipt ${name}`).toBeTruthy()
  return found?.id as number
}

test('a transaction’s receipts: uploaded from its drawer, detached, validated and attached again; no longer to justify', async ({
  page,
}) => {
  await signUpSubjectToVat(page, uniqueEmail('receipts'))
  const account = await apiSend<{ id: number }>(page, 'post', '/journals', { name: 'Compte pro', journalTypeId: 1 })
  const created = await apiSend<{ id: number; name: string }>(page, 'post', '/transactions', {
    journalId: account.id,
    name: 'Papeterie du centre',
    datedAt: parisToday().iso,
    amount: '-120.00',
  })

  // Nothing justifies it yet: it is among those to justify, and opens from there.
  await page.goto('/app/financial/bank')
  await page.getByRole('tab', { name: 'À justifier' }).click()
  await expect(page).toHaveURL(/toJustify=true/)
  // The address changes before the page renders its tab (a transition): the row opened must keep the tab.
  await expect(page.getByRole('tab', { name: 'À justifier', selected: true })).toBeVisible()
  await page.getByRole('button', { name: `Ouvrir ${created.name}` }).click()
  const detail = page.getByRole('dialog', { name: created.name })
  const panel = detail.getByRole('region', { name: 'Justificatifs' })
  await expect(panel.getByText('Il n’y a aucun justificatif associé.')).toBeVisible()

  // Money going out, nothing attached: the drawer opens on the receipts; a PDF imported is attached at once.
  await panel.getByRole('button', { name: 'Ajouter un justificatif' }).click()
  const attach = page.getByRole('dialog', { name: 'Ajouter un justificatif' })
  await expect(attach.getByRole('tab', { name: "Factures d'achat et notes de frais", selected: true })).toBeVisible()
  await expect(attach.getByText('Tu n’as importé aucun reçu')).toBeVisible()
  await expect(attach.getByRole('button', { name: 'Associer' })).toBeDisabled()
  await attach.getByRole('tab', { name: 'Importer' }).click()
  await attach.getByLabel('Choisir des justificatifs').setInputFiles({
    name: FILE,
    mimeType: 'application/pdf',
    buffer: PDF,
  })
  await expect(page.getByText('Justificatif associé avec succès !').first()).toBeVisible()
  await expect(attach.getByRole('tab', { name: 'Associés (1)', selected: true })).toBeVisible()
  await expect(attach.getByRole('listitem', { name: FILE })).toBeVisible()
  await attach.getByRole('button', { name: 'Fermer' }).click()
  await expect(attach).toBeHidden()

  // In the panel: the file to download, still to process.
  const row = panel.getByRole('listitem', { name: FILE })
  await expect(row.getByText('À traiter')).toBeVisible()
  const download = await page.request.get(
    (await row.getByRole('link', { name: `Télécharger ${FILE}` }).getAttribute('href')) as string,
  )
  expect(download.headers()['content-type']).toBe('application/pdf')
  expect((await download.body()).subarray(0, 8).toString()).toBe('%PDF-1.4')

  // Detached: the panel is empty again.
  await row.getByRole('button', { name: `Dissocier ${FILE}` }).click()
  await expect(page.getByText('Justificatif dissocié.').first()).toBeVisible()
  await expect(panel.getByText('Il n’y a aucun justificatif associé.')).toBeVisible()

  // Validated through the API (dated, 120,00 € TTC): it is offered to associate, of the transaction's amount.
  const id = await receiptId(page, FILE)
  await apiSend(page, 'patch', `/receipts/${id}`, { datedAt: parisToday().iso, taxIncluded: '120.00', stateId: 3 })
  await panel.getByRole('button', { name: 'Ajouter un justificatif' }).click()
  await expect(attach.getByRole('tab', { name: "Factures d'achat et notes de frais", selected: true })).toBeVisible()
  const offered = attach.getByRole('listitem', { name: FILE })
  await expect(offered.getByText('Même montant')).toBeVisible()
  await expect(offered.getByText('120,00 €')).toBeVisible()
  await offered.getByRole('checkbox', { name: `Choisir ${FILE}` }).check()
  await attach.getByRole('button', { name: 'Associer' }).click()
  await expect(attach.getByRole('tab', { name: 'Associés (1)', selected: true })).toBeVisible()
  await attach.getByRole('button', { name: 'Fermer' }).click()
  await expect(panel.getByRole('listitem', { name: FILE }).getByText('120,00 €')).toBeVisible()

  const stored = await page.request.get(`/api/v1/transactions/${created.id}`)
  const { data } = (await stored.json()) as { data: { receipts: { id: number }[]; hasNoReceipt: boolean } }
  expect(data.receipts.map((receipt) => receipt.id)).toEqual([id])

  // Justified: no longer under "À justifier".
  await detail.getByRole('button', { name: 'Fermer' }).first().click()
  await expect(detail).toBeHidden()
  await expect(page).toHaveURL(/toJustify=true/)
  await expect(page.getByRole('button', { name: `Ouvrir ${created.name}` })).toHaveCount(0)
  await page.getByRole('tab', { name: 'Toutes' }).click()
  await expect(page.getByRole('button', { name: `Ouvrir ${created.name}` })).toBeVisible()
})
