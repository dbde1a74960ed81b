import { add, messages, QUOTE_STATE_IDS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { json, useTestContext } from '../../../../test/helpers'
import { act, createCustomer, createQuote, line, quoteBody, vatPayer } from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })
const d = messages.documents

const setState = async (client: Awaited<ReturnType<typeof vatPayer>>['client'], id: number, stateId: number) => {
  const response = await client.patch(`/quotes/${id}/state`, { stateId })
  return { status: response.statusCode, body: json(response) }
}

describe('quotes', () => {
  it('lives from draft to won: reference on validation, own series, states refused without a contact', async () => {
    const { client } = await vatPayer(ctx.app)
    const quote = await createQuote(client, quoteBody())
    expect(quote).toMatchObject({
      reference: null,
      state: { code: 'DRAFT' },
      validityLimit: 30,
      paymentLimitAt: '2026-12-02',
      totalTaxIncluded: '120.00',
      invoiceId: null,
    })
    expect(quote.availableStates.map((s: { code: string }) => s.code)).toEqual([
      'DRAFT',
      'NEGO',
      'VALIDATED',
      'SENT',
      'WON',
      'LOST',
    ])
    const noContact = await setState(client, quote.id, QUOTE_STATE_IDS.VALIDATED)
    expect(noContact).toMatchObject({ status: 409, body: { message: d.contactRequiredForAction } })

    const { contactId } = await createCustomer(client)
    await client.patch(`/quotes/${quote.id}`, quoteBody({ contactId }))
    const validated = await setState(client, quote.id, QUOTE_STATE_IDS.VALIDATED)
    expect(validated.body.data).toMatchObject({ reference: 'D-2026-0001', state: { code: 'VALIDATED' } })
    expect((await setState(client, quote.id, QUOTE_STATE_IDS.VALIDATED)).status).toBe(409)
    await setState(client, quote.id, QUOTE_STATE_IDS.SENT)
    const won = await setState(client, quote.id, QUOTE_STATE_IDS.WON)
    expect(won.body.data).toMatchObject({ reference: 'D-2026-0001', state: { code: 'WON' } })
    expect((await client.patch(`/quotes/${quote.id}`, quoteBody({ contactId }))).statusCode).toBe(409)
    expect((await client.delete(`/quotes/${quote.id}`)).statusCode).toBe(409)

    const second = await createQuote(client, quoteBody({ contactId }))
    expect((await setState(client, second.id, QUOTE_STATE_IDS.NEGO)).body.data.reference).toBe('D-2026-0002')
    const draft = await createQuote(client, quoteBody())
    expect((await client.delete(`/quotes/${draft.id}`)).statusCode).toBe(204)
    const other = await vatPayer(ctx.app)
    expect((await other.client.get(`/quotes/${quote.id}`)).statusCode).toBe(404)
  })

  it('requires name and validityLimit, and lists with state filters and search', async () => {
    const { client } = await vatPayer(ctx.app)
    const bad = await client.post('/quotes', { ...quoteBody(), name: ' ', validityLimit: '' })
    expect(bad.statusCode).toBe(422)
    expect(json(bad).errors).toMatchObject({
      name: [messages.validation.required],
      validityLimit: [messages.validation.required],
    })
    const { contactId } = await createCustomer(client, {
      name: 'Michelin',
      registrySiren: '855200887',
      intracommunityTaxNumber: 'FR09855200887',
    })
    const a = await createQuote(client, quoteBody({ name: 'Audit', contactId, datedAt: '2026-10-01' }))
    const b = await createQuote(client, quoteBody({ name: 'Bilan', datedAt: '2026-11-01' }))
    await setState(client, a.id, QUOTE_STATE_IDS.VALIDATED)
    const ids = async (query: string) =>
      (json(await client.get(`/quotes?${query}`)).data as { id: number }[]).map((q) => q.id)
    expect(await ids('')).toEqual([b.id, a.id])
    expect(await ids('filter[state]=VALIDATED')).toEqual([a.id])
    expect(await ids('filter[state]=DRAFT,VALIDATED')).toEqual([b.id, a.id])
    expect(await ids('search=miche')).toEqual([a.id])
    expect(await ids('search=D-2026')).toEqual([a.id])
    expect((await client.get('/quotes?filter[state]=PAID')).statusCode).toBe(400)
    expect((await client.get('/quotes?filter[unknown]=1')).statusCode).toBe(400)
  })

  it('makes deposits, then a final invoice so that deposits + final invoice = the quote', async () => {
    const { client } = await vatPayer(ctx.app)
    await client.patch('/settings', { hasDiscounts: true })
    const { contactId } = await createCustomer(client)
    const quote = await createQuote(
      client,
      quoteBody({
        contactId,
        lines: [
          line({ quantity: '3', amount: '333.33', discount: { percentage: '5' } }),
          line({ amount: '499.99', taxId: 2 }),
          line({ amount: '75.5', taxId: 3, type: 'PRODUCT' }),
        ],
        discount: { percentage: '7' },
        deliveryFees: '12.5',
        disbursement: '40',
      }),
    )
    await setState(client, quote.id, QUOTE_STATE_IDS.VALIDATED)

    const missing = await client.post(`/quotes/${quote.id}/deposits`, { deposit_type: 'percent' })
    expect(json(missing).errors).toEqual({ percentage: [messages.validation.required] })
    const deposit = await act(client, `/quotes/${quote.id}/deposits`, 201, { percentage: 30, deposit_type: 'percent' })
    expect(deposit).toMatchObject({ isDeposit: true, quoteId: quote.id, state: { code: 'DRAFT' }, contactId })
    // 30 % of the quote's HT, exactly
    const expectedHt = (Number(quote.totalTaxExcluded) * 0.3).toFixed(2)
    expect(deposit.totalTaxExcluded).toBe(expectedHt)

    const tooMuch = await client.post(`/quotes/${quote.id}/deposits`, {
      amount: quote.totalTaxIncluded,
      deposit_type: 'amount_with_taxes',
    })
    expect(tooMuch.statusCode).toBe(422)
    const withTaxes = await act(client, `/quotes/${quote.id}/deposits`, 201, {
      amount: '100',
      deposit_type: 'amount_with_taxes',
    })
    expect(Math.abs(Number(withTaxes.totalTaxIncluded) - 100)).toBeLessThanOrEqual(0.02)

    // The final invoice waits for the deposits to be validated.
    const early = await client.post(`/quotes/${quote.id}/invoice`, {})
    expect(early.statusCode).toBe(409)
    expect(json(early).message).toBe(d.depositsNotValidated)
    await act(client, `/invoices/${deposit.id}/validate`)
    await act(client, `/invoices/${withTaxes.id}/validate`)

    const detail = json(await client.get(`/quotes/${quote.id}`)).data
    expect(detail.deposits.map((x: { id: number }) => x.id)).toEqual([deposit.id, withTaxes.id])
    expect(detail.depositsTotalTaxExcluded).toBe(
      add(deposit.totalTaxExcluded, withTaxes.totalTaxExcluded).includes('.')
        ? Number(add(deposit.totalTaxExcluded, withTaxes.totalTaxExcluded)).toFixed(2)
        : `${add(deposit.totalTaxExcluded, withTaxes.totalTaxExcluded)}.00`,
    )

    const final = await act(client, `/quotes/${quote.id}/invoice`, 201)
    expect(final).toMatchObject({ isFinal: true, quoteId: quote.id, state: { code: 'DRAFT' } })
    const deductions = final.lines.filter((l: { depositInvoiceId: number | null }) => l.depositInvoiceId !== null)
    expect(deductions.length).toBeGreaterThanOrEqual(2)
    const sumOf = (field: 'totalTaxExcluded' | 'totalTaxIncluded' | 'totalTaxes') =>
      [deposit, withTaxes, final].reduce((total, doc) => add(total, doc[field]), '0')
    expect(sumOf('totalTaxExcluded')).toBe(add(quote.totalTaxExcluded, 0))
    expect(sumOf('totalTaxes')).toBe(add(quote.totalTaxes, 0))
    expect(sumOf('totalTaxIncluded')).toBe(add(quote.totalTaxIncluded, 0))

    expect(final.finalInvoiceSources.deposits).toHaveLength(2)
    // Saving the final invoice as the editor sends it back keeps its deductions and its settled totals.
    const resaved = await client.patch(`/invoices/${final.id}`, {
      name: final.name,
      datedAt: final.datedAt,
      contactId,
      paymentLimit: final.paymentLimit,
      deliveryFees: final.deliveryFees,
      disbursement: final.disbursement,
      // The GET's read-only parts of a line (its unit, its tax, its total) are not sent back: the body refuses them.
      lines: final.lines.map(({ unit, tax, totalTaxExcluded, ...l }: Record<string, unknown>) => l),
    })
    expect(resaved.statusCode, resaved.body).toBe(200)
    expect(json(resaved).data).toMatchObject({ totalTaxIncluded: final.totalTaxIncluded, totalTaxes: final.totalTaxes })
    expect(
      json(resaved).data.lines.filter((l: { depositInvoiceId: number | null }) => l.depositInvoiceId),
    ).toHaveLength(deductions.length)

    const converted = json(await client.get(`/quotes/${quote.id}`)).data
    expect(converted.invoiceId).toBe(final.id)
    expect((await client.post(`/quotes/${quote.id}/invoice`, {})).statusCode).toBe(409)
    expect((await client.post(`/quotes/${quote.id}/deposits`, { percentage: 10 })).statusCode).toBe(409)
    const activities = await ctx.database.db.execute(
      `select code from activities where subject_type = 'quote' and subject_id = ${quote.id} order by id`,
    )
    expect((activities.rows as { code: string }[]).map((r) => r.code)).toEqual([
      'quote.created',
      'quote.state_updated',
      'quote.to_invoice',
      'quote.to_invoice',
      'quote.to_invoice',
    ])
  })

  it('converts a quote without deposits into an invoice with the same lines and totals, and duplicates', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const quote = await createQuote(client, quoteBody({ contactId, lines: [line(), line({ taxId: 2 })] }))
    const invoice = await act(client, `/quotes/${quote.id}/invoice`, 201)
    expect(invoice).toMatchObject({
      isFinal: false,
      quoteId: quote.id,
      quote: { id: quote.id },
      totalTaxIncluded: quote.totalTaxIncluded,
      contactId,
    })
    expect(invoice.lines).toHaveLength(2)
    const copy = await act(client, `/quotes/${quote.id}/duplicate`, 201)
    expect(copy).toMatchObject({ state: { code: 'DRAFT' }, reference: null, totalTaxIncluded: quote.totalTaxIncluded })
  })
})

