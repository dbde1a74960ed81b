import { messages, RECEIPT_STATE_IDS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { sendFiles, textPdf } from '../../../../test/money'
import { receiptPhoto } from '../../../../test/receipt-images'
import { vatPayer } from '../../../../test/sales'
import { recognizeText } from './ocr'

// No wait at all: every reading outlasts the upload, as a slow photo does on a busy server.
const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z'), config: { receiptReadingWaitMs: 0 } })

const TICKET = [
  'GARAGE MARTIN SARL',
  'Facture n° G-2026-77',
  'Date : 18/11/2026',
  'Total HT 100,00 €',
  'Total TTC 120,00 €',
]

type Receipt = Record<string, unknown> & { id: number; reading: boolean }

async function uploaded(client: Client, files: { name: string; bytes: Uint8Array }[]) {
  const response = await sendFiles(ctx.app, client, '/receipts', files)
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data as Receipt[]
}

/** The receipt once its reading has ended, as the editor sees it when it asks again. */
async function whenRead(client: Client, id: number): Promise<Receipt> {
  for (let attempt = 0; attempt < 250; attempt++) {
    const receipt = json(await client.get(`/receipts/${id}`)).data as Receipt
    if (!receipt.reading) return receipt
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`receipt ${id} still being read`)
}

describe('a reading that outlasts the upload', () => {
  it('answers at once with the receipt "being read", whose fields fill in when the OCR ends', async () => {
    const { client } = await vatPayer(ctx.app)
    const [receipt] = await uploaded(client, [{ name: 'garage.png', bytes: await receiptPhoto(TICKET) }])
    expect(receipt).toMatchObject({ reading: true, datedAt: null, taxIncluded: null, supplierName: null })
    const read = await whenRead(client, receipt?.id as number)
    expect(read).toMatchObject({
      reading: false,
      datedAt: '2026-11-18',
      taxExcluded: '100.00',
      taxAmount: '20.00',
      taxIncluded: '120.00',
      reference: 'G-2026-77',
      supplierName: 'GARAGE MARTIN SARL',
      stateId: RECEIPT_STATE_IDS.PENDING,
    })
    // Found by what was read, like a receipt read at once.
    const found = json(await client.get('/receipts?filter[search]=g-2026-77')).data as { id: number }[]
    expect(found.map((row) => row.id)).toEqual([receipt?.id])
  })

  it('never overwrites what the person saved before the reading ended', async () => {
    const { client } = await vatPayer(ctx.app)
    // An image ahead in the OCR's queue: the receipt's own reading cannot end before the save below.
    const ahead = recognizeText(await receiptPhoto([...TICKET, ...TICKET, ...TICKET], { scale: 1.5 }))
    const [receipt] = await uploaded(client, [{ name: 'garage.png', bytes: await receiptPhoto(TICKET) }])
    const saved = await client.patch(`/receipts/${receipt?.id}`, { description: 'Révision', taxIncluded: '99' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(json(saved).data.reading).toBe(true)
    await ahead
    expect(await whenRead(client, receipt?.id as number)).toMatchObject({
      description: 'Révision',
      taxIncluded: '99.00',
      datedAt: null,
      supplierName: null,
    })
  })

  it('still reads a text PDF and refuses an XML that is no e-invoice before answering', async () => {
    const { client } = await vatPayer(ctx.app)
    const xml = new TextEncoder().encode('<?xml version="1.0"?><rss><channel/></rss>')
    const refused = await sendFiles(ctx.app, client, '/receipts', [
      { name: 'facture.pdf', bytes: await textPdf(TICKET) },
      { name: 'flux.xml', bytes: xml },
    ])
    expect(refused.statusCode).toBe(415)
    expect(json(refused).message).toBe(messages.files.invalidFormat(2, 'png, jpg, jpeg, pdf, xml'))
    expect(json(await client.get('/receipts')).meta.total).toBe(0)
    // A text layer takes milliseconds, yet with no wait it too is filled in after the answer.
    const [pdf] = await uploaded(client, [{ name: 'facture.pdf', bytes: await textPdf(TICKET) }])
    expect(await whenRead(client, pdf?.id as number)).toMatchObject({ taxIncluded: '120.00' })
  })
})
