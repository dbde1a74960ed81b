import { QUOTE_STATE_IDS, RECEIPT_STATE_IDS } from '@app/domain'
import { expect } from 'vitest'
import type { Client, TestContext } from './helpers'
import { euros, type InvoiceSpec, type Model, SALES_TAX_ID, type Scenario } from './ledger-year-fixtures'
import { BANK_FEES, bankAccount, PHONE, SAMPLE_FILES, sendFiles, TRAVEL, transaction } from './money'
import { act, createCustomer, createQuote, frenchSeller, line, quoteBody } from './sales'

// The year of issue 16's acceptance test (ledger-year.test.ts), made through the API as a new user would.

export type Built = {
  client: Client
  organizationId: number
  contactIds: number[]
  invoices: Map<string, { id: number; reference: string }>
}

export async function ok(response: { statusCode: number; body: string }, status = 200) {
  expect(response.statusCode, response.body).toBe(status)
  return JSON.parse(response.body).data
}

function lineBody(spec: InvoiceSpec['lines'][number]) {
  return line({
    name: spec.name,
    type: spec.nature === 'goods' ? 'PRODUCT' : 'SERVICE',
    quantity: String(spec.quantity),
    amount: euros(spec.unitCents),
    taxId: SALES_TAX_ID[spec.rate],
  })
}

