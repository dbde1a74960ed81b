import { RECEIPT_STATE_IDS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { SAMPLE_FILES, sendFiles } from '../../../../test/money'
import { receiptPhoto, scannedPdf } from '../../../../test/receipt-images'
import { vatPayer } from '../../../../test/sales'

// The upload waits for its readings here, however loaded the machine: what comes later is reading-later.test.ts's.
const ctx = useTestContext({
  now: () => new Date('2026-11-24T10:00:00Z'),
  config: { receiptReadingWaitMs: 25_000 },
})

/** A baker's ticket as it is printed, French amounts and accents included. */
const TICKET = [
  'BOULANGERIE DUPONT SARL',
  '12 rue de la Paix 75002 Paris',
  'Ticket n° 4821',
  'Date : 14/11/2026',
  'Pain aux céréales   3,20',
  'Croissants x4   5,60',
  'Total HT 8,34 €',
  'TVA 5,5 % 0,46 €',
  'Total TTC 8,80 €',
  'Merci de votre visite',
]

async function uploaded(client: Client, files: { name: string; bytes: Uint8Array }[]) {
  const response = await sendFiles(ctx.app, client, '/receipts', files)
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data as Record<string, unknown>[]
}

describe('receipts read by OCR (Tesseract, French, offline)', () => {
  it('reads a photographed ticket: date, totals and the supplier printed on it, kept as the proposed supplier', async () => {
    const { client } = await vatPayer(ctx.app)
    const [receipt] = await uploaded(client, [{ name: 'ticket.png', bytes: await receiptPhoto(TICKET) }])
    expect(receipt).toMatchObject({
      mimeType: 'image/png',
      datedAt: '2026-11-14',
      taxIncluded: '8.80',
      taxExcluded: '8.34',
      taxAmount: '0.46',
      supplierName: 'BOULANGERIE DUPONT SARL',
      // No contact of that name yet: proposed, made a supplier when the receipt is validated.
      contactId: null,
      reading: false,
      stateId: RECEIPT_STATE_IDS.PENDING,
    })
    // The supplier read is searched like the file's name.
    const found = json(await client.get('/receipts?filter[search]=dupont')).data as { id: number }[]
    expect(found.map((row) => row.id)).toEqual([receipt?.id])
  })

  it('reads a phone photo (a large JPEG) and links the supplier already known by the name printed on it', async () => {
    const { client } = await vatPayer(ctx.app)
    const known = await client.post('/contacts?relation=supplier', {
      contactTypeId: 2,
      name: 'Boulangerie Dupont SARL',
    })
    expect(known.statusCode, known.body).toBe(201)
    const photo = await receiptPhoto(TICKET, { format: 'jpeg', scale: 2.2 })
    const [receipt] = await uploaded(client, [{ name: 'IMG_2041.jpg', bytes: photo }])
    expect(receipt).toMatchObject({
      mimeType: 'image/jpeg',
      datedAt: '2026-11-14',
      taxIncluded: '8.80',
      contactId: json(known).data.id,
      contact: { name: 'Boulangerie Dupont SARL' },
    })
  })

  it('reads a scanned PDF, which has no text layer, from the picture of its page', async () => {
    const { client } = await vatPayer(ctx.app)
    const [receipt] = await uploaded(client, [{ name: 'scan.pdf', bytes: await scannedPdf(TICKET) }])
    expect(receipt).toMatchObject({
      mimeType: 'application/pdf',
      datedAt: '2026-11-14',
      taxIncluded: '8.80',
      taxExcluded: '8.34',
      supplierName: 'BOULANGERIE DUPONT SARL',
    })
  })

  it('keeps, unread, an image the OCR cannot decode, and the upload still answers', async () => {
    const { client } = await vatPayer(ctx.app)
    const [broken, ticket] = await uploaded(client, [
      { name: 'tronquee.png', bytes: SAMPLE_FILES.png },
      { name: 'ticket.png', bytes: await receiptPhoto(TICKET) },
    ])
    expect(broken).toMatchObject({ datedAt: null, taxIncluded: null, supplierName: null, reading: false })
    // The OCR goes on with the next image.
    expect(ticket).toMatchObject({ taxIncluded: '8.80' })
  })
})
