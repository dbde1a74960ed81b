import { ISSUING_REFUSALS, issuingMessages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { json, useTestContext } from '../../../../test/helpers'
import { act, createCustomer, createInvoice, invoiceBody, line, vatPayer } from '../../../../test/sales'

/** 28 November 2026 in Paris. */
const ctx = useTestContext({ now: () => new Date('2026-11-28T10:00:00Z') })

async function draftFor(client: Parameters<typeof createCustomer>[0], overrides: Record<string, unknown> = {}) {
  const { contactId, addressId } = await createCustomer(client)
  return createInvoice(client, invoiceBody({ contactId, billingAddressId: addressId, ...overrides }))
}

describe('an invoice the law accepts', () => {
  it('never validates with a negative or zero total: the refusal points to a credit note, nothing is numbered', async () => {
    const { client } = await vatPayer(ctx.app)
    const negative = await draftFor(client, { lines: [line({ amount: '100' }), line({ amount: '-150' })] })
    const refused = await client.post(`/invoices/${negative.id}/validate`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({
      code: ISSUING_REFUSALS.nonPositiveTotal,
      message: issuingMessages.nonPositiveTotal,
    })
    expect(json(refused).message).toContain('avoir')
    const zero = await draftFor(client, { lines: [line({ amount: '100' }), line({ amount: '-100' })] })
    expect(json(await client.post(`/invoices/${zero.id}/validate`)).code).toBe(ISSUING_REFUSALS.nonPositiveTotal)
    // Both stay drafts, and the series gave no number away: the next invoice is the first.
    expect(json(await client.get(`/invoices/${negative.id}`)).data).toMatchObject({ reference: null })
    const positive = await draftFor(client)
    expect((await act(client, `/invoices/${positive.id}/validate`)).reference).toMatch(/-0001$/)
  })

  it('keeps credit notes, the only documents with negative totals, validating', async () => {
    const { client } = await vatPayer(ctx.app)
    const { contactId, addressId } = await createCustomer(client)
    const creditNote = await createInvoice(
      client,
      invoiceBody({ contactId, billingAddressId: addressId, isCreditNote: true, lines: [line({ amount: '80' })] }),
    )
    const validated = await act(client, `/invoices/${creditNote.id}/validate`)
    expect(validated).toMatchObject({ state: { code: 'VALIDATED' }, totalTaxIncluded: '-96.00' })
  })

  it('refuses a customer without a complete billing address, naming what is missing', async () => {
    const { client } = await vatPayer(ctx.app)
    const created = await client.post('/contacts?relation=customer', {
      contactTypeId: 1,
      name: 'Sans Adresse SARL',
      registrySiren: '552032534',
      intracommunityTaxNumber: 'FR27552032534',
    })
    expect(created.statusCode, created.body).toBe(201)
    const contact = json(created).data
    const draft = await createInvoice(client, invoiceBody({ contactId: contact.id }))
    const refused = await client.post(`/invoices/${draft.id}/validate`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({
      code: ISSUING_REFUSALS.customerInfoRequired,
      message: 'Complète la fiche de Sans Adresse SARL avant de valider : il manque son adresse de facturation.',
    })
    // With the address added to the customer, the same draft validates.
    await client.post('/addresses', {
      addressableType: 'contact',
      addressableId: contact.id,
      addressTypeId: 1,
      street: '3 rue des Lilas',
      postcode: '69003',
      city: 'Lyon',
      countryId: 71,
    })
    expect((await act(client, `/invoices/${draft.id}/validate`)).state.code).toBe('VALIDATED')
  })
})

describe('numbers follow dates within a series', () => {
  it('refuses a date before the last numbered invoice, then validates it dated today on request', async () => {
    const { client } = await vatPayer(ctx.app)
    const first = await draftFor(client, { datedAt: '2026-11-02' })
    const backDated = await draftFor(client, { datedAt: '2026-10-15', paymentLimit: 30 })
    const firstReference = (await act(client, `/invoices/${first.id}/validate`)).reference as string
    const refused = await client.post(`/invoices/${backDated.id}/validate`)
    expect(refused.statusCode).toBe(409)
    expect(json(refused)).toMatchObject({
      code: ISSUING_REFUSALS.dateBeforeLastIssued,
      message: issuingMessages.dateBeforeLastIssued('invoice', { reference: firstReference, datedAt: '2026-11-02' }),
    })
    // Nothing changed: still a draft with its date, and the refused attempt gave no number away.
    expect(json(await client.get(`/invoices/${backDated.id}`)).data).toMatchObject({
      datedAt: '2026-10-15',
      reference: null,
      state: { code: 'DRAFT' },
    })
    const today = await act(client, `/invoices/${backDated.id}/validate?dated=today`)
    expect(today).toMatchObject({ datedAt: '2026-11-28', paymentLimitAt: '2026-12-28', state: { code: 'VALIDATED' } })
    expect(today.reference).toMatch(/-0002$/)
    // The same day as the last one, and any later day, keep their own date.
    const sameDay = await draftFor(client, { datedAt: '2026-11-28' })
    expect((await act(client, `/invoices/${sameDay.id}/validate`)).datedAt).toBe('2026-11-28')
    expect((await client.post(`/invoices/${first.id}/validate?dated=yesterday`)).statusCode).toBe(400)
  })

  it('applies the same rule to credit notes in their own series, apart from invoices', async () => {
    const { client } = await vatPayer(ctx.app)
    const invoice = await draftFor(client, { datedAt: '2026-11-20' })
    await act(client, `/invoices/${invoice.id}/validate`)
    // A credit note dated before the invoice is fine: its own series has nothing yet.
    const early = await draftFor(client, { isCreditNote: true, datedAt: '2026-11-10' })
    expect((await act(client, `/invoices/${early.id}/validate`)).reference).toMatch(/^AV-/)
    const earlier = await draftFor(client, { isCreditNote: true, datedAt: '2026-11-05' })
    const refused = await client.post(`/invoices/${earlier.id}/validate`)
    expect(json(refused).code).toBe(ISSUING_REFUSALS.dateBeforeLastIssued)
    expect(json(refused).message).toMatch(/^L'avoir AV-.* est daté du 10\/11\/2026/)
  })

  it('keeps numbers in date order under concurrent validations of drafts with mixed dates', async () => {
    const { client } = await vatPayer(ctx.app)
    const dates = ['2026-11-10', '2026-11-03', '2026-11-25', '2026-11-12', '2026-11-01', '2026-11-20', '2026-11-07']
    const drafts = []
    for (const datedAt of dates) drafts.push(await draftFor(client, { datedAt }))
    const answers = await Promise.all(drafts.map((draft) => client.post(`/invoices/${draft.id}/validate`)))
    for (const answer of answers) expect([200, 409]).toContain(answer.statusCode)
    const numbered = answers
      .filter((answer) => answer.statusCode === 200)
      .map((answer) => json(answer).data as { reference: string; datedAt: string })
      .sort((a, b) => a.reference.localeCompare(b.reference))
    expect(numbered.length).toBeGreaterThan(0)
    numbered.forEach((invoice, index) => {
      expect(invoice.reference).toMatch(new RegExp(`-${String(index + 1).padStart(4, '0')}$`))
      if (index > 0) expect(invoice.datedAt >= (numbered[index - 1] as { datedAt: string }).datedAt).toBe(true)
    })
  })
})
