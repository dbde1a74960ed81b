import { deflateSync, inflateSync } from 'node:zlib'
import { expect, test } from '@playwright/test'
import { uniqueEmail } from './helpers'
import { apiCustomer, apiSend, parisToday, signUpSubjectToVat } from './sales-helpers'

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff
  for (const byte of bytes) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A plain RGB PNG of the given size: the logo to upload. */
function png(width: number, height: number) {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x33)])),
  )
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The PDF's content streams, inflated: where the drawing operators (colours) are. */
function inflatedStreams(pdf: Buffer) {
  const text = pdf.toString('latin1')
  const out: string[] = []
  for (const match of text.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length
    const end = text.indexOf('endstream', start)
    if (end < 0) continue
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'))
    } catch {
      // Not a deflated stream (an image, a font): skipped.
    }
  }
  return out.join('\n')
}

test('the branding page saves a logo, a colour and a font, and the next invoice PDF carries them', async ({ page }) => {
  await signUpSubjectToVat(page, uniqueEmail('branding'))

  await page.goto('/app/setting/sales')
  await page
    .getByRole('link', { name: /Apparence des documents/ })
    .first()
    .click()
  await expect(page).toHaveURL(/\/app\/setting\/sales\/branding$/)
  await expect(page.getByRole('heading', { name: 'Apparence des documents' })).toBeVisible()

  // A wrong file is refused on drop with the spec's message; a real png is saved at once.
  const logo = page.getByRole('group', { name: 'Logo' })
  await logo
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') })
  await expect(logo.getByText("Le fichier n°1 n'est pas valide ! (Formats acceptés: png, jpeg)")).toBeVisible()
  await logo
    .locator('input[type="file"]')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(120, 60) })
  await expect(page.getByText('Enregistré avec succès.').first()).toBeVisible()
  await expect(logo.getByRole('img', { name: 'Logo actuel' })).toBeVisible()

  // Colour from the palette, font from the list, then "Enregistrer".
  await page.getByRole('radio', { name: '#b91c1c' }).click()
  await page.getByRole('radio', { name: 'Merriweather' }).check()
  await expect(page.getByRole('textbox', { name: /Couleur personnalisée/ })).toHaveValue('#b91c1c')
  await page.getByRole('button', { name: 'Enregistrer', exact: true }).click()
  await expect(page.getByText('Tout est enregistré').or(page.getByText(/Dernière mise à jour/))).toBeVisible()

  // After a reload the choices are still there.
  await page.reload()
  await expect(page.getByRole('textbox', { name: /Couleur personnalisée/ })).toHaveValue('#b91c1c')
  await expect(page.getByRole('radio', { name: 'Merriweather' })).toBeChecked()

  // The next invoice's PDF: the font embedded, the logo drawn (a 120x60 image), the colour in its drawing.
  const customer = await apiCustomer(page, {
    contactTypeId: 2,
    name: 'Jeanne Dupont',
  })
  const invoice = await apiSend<{ id: number }>(page, 'post', '/invoices', {
    name: 'Atelier photo',
    datedAt: parisToday().iso,
    paymentLimit: 30,
    contactId: customer.id,
    lines: [{ name: 'Atelier', type: 'SERVICE', quantity: '1', amount: '300', unitId: 1, taxId: 1 }],
  })
  const response = await page.request.get(`/api/v1/invoices/${invoice.id}/pdf`)
  expect(response.status()).toBe(200)
  const pdf = await response.body()
  const text = pdf.toString('latin1')
  expect(text).toContain('Merriweather')
  expect(text).toMatch(/\/Width 120\b/)
  expect(text).toMatch(/\/Height 60\b/)
  // #b91c1c: 185/255, 28/255, 28/255 as the fill colour of the title, labels and table head.
  expect(inflatedStreams(pdf)).toMatch(/0\.72549\d* 0\.10980\d* 0\.10980\d* (rg|scn)\b/)
})
