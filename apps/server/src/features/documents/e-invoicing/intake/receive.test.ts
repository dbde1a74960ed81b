import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { useFakePa } from '../../../../../test/fake-pa'
import { json, useTestContext } from '../../../../../test/helpers'
import { bankAccount, SAMPLE_FILES, sendFiles, transaction } from '../../../../../test/money'
import { CII_INVOICE, encode, UBL_INVOICE } from '../../../money/receipts/e-invoices/samples.test-helper'
import { readCdar } from '../cdar/read'
import { connectedOrganization, eventually, listeningOrigin } from './network.test-helper'

const ctx = useTestContext()
const fake = useFakePa()

const FACTUR_X = fileURLToPath(
  new URL('../../../../../../../test-kits/factur-x/examples/valid/FX_F20260023_EN16931.pdf', import.meta.url),
)

type Receipt = {
  id: number
  eInvoiceFormat: string | null
  contactId: number | null
  eInvoicing: { flowId: string; status: number | null } | null
}

describe('supplier invoices received through the PA', () => {
  it('a Factur-X, a CII and a UBL invoice each become one receipt, even when the webhook and the polling both see them', async () => {
    const origin = await listeningOrigin(ctx)
    const buyer = await connectedOrganization(ctx, fake, { name: 'Atelier Martin', webhookOrigin: origin })
    const dropped = [
      await fake.dropInInbox({
        clientId: buyer.pa.clientId,
        syntax: 'Factur-X',
        file: await readFile(FACTUR_X),
        name: 'F20260023.pdf',
      }),
      await fake.dropInInbox({
        clientId: buyer.pa.clientId,
        syntax: 'CII',
        file: Buffer.from(encode(CII_INVOICE)),
        name: '2026-IB-0931.xml',
      }),
      await fake.dropInInbox({
        clientId: buyer.pa.clientId,
        syntax: 'UBL',
        file: Buffer.from(encode(UBL_INVOICE)),
        name: 'FA-2026-0457.xml',
      }),
    ]
    const list = async () => json(await buyer.client.get('/receipts')).data as Receipt[]
    await eventually(list, (receipts) => receipts.length === 3)
    await ctx.app.eInvoicing.intake.pollDue()
    await ctx.app.eInvoicing.intake.pollDue()
    const receipts = await list()
    expect(receipts).toHaveLength(3)
    expect(receipts.map((r) => r.eInvoiceFormat).sort()).toEqual(['cii', 'factur-x', 'ubl'])
    expect(receipts.map((r) => r.eInvoicing?.flowId).sort()).toEqual(dropped.map((f) => f.flowId).sort())
    const ubl = receipts.find((r) => r.eInvoiceFormat === 'ubl') as Receipt
    const supplier = json(await buyer.client.get(`/contacts/${ubl.contactId}`)).data
    expect(supplier).toMatchObject({ registrySiren: '798456125' })

    // The supplier cancels its invoice: the receipt's timeline shows it, and no answer can follow.
    await fake.sendStatus(ubl.eInvoicing?.flowId as string, { status: 220 })
    const cancelled = await eventually(
      async () => json(await buyer.client.get(`/receipts/${ubl.id}`)).data.eInvoicing,
      (network) => network.status === 220,
    )
    expect(cancelled.events).toMatchObject([{ code: 220, label: 'Annulée', source: 'seller' }])
    const late = await buyer.client.post(`/receipts/${ubl.id}/e-invoice-status`, { code: 205 })
    expect(late.statusCode).toBe(409)

    const removed = await buyer.client.delete(`/receipts/${ubl.id}`)
    expect(removed.statusCode).toBe(409)
    expect(json(removed).message).toMatch(/arrivée par ta plateforme agréée/)
    const history = json(await buyer.client.get(`/receipts/${ubl.id}/activities?page=1&pageSize=10`)).data
    expect(history.map((entry: { sentence: string }) => entry.sentence)).toContain(
      'Facture électronique reçue de la plateforme agréée.',
    )
  })

  it('a received invoice paid from a bank line tells its supplier « Paiement transmis » once; an uploaded receipt has no network', async () => {
    const buyer = await connectedOrganization(ctx, fake, { name: 'Atelier Martin' })
    await fake.dropInInbox({
      clientId: buyer.pa.clientId,
      syntax: 'UBL',
      file: Buffer.from(encode(UBL_INVOICE)),
      name: 'FA-2026-0457.xml',
    })
    await ctx.app.eInvoicing.intake.pollDue()
    const [receipt] = json(await buyer.client.get('/receipts')).data as Receipt[]
    expect(receipt?.eInvoicing?.status).toBeNull()

    const journalId = await bankAccount(buyer.client)
    const credit = await transaction(buyer.client, journalId, 'Remboursement', '50.00')
    const attachedToCredit = await buyer.client.post(`/transactions/${credit}/receipts`, { receipts: [receipt?.id] })
    expect(attachedToCredit.statusCode, attachedToCredit.body).toBe(200)
    expect(json(await buyer.client.get(`/receipts/${receipt?.id}`)).data.eInvoicing.status).toBeNull()

    const payment = await transaction(buyer.client, journalId, 'Papeterie Lefèvre', '-344.00')
    const paid = await buyer.client.post(`/transactions/${payment}/receipts`, { receipts: [receipt?.id] })
    expect(paid.statusCode, paid.body).toBe(200)
    const detail = json(await buyer.client.get(`/receipts/${receipt?.id}`)).data
    expect(detail.eInvoicing).toMatchObject({ status: 211, statusLabel: 'Paiement transmis' })
    const history = json(await buyer.client.get(`/receipts/${receipt?.id}/activities?page=1&pageSize=10`)).data
    expect(history.map((entry: { sentence: string }) => entry.sentence)).toContain(
      'Carnet a envoyé le statut Paiement transmis au fournisseur.',
    )
    const second = await transaction(buyer.client, journalId, 'Papeterie Lefèvre (solde)', '-10.00')
    await buyer.client.post(`/transactions/${second}/receipts`, { receipts: [receipt?.id] })
    expect(json(await buyer.client.get(`/receipts/${receipt?.id}`)).data.eInvoicing.events).toHaveLength(1)

    await ctx.app.eInvoicing.outbox.sendDue()
    const sent = await fake.waitForFlows(buyer.pa.clientId, (flows) =>
      flows.some((f) => f.flowType === 'SupplierInvoiceLC' && f.flowDirection === 'Out'),
    )
    const cdar = sent.filter((f) => f.flowType === 'SupplierInvoiceLC' && f.flowDirection === 'Out')
    expect(cdar).toHaveLength(1)
    const [message] = readCdar(await fake.file(cdar[0]?.flowId as string))
    expect(message).toMatchObject({ status: 211, invoice: { reference: 'FA-2026-0457', sellerSiren: '798456125' } })

    const stranger = await connectedOrganization(ctx, fake, { name: 'Autre' })
    const theirs = await stranger.client.post(`/receipts/${receipt?.id}/e-invoice-status`, { code: 205 })
    expect(theirs.statusCode).toBe(404)
    const noReason = await buyer.client.post(`/receipts/${receipt?.id}/e-invoice-status`, { code: 210 })
    expect(noReason.statusCode).toBe(422)
    expect(json(noReason).errors.reason).toEqual(['Choisis un motif dans la liste pour ce statut.'])

    const uploaded = json(
      await sendFiles(ctx.app, buyer.client, '/receipts', [{ name: 'note.pdf', bytes: SAMPLE_FILES.pdf }]),
    ).data[0]
    const refused = await buyer.client.post(`/receipts/${uploaded.id}/e-invoice-status`, { code: 205 })
    expect(refused.statusCode).toBe(409)
    expect(json(refused).message).toMatch(/pas arrivé par ta plateforme agréée/)
    expect(uploaded.eInvoicing).toBeNull()
  })
})
