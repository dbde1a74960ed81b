import { messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { act, createCustomer, createInvoice, invoiceBody, line, vatPayer } from '../../../../test/sales'

/** Mid-November 2026 in Paris: invoices dated 2 November are due 2 December. */
const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })
const d = messages.documents

describe('invoice totals', () => {
  it('computes several VAT rates, line and global discounts, delivery fees and disbursements to the cent', async () => {
    const { client } = await vatPayer(ctx.app)
    expect((await client.patch('/settings', { hasDiscounts: true })).statusCode).toBe(200)
    const invoice = await createInvoice(
      client,
      invoiceBody({
        lines: [
          // 3 × 123.456 = 370.368 → 370.37; −10 % = 37.04 → net 333.33 at 20 %
          line({ quantity: '3', amount: '123.456', discount: { percentage: '10' } }),
          // 2 × 49.99 = 99.98; −5.00 → net 94.98 at 5.5 %
          line({ quantity: '2', amount: '49.99', taxId: 3, discount: { amount: '5' } }),
          // 250.00 at 10 %
          line({ amount: '250', taxId: 2, type: 'PRODUCT' }),
        ],
        // 10 % of 678.31 = 67.83, spread: 5.5 % → 9.50, 10 % → 25.00, 20 % (largest base) → 33.33
        discount: { percentage: '10' },
        deliveryFees: '15',
        disbursement: '30',
      }),
    )
    expect(invoice.lines.map((l: { totalTaxExcluded: string }) => l.totalTaxExcluded)).toEqual([
      '333.33',
      '94.98',
      '250.00',
    ])
    // bases: 20 % 333.33 − 33.33 + 15 = 315.00 (VAT 63.00); 10 % 225.00 (22.50); 5.5 % 85.48 (4.70); 0 % 30.00
    expect(invoice.vatBreakdown).toEqual([
      { ratePercent: '20', taxExcluded: '315.00', taxAmount: '63.00', taxIncluded: '378.00' },
      { ratePercent: '10', taxExcluded: '225.00', taxAmount: '22.50', taxIncluded: '247.50' },
      { ratePercent: '5.5', taxExcluded: '85.48', taxAmount: '4.70', taxIncluded: '90.18' },
      { ratePercent: '0', taxExcluded: '30.00', taxAmount: '0.00', taxIncluded: '30.00' },
    ])
    expect(invoice).toMatchObject({
      totalTaxExcluded: '655.48',
      totalTaxes: '90.20',
      totalTaxIncluded: '745.68',
      amount: '745.68',
      nature: 'MIXED',
      reference: null,
      state: { code: 'DRAFT' },
      discount: { name: 'Remise globale', amount: null, percentage: '10' },
      paymentLimitAt: '2026-12-02',
    })
    const listed = json(await client.get('/invoices')).data[0]
    expect(listed).toMatchObject({ id: invoice.id, totalTaxIncluded: '745.68', totalTaxExcluded: '655.48' })
  })

  it('refuses a global discount while the setting is off, and checks lines with the spec messages', async () => {
    const { client } = await vatPayer(ctx.app)
    const refused = await client.post('/invoices', invoiceBody({ discount: { amount: '10' } }))
    expect(refused.statusCode).toBe(422)
    expect(json(refused).errors).toEqual({ discount: [d.discountsDisabled] })
    const bad = await client.post(
      '/invoices',
      invoiceBody({ name: '', paymentLimit: '', lines: [line({ amount: '0', quantity: '-1', taxId: 9999 })] }),
    )
    expect(bad.statusCode).toBe(422)
    const errors = json(bad).errors
    expect(errors.name).toEqual([messages.validation.required])
    expect(errors.paymentLimit).toBeDefined()
    expect(errors['lines.0.amount']).toEqual(['Le montant ne doit pas être égal à 0'])
    expect(errors['lines.0.quantity']).toEqual(['La quantité ne peut pas être négative'])
    const unknownTax = await client.post('/invoices', invoiceBody({ lines: [line({ taxId: 9999 })] }))
    expect(json(unknownTax).errors).toEqual({ 'lines.0.taxId': [d.unknownTax] })
  })

  it('puts every line at 0 % for a tax-free organisation', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const invoice = await createInvoice(client, invoiceBody({ lines: [line({ amount: '1200' })] }))
    expect(invoice).toMatchObject({ taxFree: true, totalTaxExcluded: '1200.00', totalTaxes: '0.00', amount: '1200.00' })
    expect(invoice.lines[0]).toMatchObject({ taxId: 6, tax: { amount: '0' } })
  })
})

