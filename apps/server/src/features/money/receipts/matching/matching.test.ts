import { messages, RECEIPT_STATE_IDS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../../test/helpers'
import { bankAccount, SAMPLE_FILES, sendFiles, textPdf, transaction } from '../../../../../test/money'
import { vatPayer } from '../../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-12-20T10:00:00Z') })
const m = messages.receipts

type Suggestion = { transaction: { id: number; name: string }; score: number; reasons: string[] }

async function supplier(client: Client, name: string) {
  const response = await client.post('/contacts?relation=supplier', { contactTypeId: 2, name })
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data.id as number
}

/** A receipt uploaded, then filled in as the editor does: supplier, date, amounts. */
async function receipt(client: Client, fields: Record<string, unknown>) {
  const sent = await sendFiles(ctx.app, client, '/receipts', [{ name: 'facture.pdf', bytes: SAMPLE_FILES.pdf }])
  expect(sent.statusCode, sent.body).toBe(201)
  const id = json(sent).data[0].id as number
  const saved = await client.patch(`/receipts/${id}`, fields)
  expect(saved.statusCode, saved.body).toBe(200)
  return id
}

const matchesOf = async (client: Client, receiptId: number) => {
  const response = await client.get(`/receipts/${receiptId}/matches`)
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data as Suggestion[]
}
const receiptMatchesOf = async (client: Client, transactionId: number) =>
  json(await client.get(`/transactions/${transactionId}/receipt-matches`)).data as {
    receipt: { id: number }
    score: number
    reasons: string[]
  }[]
const pairsOf = async (client: Client) =>
  (json(await client.get('/receipt-matches')).data as { receiptId: number; transactionId: number }[]).map(
    ({ receiptId, transactionId }) => [receiptId, transactionId],
  )
const confirm = (client: Client, receiptId: number, transactionId: number) =>
  client.post(`/receipts/${receiptId}/matches/${transactionId}/confirm`)
const decline = (client: Client, receiptId: number, transactionId: number) =>
  client.post(`/receipts/${receiptId}/matches/${transactionId}/decline`)

/** OVH's invoice of 3 December (120 € TTC), its payment two days later, and lines that only look like it. */
async function ovhMonth(client: Client) {
  const journalId = await bankAccount(client)
  const ovh = await supplier(client, 'OVH SAS')
  const invoice = await receipt(client, {
    contactId: ovh,
    datedAt: '2026-12-03',
    taxExcluded: '100',
    taxIncluded: '120',
    stateId: RECEIPT_STATE_IDS.VALIDATED,
  })
  const lines = {
    paid: await transaction(client, journalId, 'PRLV SEPA OVH SAS', '-120.00', '2026-12-05'),
    shop: await transaction(client, journalId, 'CB MAGASIN', '-120.00', '2026-12-04'),
    otherAmount: await transaction(client, journalId, 'OVH', '-119.99', '2026-12-05'),
    moneyIn: await transaction(client, journalId, 'OVH remboursement', '120.00', '2026-12-05'),
    tooLate: await transaction(client, journalId, 'PRLV SEPA OVH SAS', '-120.00', '2027-03-01'),
  }
  return { journalId, ovh, invoice, lines }
}

