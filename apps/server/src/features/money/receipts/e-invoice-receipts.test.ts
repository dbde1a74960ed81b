import { messages, RECEIPT_STATE_IDS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { sendFiles } from '../../../../test/money'
import { act, createCustomer, createInvoice, frenchSeller, invoiceBody, vatPayer } from '../../../../test/sales'
import { edit, encode, UBL_INVOICE } from './e-invoices/samples.test-helper'

const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })

async function issuedPdf(client: Client) {
  const { contactId, addressId } = await createCustomer(client)
  const draft = await createInvoice(client, invoiceBody({ contactId, billingAddressId: addressId }))
  await act(client, `/invoices/${draft.id}/validate`)
  const invoice = json(await client.get(`/invoices/${draft.id}`)).data
  const pdf = await client.get(`/invoices/${draft.id}/pdf`)
  expect(pdf.statusCode).toBe(200)
  return { invoice, bytes: new Uint8Array(pdf.rawPayload) }
}

const upload = (client: Client, name: string, bytes: Uint8Array) =>
  sendFiles(ctx.app, client, '/receipts', [{ name, bytes }])

describe('e-invoices received as receipts', () => {
  it('a Factur-X invoice issued by one organisation lands filled in and validated at the other, its supplier created once', async () => {
    const { client: issuer } = await frenchSeller(ctx.app)
    const first = await issuedPdf(issuer)
    const second = await issuedPdf(issuer)
    const { client: receiver } = await vatPayer(ctx.app)
    const response = await upload(receiver, 'facture.pdf', first.bytes)
    expect(response.statusCode, response.body).toBe(201)
    const [receipt] = json(response).data
    expect(receipt).toMatchObject({
      eInvoiceFormat: 'factur-x',
      stateId: RECEIPT_STATE_IDS.VALIDATED,
      badge: 'toAssociate',
      reference: first.invoice.reference,
      datedAt: first.invoice.datedAt,
      taxExcluded: first.invoice.totalTaxExcluded,
      taxAmount: first.invoice.totalTaxes,
      taxIncluded: first.invoice.totalTaxIncluded,
      contact: { name: 'Atelier Martin & Fils' },
    })
    expect(receipt.vatLines.length).toBeGreaterThan(0)
    const supplier = json(await receiver.get(`/contacts/${receipt.contactId}`)).data
    expect(supplier).toMatchObject({ registrySiren: '732829320', intracommunityTaxNumber: 'FR44732829320' })
    const again = json(await upload(receiver, 'facture-2.pdf', second.bytes)).data[0]
    expect(again.contactId).toBe(receipt.contactId)
  })

  it('reads a UBL file, keeps an invalid e-invoice with its reason, refuses an XML that is no invoice', async () => {
    const { client } = await vatPayer(ctx.app)
    const ubl = json(await upload(client, 'facture.xml', encode(UBL_INVOICE))).data[0]
    expect(ubl).toMatchObject({ eInvoiceFormat: 'ubl', extension: 'xml', stateId: RECEIPT_STATE_IDS.VALIDATED })
    expect(ubl.contactId).not.toBeNull()

    const broken = edit(UBL_INVOICE, /<cbc:ID>[^<]+<\/cbc:ID>/, '<cbc:ID></cbc:ID>')
    const failed = json(await upload(client, 'cassee.xml', encode(broken))).data[0]
    expect(failed).toMatchObject({ stateId: RECEIPT_STATE_IDS.FAILED, eInvoiceFormat: 'ubl', badge: 'toProcess' })
    expect(failed.failure).toMatch(/numéro/)

    const other = await upload(client, 'flux.xml', encode('<?xml version="1.0"?><rss><channel/></rss>'))
    expect(other.statusCode).toBe(415)
    expect(json(other).message).toBe(messages.files.invalidFormat(1, 'png, jpg, jpeg, pdf, xml'))
    const hostile = await upload(
      client,
      'xxe.xml',
      encode('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Invoice>&e;</Invoice>'),
    )
    expect(hostile.statusCode).toBeLessThan(500)
    expect(hostile.body).not.toContain('root:')
  })
})