describe('invoice life', () => {
  it('validates with a gapless number, then refuses edits and deletion, also by a crafted request', async () => {
    const { client } = await vatPayer(ctx.app)
    const noContact = await createInvoice(client, invoiceBody())
    const refused = await client.post(`/invoices/${noContact.id}/validate`, {})
    expect(refused.statusCode).toBe(409)
    expect(json(refused).message).toBe(d.contactRequired)

    const { contactId, addressId } = await createCustomer(client)
    const noLine = await createInvoice(client, invoiceBody({ contactId, lines: [] }))
    expect(json(await client.post(`/invoices/${noLine.id}/validate`, {})).message).toBe(d.linesRequired)

    const first = await act(
      client,
      `/invoices/${(await createInvoice(client, invoiceBody({ contactId }))).id}/validate`,
    )
    expect(first).toMatchObject({
      reference: 'F-2026-0001',
      state: { code: 'VALIDATED' },
      billingAddressId: addressId,
      customer: { name: 'Danone', registrySiren: '552032534', billingAddress: { city: 'Paris' } },
    })
    const second = await act(
      client,
      `/invoices/${(await createInvoice(client, invoiceBody({ contactId }))).id}/validate`,
    )
    expect(second.reference).toBe('F-2026-0002')

    const edit = await client.patch(`/invoices/${first.id}`, invoiceBody({ contactId, lines: [line({ amount: '1' })] }))
    expect(edit.statusCode).toBe(409)
    expect(json(edit).message).toBe(d.notEditable)
    expect((await client.delete(`/invoices/${first.id}`)).statusCode).toBe(409)
    expect((await client.post(`/invoices/${first.id}/validate`, {})).statusCode).toBe(409)
    const after = json(await client.get(`/invoices/${first.id}`)).data
    expect(after).toMatchObject({ reference: 'F-2026-0001', totalTaxIncluded: '120.00' })

    // A draft can be edited and deleted.
    const draft = await createInvoice(client, invoiceBody())
    const patched = await client.patch(`/invoices/${draft.id}`, invoiceBody({ name: 'Autre', lines: [line(), line()] }))
    expect(json(patched).data).toMatchObject({ name: 'Autre', totalTaxIncluded: '240.00' })
    expect((await client.delete(`/invoices/${draft.id}`)).statusCode).toBe(204)
    expect((await client.get(`/invoices/${draft.id}`)).statusCode).toBe(404)
  })

  it('goes sent, paid (with a date that can change), back to pending, and refuses actions outside their states', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const draft = await createInvoice(client, invoiceBody({ contactId }))
    expect((await client.post(`/invoices/${draft.id}/mark-as-sent`, {})).statusCode).toBe(409)
    expect((await client.post(`/invoices/${draft.id}/mark-as-paid`, {})).statusCode).toBe(409)
    await act(client, `/invoices/${draft.id}/validate`)
    expect((await act(client, `/invoices/${draft.id}/mark-as-sent`)).state.code).toBe('PENDING')
    expect((await client.post(`/invoices/${draft.id}/mark-as-sent`, {})).statusCode).toBe(409)
    const early = await client.post(`/invoices/${draft.id}/mark-as-paid`, { paymentDateAt: '2026-10-01' })
    expect(json(early).errors).toEqual({ paymentDateAt: [d.paymentDateBeforeIssue] })
    const paid = await act(client, `/invoices/${draft.id}/mark-as-paid`, 200, { paymentDateAt: '2026-11-10' })
    expect(paid).toMatchObject({ state: { code: 'PAID' }, paymentDateAt: '2026-11-10' })
    const moved = await client.patch(`/invoices/${draft.id}/payment-date?date=2026-11-12`, {})
    expect(json(moved).data.paymentDateAt).toBe('2026-11-12')
    expect((await client.patch(`/invoices/${draft.id}/payment-date?date=12/11/2026`, {})).statusCode).toBe(400)
    const pending = await act(client, `/invoices/${draft.id}/mark-as-pending`)
    expect(pending).toMatchObject({ state: { code: 'PENDING' }, paymentDateAt: null })
    expect((await client.patch(`/invoices/${draft.id}/payment-date?date=2026-11-12`, {})).statusCode).toBe(409)
  })

  it('turns a PENDING invoice past its due date LATE by itself, written by the platform', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const invoice = await createInvoice(client, invoiceBody({ contactId, datedAt: '2026-11-01', paymentLimit: 10 }))
    await act(client, `/invoices/${invoice.id}/validate`)
    expect((await act(client, `/invoices/${invoice.id}/mark-as-sent`)).state.code).toBe('LATE')

    const later = await createInvoice(client, invoiceBody({ contactId, datedAt: '2026-11-15', paymentLimit: 7 }))
    await act(client, `/invoices/${later.id}/validate`)
    expect((await act(client, `/invoices/${later.id}/mark-as-sent`)).state.code).toBe('PENDING')
    ctx.setNow(() => new Date('2026-11-23T08:00:00Z'))
    try {
      const late = json(await client.get('/invoices?filter[late]=true')).data.map((i: { id: number }) => i.id)
      expect(late).toEqual([later.id, invoice.id])
      const summary = json(await client.get('/invoices/summary')).data
      expect(summary).toEqual({
        paid: { sum: '0.00', count: 0 },
        pending: { sum: '0.00', count: 0 },
        late: { sum: '240.00', count: 2 },
      })
    } finally {
      ctx.setNow(() => new Date('2026-11-15T10:00:00Z'))
    }
  })

  it('duplicates into a new draft dated today, and answers 404 for another organisation', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const source = await createInvoice(client, invoiceBody({ contactId }))
    await act(client, `/invoices/${source.id}/validate`)
    const copy = await act(client, `/invoices/${source.id}/duplicate`, 201)
    expect(copy).toMatchObject({ state: { code: 'DRAFT' }, reference: null, datedAt: '2026-11-15', contactId })
    expect(copy.id).not.toBe(source.id)

    const other = await vatPayer(ctx.app)
    expect((await other.client.get(`/invoices/${source.id}`)).statusCode).toBe(404)
    expect((await other.client.post(`/invoices/${source.id}/validate`, {})).statusCode).toBe(404)
    expect((await other.client.delete(`/invoices/${copy.id}`)).statusCode).toBe(404)
    expect(json(await other.client.get('/invoices')).meta.total).toBe(0)
  })
})