describe('receipt ↔ bank line suggestions', () => {
  it('offers the lines that may have paid a receipt, and the receipts that may justify a line, with their reasons', async () => {
    const { client } = await vatPayer(ctx.app)
    const { invoice, lines } = await ovhMonth(client)

    const offered = await matchesOf(client, invoice)
    expect(offered).toEqual([
      {
        transaction: expect.objectContaining({ id: lines.paid, name: 'PRLV SEPA OVH SAS', amount: '-120.00' }),
        score: 0.9,
        reasons: ['même montant', "2 jours d'écart", 'fournisseur ressemblant'],
      },
      {
        transaction: expect.objectContaining({ id: lines.shop, datedAt: '2026-12-04' }),
        score: 0.7,
        reasons: ['même montant', "1 jour d'écart"],
      },
    ])
    expect(Object.keys(offered[0]?.transaction ?? {}).sort()).toEqual(
      ['amount', 'datedAt', 'id', 'journalId', 'name', 'rawName'].sort(),
    )

    const forLine = await receiptMatchesOf(client, lines.paid)
    expect(forLine).toHaveLength(1)
    expect(forLine[0]).toMatchObject({
      receipt: { id: invoice, badge: 'toAssociate', contact: { name: 'OVH SAS' }, taxIncluded: '120.00' },
      score: 0.9,
      reasons: ['même montant', "2 jours d'écart", 'fournisseur ressemblant'],
    })
    for (const id of [lines.otherAmount, lines.moneyIn, lines.tooLate])
      expect(await receiptMatchesOf(client, id), `line ${id}`).toEqual([])

    // The organisation's pairs: each receipt once, with its best line.
    const pairs = json(await client.get('/receipt-matches')).data
    expect(pairs).toEqual([
      expect.objectContaining({
        receiptId: invoice,
        transactionId: lines.paid,
        score: 0.9,
        receipt: expect.objectContaining({ id: invoice }),
        transaction: expect.objectContaining({ id: lines.paid }),
      }),
    ])
  })

  it('finds the payment of an HT-only receipt at a French VAT rate; the pairs look back six months only', async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    const train = await receipt(client, { datedAt: '2026-12-01', taxExcluded: '50' })
    const paid = await transaction(client, journalId, 'SNCF', '-55.00', '2026-12-01')
    expect((await matchesOf(client, train))[0]).toMatchObject({
      transaction: { id: paid },
      reasons: ['montant HT + TVA à 10 %', 'même jour'],
    })
    // Paid in April: the receipt's own suggestions find it, the organisation's list (since 20 June) does not.
    const old = await receipt(client, { datedAt: '2026-04-01', taxIncluded: '33.30' })
    const oldLine = await transaction(client, journalId, 'Librairie', '-33.30', '2026-04-02')
    expect((await matchesOf(client, old)).map((row) => row.transaction.id)).toEqual([oldLine])
    expect(await pairsOf(client)).toEqual([[train, paid]])
  })

  it('confirming attaches as the attach route does and learns the label: the supplier’s next receipt ranks it first', async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    const host = await supplier(client, 'Hébergeur du Nord')
    // Lines whose label says nothing of the supplier: only the amount and the date speak.
    const november = await transaction(client, journalId, 'Prélèvement 4521', '-59.99', '2026-11-05')
    await client.patch(`/transactions/${november}`, { hasNoReceipt: true })
    const december = await transaction(client, journalId, 'Prélèvement 4521', '-59.99', '2026-12-05')
    const lookalike = await transaction(client, journalId, 'CB BOUTIQUE', '-59.99', '2026-12-04')
    const first = await receipt(client, { contactId: host, datedAt: '2026-11-03', taxIncluded: '59.99' })
    const second = await receipt(client, { contactId: host, datedAt: '2026-12-03', taxIncluded: '59.99' })
    // Before: the closer date wins.
    expect((await matchesOf(client, second)).map((row) => row.transaction.id)).toEqual([lookalike, december])

    const confirmed = await confirm(client, first, november)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(json(confirmed).data).toMatchObject({ id: first, badge: 'associated', transactions: [{ id: november }] })
    expect(json(await client.get(`/transactions/${november}`)).data).toMatchObject({
      hasNoReceipt: false,
      receipts: [{ id: first }],
    })

    const after = await matchesOf(client, second)
    expect(after[0]).toMatchObject({
      transaction: { id: december },
      score: 0.95,
      reasons: ['même montant', "2 jours d'écart", 'déjà associé à ce fournisseur'],
    })
    expect(after.map((row) => row.transaction.id)).toEqual([december, lookalike])

    // Confirming it again changes nothing; the receipt cannot be confirmed for another line.
    expect((await confirm(client, first, november)).statusCode).toBe(200)
    const elsewhere = await confirm(client, first, december)
    expect(elsewhere.statusCode).toBe(409)
    expect(json(elsewhere).message).toBe(m.matchAlreadyAttached)
    expect(json(await client.get(`/transactions/${december}`)).data.receipts).toEqual([])
  })

  it('never offers a declined pair again, for the receipt, for the line or among the pairs', async () => {
    const { client } = await vatPayer(ctx.app)
    const { invoice, lines } = await ovhMonth(client)
    expect((await decline(client, invoice, lines.paid)).statusCode).toBe(204)
    expect((await decline(client, invoice, lines.paid)).statusCode).toBe(204)
    expect((await matchesOf(client, invoice)).map((row) => row.transaction.id)).toEqual([lines.shop])
    expect(await receiptMatchesOf(client, lines.paid)).toEqual([])
    expect(await pairsOf(client)).toEqual([[invoice, lines.shop]])
    // Nothing was attached by a suggestion.
    expect(json(await client.get(`/receipts/${invoice}`)).data.transactions).toEqual([])
  })

  it('offers neither a receipt already attached, nor a failed one, nor a line that has a receipt', async () => {
    const { client } = await vatPayer(ctx.app)
    const { journalId, ovh, invoice, lines } = await ovhMonth(client)
    const failed = await receipt(client, {
      contactId: ovh,
      datedAt: '2026-12-03',
      taxIncluded: '120',
      stateId: RECEIPT_STATE_IDS.FAILED,
    })
    expect(await matchesOf(client, failed)).toEqual([])
    expect((await receiptMatchesOf(client, lines.paid)).map((row) => row.receipt.id)).toEqual([invoice])
    const refused = await confirm(client, failed, lines.paid)
    expect(refused.statusCode).toBe(409)
    expect(json(refused).message).toBe(m.matchUnreadable)

    // Attached by hand to another line: no longer offered, and that line neither.
    const elsewhere = await transaction(client, journalId, 'Divers', '-120.00', '2026-12-06')
    expect((await client.post(`/transactions/${elsewhere}/receipts`, { receipts: [invoice] })).statusCode).toBe(200)
    expect(await matchesOf(client, invoice)).toEqual([])
    expect(await receiptMatchesOf(client, lines.paid)).toEqual([])
    expect(await pairsOf(client)).toEqual([])
    const other = await receipt(client, { contactId: ovh, datedAt: '2026-12-03', taxIncluded: '120' })
    expect((await matchesOf(client, other)).map((row) => row.transaction.id)).toEqual([lines.paid, lines.shop])

    // Money in is no expense to justify.
    const moneyIn = await confirm(client, other, lines.moneyIn)
    expect(moneyIn.statusCode).toBe(409)
    expect(json(moneyIn).message).toBe(m.matchNotExpense)
  })

  it('answers 404 for another organisation’s receipt or line on every route', async () => {
    const { client } = await vatPayer(ctx.app)
    const { invoice, lines } = await ovhMonth(client)
    const { client: stranger } = await vatPayer(ctx.app)
    const strangerJournal = await bankAccount(stranger)
    const ownLine = await transaction(stranger, strangerJournal, 'OVH', '-120.00', '2026-12-05')
    const ownReceipt = await receipt(stranger, { datedAt: '2026-12-03', taxIncluded: '120' })
    const refused = [
      await stranger.get(`/receipts/${invoice}/matches`),
      await stranger.get(`/transactions/${lines.paid}/receipt-matches`),
      await confirm(stranger, invoice, ownLine),
      await confirm(stranger, ownReceipt, lines.paid),
      await decline(stranger, invoice, ownLine),
      await decline(stranger, ownReceipt, lines.paid),
    ]
    expect(refused.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404, 404])
    // The stranger's own pairs know nothing of the other organisation.
    expect(await pairsOf(stranger)).toEqual([[ownReceipt, ownLine]])
    expect(json(await client.get(`/receipts/${invoice}`)).data.transactions).toEqual([])
    expect((await matchesOf(client, invoice)).map((row) => row.transaction.id)).toEqual([lines.paid, lines.shop])
  })

  it('looks for the supplier named on a receipt that has no contact yet in the line’s label, as corrected', async () => {
    const { client } = await vatPayer(ctx.app)
    const journalId = await bankAccount(client)
    const pdf = await textPdf(['Imprimerie Lenoir SAS', 'Date : 03/12/2026', 'Total TTC 60,00 €'])
    const sent = await sendFiles(ctx.app, client, '/receipts', [{ name: 'lenoir.pdf', bytes: pdf }])
    const read = json(sent).data[0]
    expect(read).toMatchObject({ contactId: null, supplierName: 'Imprimerie Lenoir SAS', taxIncluded: '60.00' })
    const paid = await transaction(client, journalId, 'CB IMPRIMERIE LENOIR', '-60.00', '2026-12-04')
    const shop = await transaction(client, journalId, 'CB LIBRAIRIE', '-60.00', '2026-12-04')

    expect(await matchesOf(client, read.id)).toEqual([
      {
        transaction: expect.objectContaining({ id: paid }),
        score: 0.9,
        reasons: ['même montant', "1 jour d'écart", 'fournisseur ressemblant'],
      },
      { transaction: expect.objectContaining({ id: shop }), score: 0.7, reasons: ['même montant', "1 jour d'écart"] },
    ])
    expect((await receiptMatchesOf(client, paid))[0]).toMatchObject({ receipt: { id: read.id }, score: 0.9 })

    // The name corrected in the editor is the one looked for.
    await client.patch(`/receipts/${read.id}`, { supplierName: 'Librairie du Centre' })
    const corrected = await matchesOf(client, read.id)
    expect(corrected[0]).toMatchObject({ transaction: { id: shop }, score: 0.9 })
  })
})