describe('quote numbers', () => {
  it('keep a numbered quote moved back to DRAFT from being deleted, so quote numbers have no gap', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const quote = await createQuote(client, quoteBody({ contactId }))
    await setState(client, quote.id, QUOTE_STATE_IDS.VALIDATED)
    const back = await setState(client, quote.id, QUOTE_STATE_IDS.DRAFT)
    expect(back.body.data).toMatchObject({ state: { code: 'DRAFT' }, reference: 'D-2026-0001' })
    const refused = await client.delete(`/quotes/${quote.id}`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused).message).toBe(d.numberedQuote)
    // Validated again, it keeps its number.
    expect((await setState(client, quote.id, QUOTE_STATE_IDS.VALIDATED)).body.data.reference).toBe('D-2026-0001')
  })
})

describe('quote actions without a body', () => {
  it('duplicate and invoice answer the same with no body, an empty body and {}', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const sends = [
      (url: string) => client.request('POST', url),
      (url: string) => client.request('POST', url, '', { 'content-type': 'application/json' }),
      (url: string) => client.request('POST', url, {}),
    ]
    const outcomes = []
    for (const send of sends) {
      const quote = await createQuote(client, quoteBody({ contactId }))
      const copy = await send(`/quotes/${quote.id}/duplicate`)
      await setState(client, quote.id, QUOTE_STATE_IDS.WON)
      const invoice = await send(`/quotes/${quote.id}/invoice`)
      const again = await send(`/quotes/${quote.id}/invoice`)
      outcomes.push([
        copy.statusCode,
        json(copy).data.state.code,
        invoice.statusCode,
        json(invoice).data.totalTaxIncluded,
        again.statusCode,
      ])
    }
    expect(outcomes).toEqual([
      [201, 'DRAFT', 201, '120.00', 409],
      [201, 'DRAFT', 201, '120.00', 409],
      [201, 'DRAFT', 201, '120.00', 409],
    ])
  })
})