describe('credit notes', () => {
  it('makes a partial credit note split over the rates, then a total one for what remains, cancelling the invoice', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const invoice = await createInvoice(
      client,
      // 20 % base 100 → 120.00 TTC; 10 % base 100 → 110.00 TTC; total 230.00
      invoiceBody({ contactId, lines: [line(), line({ taxId: 2 })] }),
    )
    expect((await client.post(`/invoices/${invoice.id}/credit-note`, { partial: true, amount: '10' })).statusCode).toBe(
      409,
    )
    await act(client, `/invoices/${invoice.id}/validate`)

    const tooMuch = await client.post(`/invoices/${invoice.id}/credit-note`, { partial: true, amount: '230.01' })
    expect(tooMuch.statusCode).toBe(422)
    expect(json(tooMuch).errors.amount).toEqual([d.creditTooHigh('230,00\u00a0€')])

    const partial = await act(client, `/invoices/${invoice.id}/credit-note`, 201, { partial: true, amount: '46' })
    expect(partial).toMatchObject({
      type: 'AV',
      isCreditNote: true,
      reference: 'AV-2026-0001',
      state: { code: 'VALIDATED' },
      totalTaxIncluded: '-46.00',
      creditedInvoiceId: invoice.id,
    })
    expect(partial.vatBreakdown.map((r: { ratePercent: string }) => r.ratePercent)).toEqual(['20', '10'])
    const afterPartial = json(await client.get(`/invoices/${invoice.id}`)).data
    expect(afterPartial).toMatchObject({ state: { code: 'VALIDATED' }, remainingToCredit: '184.00' })
    expect(afterPartial.creditNotes).toEqual([
      { id: partial.id, reference: 'AV-2026-0001', amount: '-46.00', datedAt: '2026-11-15' },
    ])

    const total = await act(client, `/invoices/${invoice.id}/credit-note`, 201, { partial: false })
    expect(total).toMatchObject({ reference: 'AV-2026-0002', totalTaxIncluded: '-184.00' })
    const canceled = json(await client.get(`/invoices/${invoice.id}`)).data
    expect(canceled).toMatchObject({ state: { code: 'CANCELED' }, remainingToCredit: '0.00' })
    expect((await client.post(`/invoices/${invoice.id}/credit-note`, { partial: false })).statusCode).toBe(409)
    // Credit notes do not take invoice numbers.
    const next = await createInvoice(client, invoiceBody({ contactId }))
    expect((await act(client, `/invoices/${next.id}/validate`)).reference).toBe('F-2026-0002')
  })

  it('mirrors every line of an invoice never credited, with its options', async () => {
    const { client } = await vatPayer(ctx.app)
    await client.patch('/settings', { hasDiscounts: true })
    const { contactId } = await createCustomer(client)
    const invoice = await createInvoice(
      client,
      invoiceBody({
        contactId,
        lines: [line({ quantity: '3', amount: '33.333', discount: { percentage: '5' } }), line({ taxId: 3 })],
        discount: { amount: '7.77' },
        deliveryFees: '9.99',
        disbursement: '4.5',
      }),
    )
    await act(client, `/invoices/${invoice.id}/validate`)
    const credit = await act(client, `/invoices/${invoice.id}/credit-note`, 201, {})
    expect(credit.totalTaxExcluded).toBe(`-${invoice.totalTaxExcluded}`)
    expect(credit.totalTaxes).toBe(`-${invoice.totalTaxes}`)
    expect(credit.totalTaxIncluded).toBe(`-${invoice.totalTaxIncluded}`)
    expect(credit.lines).toHaveLength(2)
    expect(credit.lines[0]).toMatchObject({ quantity: '3', amount: '-33.333' })
    expect(json(await client.get(`/invoices/${invoice.id}`)).data.state.code).toBe('CANCELED')
    const creditNotes = json(await client.get('/invoices?filter[creditNote]=true')).data
    expect(creditNotes.map((i: { id: number }) => i.id)).toEqual([credit.id])
  })
})

