import { messages, RECEIPT_STATE_IDS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { bankAccount, SAMPLE_FILES, sendFiles, textPdf, transaction } from '../../../../test/money'
import { createCustomer, vatPayer } from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })
const m = messages.receipts

const upload = (client: Client, files: { name: string; bytes: Uint8Array }[], text: Record<string, string> = {}) =>
  sendFiles(ctx.app, client, '/receipts', files, text)

async function uploaded(client: Client, files: { name: string; bytes: Uint8Array }[]) {
  const response = await upload(client, files)
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data as { id: number; name: string; badge: string; extension: string }[]
}

describe('receipts', () => {
  it('keeps uploaded files told by their bytes, lists them to process, downloads them with the right extension', async () => {
    const { client } = await vatPayer(ctx.app)
    const [pdf, png] = await uploaded(client, [
      { name: 'Facture OVH novembre.pdf', bytes: SAMPLE_FILES.pdf },
      // A PNG whose name says JPEG: the bytes decide.
      { name: 'ticket.jpeg', bytes: SAMPLE_FILES.png },
    ])
    expect(pdf).toMatchObject({ name: 'Facture OVH novembre.pdf', extension: 'pdf', badge: 'toProcess' })
    expect(png).toMatchObject({ extension: 'png', mimeType: 'image/png', stateId: RECEIPT_STATE_IDS.PENDING })
    const toProcess = json(await client.get('/receipts?filter[toValidate]=true'))
    expect(toProcess.meta.total).toBe(2)
    expect(json(await client.get('/receipts?filter[toAssociate]=true')).data).toEqual([])
    expect(json(await client.get('/receipts?filter[search]=ovh')).data.map((r: { id: number }) => r.id)).toEqual([
      pdf?.id,
    ])

    const download = await client.get(`/receipts/${png?.id}/download`)
    expect(download.statusCode).toBe(200)
    expect(download.headers['content-type']).toBe('image/png')
    expect(download.headers['content-disposition']).toContain('filename="ticket.png"')
    expect(Buffer.from(download.rawPayload).equals(Buffer.from(SAMPLE_FILES.png))).toBe(true)

    const { client: other } = await vatPayer(ctx.app)
    for (const path of [`/receipts/${pdf?.id}`, `/receipts/${pdf?.id}/download`])
      expect((await other.get(path)).statusCode, path).toBe(404)
    expect((await other.delete(`/receipts/${pdf?.id}`)).statusCode).toBe(404)
    expect(json(await other.get('/receipts')).meta.total).toBe(0)
  })

  it('prefills the editor from a PDF text layer: date, totals, number, and the supplier when it is known', async () => {
    const { client } = await vatPayer(ctx.app)
    const ovh = await client.post('/contacts?relation=supplier', {
      contactTypeId: 1,
      name: 'OVH SAS',
      registrySiren: '424761419',
      intracommunityTaxNumber: 'FR22424761419',
    })
    expect(ovh.statusCode, ovh.body).toBe(201)
    const pdf = await textPdf([
      'OVH SAS',
      'Facture n° FR58412307',
      'Date de facture : 03/11/2026',
      'Total HT 100,00 €',
      'TVA 20 % 20,00 €',
      'Total TTC 120,00 €',
    ])
    const [receipt] = await uploaded(client, [{ name: 'ovh.pdf', bytes: pdf }])
    expect(receipt).toMatchObject({
      datedAt: '2026-11-03',
      taxExcluded: '100.00',
      taxAmount: '20.00',
      taxIncluded: '120.00',
      reference: 'FR58412307',
      contactId: json(ovh).data.id,
      stateId: RECEIPT_STATE_IDS.PENDING,
    })
    // An image the OCR cannot decode (a truncated PNG): nothing is guessed.
    const [image] = await uploaded(client, [{ name: 'ticket.png', bytes: SAMPLE_FILES.png }])
    expect(image).toMatchObject({ datedAt: null, taxIncluded: null, contactId: null, supplierName: null })
  })

  it('keeps the supplier read on a receipt and makes it a supplier when the receipt is validated with none chosen', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = (supplier: string, number: string) =>
      textPdf([supplier, `Facture n° ${number}`, 'Date : 05/11/2026', 'Total HT 50,00 €', 'Total TTC 60,00 €'])
    const [first, second, third] = await uploaded(client, [
      { name: 'lenoir-1.pdf', bytes: await invoice('Imprimerie Lenoir SAS', 'L-101') },
      { name: 'lenoir-2.pdf', bytes: await invoice('Imprimerie Lenoir SAS', 'L-102') },
      { name: 'garage.pdf', bytes: await invoice('Garage Martin SARL', 'G-7') },
    ])
    // Read and kept, proposed while no contact is chosen: nothing is created before the person validates.
    expect(first).toMatchObject({ supplierName: 'Imprimerie Lenoir SAS', contactId: null, contact: null })
    const suppliers = async () =>
      (
        json(await client.get('/contacts?filter[relation]=supplier&pageSize=100')).data as {
          id: number
          name: string
        }[]
      )
        .map((contact) => contact.name)
        .sort()
    expect(await suppliers()).toEqual([])

    // Corrected in the editor, then validated: the corrected name becomes the supplier, in the same save.
    const validate = { datedAt: '2026-11-05', taxIncluded: '60', stateId: RECEIPT_STATE_IDS.VALIDATED }
    const saved = await client.patch(`/receipts/${first?.id}`, { ...validate, supplierName: 'Imprimerie Lenoir' })
    expect(saved.statusCode, saved.body).toBe(200)
    const lenoir = json(saved).data.contact as { id: number; name: string }
    expect(lenoir.name).toBe('Imprimerie Lenoir')
    expect(json(saved).data).toMatchObject({ contactId: lenoir.id, supplierName: 'Imprimerie Lenoir' })
    const contact = json(await client.get(`/contacts/${lenoir.id}`)).data
    expect(contact).toMatchObject({ name: 'Imprimerie Lenoir', isSupplier: true })

    // The next receipt of that supplier finds the contact made: no second "Imprimerie Lenoir".
    const again = await client.patch(`/receipts/${second?.id}`, { ...validate, supplierName: 'Imprimerie Lenoir' })
    expect(json(again).data.contactId).toBe(lenoir.id)

    // A supplier chosen in the list wins over the name read; a name cleared makes nothing.
    const chosen = await client.patch(`/receipts/${third?.id}`, { ...validate, contactId: lenoir.id })
    expect(json(chosen).data).toMatchObject({ contactId: lenoir.id, supplierName: 'Garage Martin SARL' })
    await client.patch(`/receipts/${third?.id}`, { stateId: RECEIPT_STATE_IDS.PENDING })
    const cleared = await client.patch(`/receipts/${third?.id}`, { ...validate, contactId: null, supplierName: null })
    expect(json(cleared).data).toMatchObject({ contactId: null, supplierName: null })
    expect(await suppliers()).toEqual(['Imprimerie Lenoir'])

    // Saving without validating keeps the name proposed, and makes no contact.
    const [later] = await uploaded(client, [
      { name: 'garage-2.pdf', bytes: await invoice('Garage Martin SARL', 'G-8') },
    ])
    const kept = await client.patch(`/receipts/${later?.id}`, { description: 'Vidange' })
    expect(json(kept).data).toMatchObject({ contactId: null, supplierName: 'Garage Martin SARL' })
    expect(await suppliers()).toEqual(['Imprimerie Lenoir'])
  })

  it('refuses a renamed executable (415), too many files, too large a file, and keeps nothing of the upload', async () => {
    const { client } = await vatPayer(ctx.app)
    const renamed = await upload(client, [
      { name: 'facture.pdf', bytes: SAMPLE_FILES.pdf },
      { name: 'facture2.pdf', bytes: SAMPLE_FILES.executable },
    ])
    expect(renamed.statusCode).toBe(415)
    expect(json(renamed).message).toBe("Le fichier n°2 n'est pas valide ! (Formats acceptés: png, jpg, jpeg, pdf, xml)")
    const six = await upload(
      client,
      Array.from({ length: 6 }, (_, index) => ({ name: `f${index}.pdf`, bytes: SAMPLE_FILES.pdf })),
    )
    expect(six.statusCode).toBe(422)
    expect(json(six).errors.document).toEqual(['Tu ne peux pas transférer plus de 5 fichiers à la fois'])
    const big = new Uint8Array(5_000_001)
    big.set(SAMPLE_FILES.pdf)
    const tooLarge = await upload(client, [{ name: 'gros.pdf', bytes: big }])
    expect(tooLarge.statusCode).toBe(413)
    expect(json(tooLarge).message).toBe('Ton fichier n°1 est trop volumineux ! (Taille max: 5 Mo)')
    expect((await upload(client, [])).statusCode).toBe(422)
    expect(json(await client.get('/receipts')).meta.total).toBe(0)
  })

  it('is processed in the editor: VAT computed, validation needs a date and the TTC, then it is locked', async () => {
    const { client } = await vatPayer(ctx.app)
    const [receipt] = await uploaded(client, [{ name: 'ovh.pdf', bytes: SAMPLE_FILES.pdf }])
    const id = receipt?.id
    const missing = await client.patch(`/receipts/${id}`, { stateId: RECEIPT_STATE_IDS.VALIDATED })
    expect(missing.statusCode).toBe(422)
    expect(json(missing).errors).toMatchObject({ datedAt: [m.dateRequired], taxIncluded: [m.amountRequired] })
    const above = await client.patch(`/receipts/${id}`, { taxExcluded: '130', taxIncluded: '120' })
    expect(json(above).errors.taxExcluded).toEqual([m.taxExcludedAboveIncluded])
    const { contactId } = await createCustomer(client)
    const saved = await client.patch(`/receipts/${id}`, {
      reference: 'FR-2026-118',
      description: 'Hébergement',
      datedAt: '2026-11-03',
      taxExcluded: '100',
      taxIncluded: '120',
      contactId,
      stateId: RECEIPT_STATE_IDS.VALIDATED,
    })
    expect(saved.statusCode, saved.body).toBe(200)
    expect(json(saved).data).toMatchObject({
      contact: { id: contactId },
      taxExcluded: '100.00',
      taxAmount: '20.00',
      taxIncluded: '120.00',
      badge: 'toAssociate',
      state: { code: 'VALIDATED' },
    })
    expect(json(await client.get('/receipts?filter[toAssociate]=true')).meta.total).toBe(1)
    // The other side of the filter: what is still to process or already linked (Citus refused its OR once).
    const done = await client.get('/receipts?filter[toAssociate]=false&page=2')
    expect(done.statusCode, done.body).toBe(200)
    expect(json(done).data).toEqual([])
    const locked = await client.patch(`/receipts/${id}`, { reference: 'X' })
    expect(locked.statusCode).toBe(409)
    expect(json(locked).message).toBe(m.validatedLocked)
    const reopened = await client.patch(`/receipts/${id}`, { stateId: RECEIPT_STATE_IDS.PENDING })
    expect(json(reopened).data).toMatchObject({ badge: 'toProcess', reference: 'FR-2026-118' })
    const { client: other } = await vatPayer(ctx.app)
    const foreign = await client.patch(`/receipts/${id}`, { contactId: (await createCustomer(other)).contactId })
    expect(foreign.statusCode).toBe(422)
    expect(json(foreign).errors.contactId).toEqual([messages.validation.choiceInvalid])
  })

  it('justifies transactions: attached from the list or uploaded from the transaction, detached, never "lost"', async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    const paid = await transaction(client, journalId, 'OVH', '-120.00')
    await client.patch(`/transactions/${paid}`, { hasNoReceipt: true })
    const [receipt] = await uploaded(client, [{ name: 'ovh.pdf', bytes: SAMPLE_FILES.pdf }])
    const attached = await client.post(`/transactions/${paid}/receipts`, { receipts: [receipt?.id] })
    expect(attached.statusCode, attached.body).toBe(200)
    expect(json(attached).data).toEqual([
      { id: receipt?.id, name: 'ovh.pdf', extension: 'pdf', stateId: 1, taxIncluded: null },
    ])
    const detail = json(await client.get(`/transactions/${paid}`)).data
    expect(detail).toMatchObject({ hasNoReceipt: false, receipts: [{ id: receipt?.id }] })
    expect(json(await client.get(`/receipts/${receipt?.id}`)).data).toMatchObject({
      badge: 'associated',
      transactions: [{ id: paid, amount: '-120.00' }],
    })
    expect(json(await client.get('/transactions?filter[toJustify]=true')).data).toEqual([])
    const lost = await client.patch(`/transactions/${paid}`, { hasNoReceipt: true })
    expect(json(lost).errors.hasNoReceipt).toEqual([messages.transactions.noReceiptRefused])

    // From the transaction's panel: up to ten files, attached at once.
    const other = await transaction(client, journalId, 'Papeterie', '-18.00')
    const fromPanel = await upload(
      client,
      Array.from({ length: 6 }, (_, index) => ({ name: `t${index}.jpg`, bytes: SAMPLE_FILES.jpeg })),
      { transactionId: String(other), origin: 'transaction' },
    )
    expect(fromPanel.statusCode, fromPanel.body).toBe(201)
    expect(json(fromPanel).data.every((row: { origin: string; badge: string }) => row.badge === 'associated')).toBe(
      true,
    )
    expect(json(await client.get(`/transactions/${other}`)).data.receipts).toHaveLength(6)

    expect((await client.delete(`/transactions/${paid}/receipts/${receipt?.id}`)).statusCode).toBe(204)
    expect((await client.delete(`/transactions/${paid}/receipts/${receipt?.id}`)).statusCode).toBe(404)
    expect(json(await client.get(`/transactions/${paid}`)).data).toMatchObject({ receipts: [], hasNoReceipt: false })

    const { client: stranger } = await vatPayer(ctx.app)
    const [foreign] = await uploaded(stranger, [{ name: 'x.pdf', bytes: SAMPLE_FILES.pdf }])
    expect((await client.post(`/transactions/${paid}/receipts`, { receipts: [foreign?.id] })).statusCode).toBe(422)
    expect((await stranger.post(`/transactions/${paid}/receipts`, { receipts: [foreign?.id] })).statusCode).toBe(404)
    expect(
      (await upload(stranger, [{ name: 'y.pdf', bytes: SAMPLE_FILES.pdf }], { transactionId: String(paid) }))
        .statusCode,
    ).toBe(422)
  })

  it('keeps a validated receipt’s supplier; a receipt still to process forgets a deleted one', async () => {
    const { client } = await vatPayer(ctx.app)
    const [pending, done] = await uploaded(client, [
      { name: 'a.pdf', bytes: SAMPLE_FILES.pdf },
      { name: 'b.pdf', bytes: SAMPLE_FILES.pdf },
    ])
    const first = (await createCustomer(client)).contactId
    const second = (await createCustomer(client)).contactId
    await client.patch(`/receipts/${pending?.id}`, { contactId: first })
    await client.patch(`/receipts/${done?.id}`, {
      contactId: second,
      datedAt: '2026-11-02',
      taxIncluded: '12',
      stateId: RECEIPT_STATE_IDS.VALIDATED,
    })
    expect((await client.delete(`/contacts/${first}`)).statusCode).toBe(204)
    expect(json(await client.get(`/receipts/${pending?.id}`)).data).toMatchObject({ contactId: null, contact: null })
    const kept = await client.delete(`/contacts/${second}`)
    expect(kept.statusCode).toBe(409)
    expect(json(kept).message).toBe(messages.contacts.usedByValidatedDocument)
  })

  it('deletes the receipt and its file', async () => {
    const { client } = await vatPayer(ctx.app)
    const [receipt] = await uploaded(client, [{ name: 'a.pdf', bytes: SAMPLE_FILES.pdf }])
    expect((await client.delete(`/receipts/${receipt?.id}`)).statusCode).toBe(204)
    expect((await client.get(`/receipts/${receipt?.id}/download`)).statusCode).toBe(404)
    expect(json(await client.get('/receipts')).meta.total).toBe(0)
  })

  it('carries a private note and comments like the other documents, for its organisation only', async () => {
    const { client } = await vatPayer(ctx.app)
    const [receipt] = await uploaded(client, [{ name: 'ticket.png', bytes: SAMPLE_FILES.png }])
    const put = await client.request('PUT', `/receipts/${receipt?.id}/note`, { comment: 'Payé avec la carte perso' })
    expect(put.statusCode, put.body).toBe(200)
    expect(json(await client.get(`/receipts/${receipt?.id}/note`)).data.comment).toBe('Payé avec la carte perso')
    const comment = await client.post(`/receipts/${receipt?.id}/comments`, { comment: 'À refaire', isPublic: false })
    expect(comment.statusCode, comment.body).toBe(201)
    expect(json(await client.get(`/receipts/${receipt?.id}/comments`)).data).toHaveLength(1)

    const { client: other } = await vatPayer(ctx.app)
    expect((await other.get(`/receipts/${receipt?.id}/note`)).statusCode).toBe(404)
    expect((await other.request('PUT', `/receipts/${receipt?.id}/note`, { comment: 'x' })).statusCode).toBe(404)
  })
})