describe('PATCH /quotes/{id} is partial', () => {
  it('changes the fields sent and keeps the lines, the customer and the rest', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId, addressId } = await createCustomer(client)
    const quote = await createQuote(
      client,
      quoteBody({ contactId, terms: 'Conditions', lines: [line({ name: 'Audit' }), line({ name: 'Suivi' })] }),
    )
    const patched = await client.patch(`/quotes/${quote.id}`, { name: 'Nouveau titre' })
    expect(patched.statusCode, patched.body).toBe(200)
    const after = json(await client.get(`/quotes/${quote.id}`)).data
    expect(after).toMatchObject({
      name: 'Nouveau titre',
      contactId,
      billingAddressId: addressId,
      terms: 'Conditions',
      validityLimit: 30,
      totalTaxIncluded: '240.00',
    })
    expect(after.lines.map((l: { name: string }) => l.name)).toEqual(['Audit', 'Suivi'])

    const cleared = json(await client.patch(`/quotes/${quote.id}`, { terms: null, contactId: null })).data
    expect(cleared).toMatchObject({ name: 'Nouveau titre', terms: null, contactId: null, billingAddressId: null })
    expect(cleared.lines).toHaveLength(2)

    const invalid = await client.patch(`/quotes/${quote.id}`, { validityLimit: 0, name: '' })
    expect(invalid.statusCode).toBe(422)
    expect(json(invalid).errors).toEqual({
      validityLimit: [d.daysRange(1)],
      name: [messages.validation.required],
    })

    await client.patch(`/quotes/${quote.id}`, { contactId })
    await setState(client, quote.id, QUOTE_STATE_IDS.VALIDATED)
    const late = await client.patch(`/quotes/${quote.id}`, { name: 'Trop tard' })
    expect(late.statusCode).toBe(409)
    expect(json(late).message).toBe(d.notEditable)
  })
})

describe('quote ids out of range', () => {
  it('answer 4xx, never 500, in the body, the state, the filters and the path', async () => {
    const { client } = await vatPayer(ctx.app)
    const huge = 2 ** 40
    for (const body of [
      quoteBody({ contactId: huge }),
      quoteBody({ billingAddressId: huge }),
      quoteBody({ currencyId: huge }),
      quoteBody({ lines: [line({ unitId: huge })] }),
      quoteBody({ lines: [line({ taxId: huge })] }),
      quoteBody({ lines: [line({ itemId: huge })] }),
    ]) {
      const response = await client.post('/quotes', body)
      expect(response.statusCode, JSON.stringify(body)).toBe(422)
    }
    const quote = await createQuote(client, quoteBody())
    const state = await setState(client, quote.id, huge)
    expect(state).toMatchObject({ status: 422, body: { errors: { stateId: [messages.validation.choiceInvalid] } } })
    for (const filter of ['filter[id]', 'filter[contact]'])
      expect((await client.get(`/quotes?${filter}=${huge}`)).statusCode).toBe(400)
    expect((await client.get(`/quotes/${huge}`)).statusCode).toBe(404)
  })
})