describe('numbering under concurrency', () => {
  it('gives 50 concurrent validations 50 consecutive numbers, without gap or duplicate', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const ids: number[] = []
    for (let i = 0; i < 50; i++) ids.push((await createInvoice(client, invoiceBody({ contactId }))).id)
    const results = await Promise.all(ids.map((id) => client.post(`/invoices/${id}/validate`, {})))
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200))
    const references = results.map((r) => json(r).data.reference as string).sort()
    expect(references).toEqual(Array.from({ length: 50 }, (_, i) => `F-2026-${String(i + 1).padStart(4, '0')}`))
    // 50 validations waiting on one series' lock, each posting its entry: 22 s on PGlite, 28–30 s on the Citus
    // cluster on a slow day of CI's two cores.
  }, 90_000)
})

describe('blank credit notes', () => {
  it('keeps credit notes negative whatever sign was typed, and numbers them in their own series', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId } = await createCustomer(client)
    const note = await createInvoice(
      client,
      invoiceBody({ isCreditNote: true, contactId, lines: [line({ amount: '50' })], deliveryFees: '10' }),
    )
    expect(note).toMatchObject({
      type: 'AV',
      isCreditNote: true,
      totalTaxExcluded: '-60.00',
      totalTaxIncluded: '-72.00',
    })
    expect(note.lines[0].amount).toBe('-50')
    // PATCH is partial: the delivery fees not sent stay (-10), the lines sent replace the others.
    const saved = await client.patch(
      `/invoices/${note.id}`,
      invoiceBody({ contactId, lines: [line({ amount: '-50' })] }),
    )
    expect(json(saved).data).toMatchObject({ isCreditNote: true, totalTaxIncluded: '-72.00' })
    expect((await act(client, `/invoices/${note.id}/validate`)).reference).toBe('AV-2026-0001')
    expect((await client.post(`/invoices/${note.id}/mark-as-sent`, {})).statusCode).toBe(409)
  })
})

/** The three ways of sending "nothing" to an action (API.md): no body, an empty JSON body, `{}`. */