/** Everything of the scenario through the API, day by day, the clock on each day (credit notes take today's date). */
export async function buildYear(ctx: TestContext, scenario: Scenario, model: Model): Promise<Built> {
  const at = (date: string) => ctx.setNow(() => new Date(`${date}T10:00:00Z`))
  // Signed up on the last day: the session's 30 days then run past every date the clock goes back to.
  at('2026-12-31')
  const owner = await frenchSeller(ctx.app)
  const client = owner.client
  const organizationId = owner.organization.id
  const customers = await Promise.all(scenario.customers.map((name) => createCustomer(client, { name })))
  const contactIds = customers.map((customer) => customer.contactId)
  const banks = { 1: await bankAccount(client), 2: await bankAccount(client) }
  const entries = (await ok(await client.get('/accounting-entries?pageSize=1000'))) as { id: number; code: string }[]
  const categoryIds = {
    PHONE,
    TRAVEL,
    BANK_FEES,
    SALES: entries.find((entry) => entry.code === '706')?.id as number,
  }
  const suppliers = new Map<string, number>()
  for (const name of ['SNCF', 'Orange']) {
    const supplier = await ok(await client.post('/contacts?relation=supplier', { contactTypeId: 2, name }), 201)
    suppliers.set(name, supplier.id)
  }

  const invoices = new Map<string, { id: number; reference: string }>()
  const receipts = new Map<string, number>()
  const expectTtc = (key: string, document: { totalTaxIncluded: string }) =>
    expect(document.totalTaxIncluded, key).toBe(euros(model.documents.get(key)?.ttc ?? Number.NaN))
  const events: { date: string; order: number; run: () => Promise<void> }[] = []

  for (const invoice of scenario.invoices)
    events.push({
      date: invoice.date,
      order: 0,
      run: async () => {
        const { contactId, addressId } = customers[invoice.customer] as (typeof customers)[number]
        const draft = await ok(
          await client.post('/invoices', {
            name: `Facture ${invoice.key}`,
            datedAt: invoice.date,
            paymentLimit: 30,
            contactId,
            billingAddressId: addressId,
            lines: invoice.lines.map(lineBody),
          }),
          201,
        )
        const validated = await act(client, `/invoices/${draft.id}/validate`)
        expectTtc(invoice.key, validated)
        invoices.set(invoice.key, { id: validated.id, reference: validated.reference })
      },
    })

  const deposit = scenario.deposit
  let quoteId = 0
  events.push({
    date: deposit.depositDate,
    order: 0,
    run: async () => {
      const { contactId } = customers[deposit.customer] as (typeof customers)[number]
      const quote = await createQuote(
        client,
        quoteBody({
          contactId,
          datedAt: deposit.quoteDate,
          lines: [
            line({ name: 'Refonte du site', amount: euros(deposit.unitCents), taxId: SALES_TAX_ID[deposit.rate] }),
          ],
        }),
      )
      quoteId = quote.id
      await ok(await client.patch(`/quotes/${quote.id}/state`, { stateId: QUOTE_STATE_IDS.VALIDATED }))
      const draft = await act(client, `/quotes/${quote.id}/deposits`, 201, {
        percentage: deposit.percentage,
        deposit_type: 'percent',
      })
      const validated = await act(client, `/invoices/${draft.id}/validate`)
      expect(validated.datedAt).toBe(deposit.depositDate)
      expectTtc('deposit', validated)
      invoices.set('deposit', { id: validated.id, reference: validated.reference })
    },
  })
  events.push({
    date: deposit.finalDate,
    order: 0,
    run: async () => {
      const draft = await act(client, `/quotes/${quoteId}/invoice`, 201)
      const validated = await act(client, `/invoices/${draft.id}/validate`)
      expect(validated.datedAt).toBe(deposit.finalDate)
      expectTtc('final', validated)
      invoices.set('final', { id: validated.id, reference: validated.reference })
    },
  })

  for (const note of scenario.creditNotes)
    events.push({
      date: note.date,
      order: 1,
      run: async () => {
        const credited = invoices.get(note.invoice)?.id
        const created = await ok(await client.post(`/invoices/${credited}/credit-note`, {}), 201)
        const validated =
          created.state.code === 'DRAFT' ? await act(client, `/invoices/${created.id}/validate`) : created
        expect(validated.datedAt).toBe(note.date)
        expectTtc(note.key, validated)
        invoices.set(note.key, { id: validated.id, reference: validated.reference })
      },
    })

  for (const receipt of scenario.receipts)
    events.push({
      date: receipt.date,
      order: 2,
      run: async () => {
        const uploaded = await sendFiles(ctx.app, client, '/receipts', [
          { name: `${receipt.reference}.pdf`, bytes: SAMPLE_FILES.pdf },
        ])
        const id = (await ok(uploaded, 201))[0].id as number
        await ok(
          await client.patch(`/receipts/${id}`, {
            stateId: RECEIPT_STATE_IDS.VALIDATED,
            reference: receipt.reference,
            datedAt: receipt.date,
            taxExcluded: euros(receipt.htCents),
            taxIncluded: euros(receipt.ttcCents),
            contactId: suppliers.get(receipt.reference.startsWith('SNCF') ? 'SNCF' : 'Orange'),
          }),
        )
        receipts.set(receipt.key, id)
      },
    })

  for (const bankLine of scenario.bankLines)
    events.push({
      date: bankLine.date,
      order: 3,
      run: async () => {
        const amount = euros(bankLine.amountCents)
        const id = await transaction(client, banks[bankLine.bank], bankLine.name, amount, bankLine.date)
        for (const key of bankLine.pays ?? [])
          await ok(await client.post(`/transactions/${id}/invoices`, { invoiceId: invoices.get(key)?.id }))
        if (bankLine.category)
          await ok(
            await client.patch(`/transactions/${id}`, {
              allocations: [{ name: bankLine.name, amount, accountingEntryId: categoryIds[bankLine.category] }],
            }),
          )
        if (bankLine.receipt)
          await ok(await client.post(`/transactions/${id}/receipts`, { receipts: [receipts.get(bankLine.receipt)] }))
      },
    })

  for (const payment of scenario.handPayments)
    events.push({
      date: payment.date,
      order: 4,
      run: async () => {
        await act(client, `/invoices/${invoices.get(payment.invoice)?.id}/mark-as-paid`, 200, {
          paymentDateAt: payment.date,
        })
      },
    })

  const ordered = events
    .map((event, index) => ({ ...event, index }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.order - b.order || a.index - b.index)
  for (const event of ordered) {
    at(event.date)
    await event.run()
  }
  at('2026-12-31')
  return { client, organizationId, contactIds, invoices }
}
