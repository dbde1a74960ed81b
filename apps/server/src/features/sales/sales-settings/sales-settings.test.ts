import { messages, referenceNumberingSchema } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { joinAsCollaborator, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { createValidatedInvoice, vatPayer } from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-15T10:00:00Z') })
const d = messages.documents

describe('PATCH /settings is partial', () => {
  it('changes the fields sent, keeps the others, and clears with null', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const first = await client.patch('/settings', {
      invoiceTerms: 'Paiement à 30 jours',
      quoteValidityPeriod: 45,
      hasDiscounts: true,
      latePenaltyRate: '10',
    })
    expect(first.statusCode, first.body).toBe(200)
    const one = await client.patch('/settings', { quoteTerms: 'Bon pour accord' })
    expect(json(one).data).toMatchObject({
      quoteTerms: 'Bon pour accord',
      invoiceTerms: 'Paiement à 30 jours',
      quoteValidityPeriod: 45,
      hasDiscounts: true,
      latePenaltyRate: '10',
    })
    const cleared = await client.patch('/settings', { invoiceTerms: null, quoteValidityPeriod: null })
    expect(json(cleared).data).toMatchObject({ invoiceTerms: null, quoteValidityPeriod: null, hasDiscounts: true })
    expect(json(await client.get('/settings')).data).toMatchObject({ quoteTerms: 'Bon pour accord' })
  })

  it('answers 422 keyed by field, and 403 to a collaborator', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const invalid = await owner.client.patch('/settings', { quoteValidityPeriod: 0, hasDiscounts: null })
    expect(invalid.statusCode).toBe(422)
    expect(Object.keys(json(invalid).errors).sort()).toEqual(['hasDiscounts', 'quoteValidityPeriod'])
    expect(json(invalid).errors.quoteValidityPeriod).toEqual([d.daysRange(1)])
    const collaborator = await joinAsCollaborator(ctx, owner)
    expect((await collaborator.client.patch('/settings', { hasDiscounts: true })).statusCode).toBe(403)
    expect((await collaborator.client.get('/settings')).statusCode).toBe(200)
  })
})

describe('PATCH /reference-numberings/{id} is partial', () => {
  it('changes the fields sent and keeps the others; the next reference follows', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const { invoiceReference } = json(await client.get('/settings')).data
    expect(invoiceReference).toMatchObject({ series: 'invoice', prefix: 'F', currentChrono: 1 })
    const prefixed = await client.patch(`/reference-numberings/${invoiceReference.id}`, { prefix: 'FA' })
    expect(prefixed.statusCode, prefixed.body).toBe(200)
    expect(json(prefixed).data).toMatchObject({
      id: invoiceReference.id,
      prefix: 'FA',
      separator: invoiceReference.separator,
      hasYearLong: invoiceReference.hasYearLong,
      currentChrono: 1,
    })
    const counter = json(await client.patch(`/reference-numberings/${invoiceReference.id}`, { currentChrono: 42 }))
    expect(counter.data).toMatchObject({ prefix: 'FA', currentChrono: 42 })
    expect(counter.data.next).toMatch(/^FA.*0042$/)
    // What the settings page sends (the whole form, with its preview field) still works.
    const form = Object.fromEntries(
      Object.keys(referenceNumberingSchema.shape).map((key) => [key, invoiceReference[key]]),
    )
    const whole = await client.patch(`/reference-numberings/${invoiceReference.id}`, {
      ...form,
      reference: 'F-2026-0001',
    })
    expect(json(whole).data).toMatchObject({ prefix: 'F', currentChrono: 1 })
  })

  it('answers 422 keyed by field, 404 for an id it does not have, 403 to a collaborator', async () => {
    const owner = await signUpWithOrganization(ctx.app)
    const { quoteReference } = json(await owner.client.get('/settings')).data
    const url = `/reference-numberings/${quoteReference.id}`
    const invalid = await owner.client.patch(url, { currentChrono: 0, prefix: 'D E' })
    expect(invalid.statusCode).toBe(422)
    expect(json(invalid).errors).toEqual({ currentChrono: [d.chronoMin], prefix: [d.numberingCharacters] })
    expect(json(await owner.client.patch(url, { currentChrono: null })).errors).toHaveProperty('currentChrono')
    expect(json(await owner.client.get('/settings')).data.quoteReference).toEqual(quoteReference)

    expect((await owner.client.patch(`/reference-numberings/${2 ** 40}`, { prefix: 'X' })).statusCode).toBe(404)
    const other = await signUpWithOrganization(ctx.app)
    expect((await other.client.patch(url, { prefix: 'X' })).statusCode).toBe(404)
    const collaborator = await joinAsCollaborator(ctx, owner)
    expect((await collaborator.client.patch(url, { prefix: 'X' })).statusCode).toBe(403)
  })
})

describe('a number is given once', () => {
  it('refuses to move the counter back onto a number a document has, per series', async () => {
    const { client } = await vatPayer(ctx.app)
    const first = await createValidatedInvoice(client)
    expect(first.reference).toBe('F-2026-0001')
    const { invoiceReference, creditNoteReference } = json(await client.get('/settings')).data
    expect(invoiceReference.currentChrono).toBe(2)
    const back = await client.patch(`/reference-numberings/${invoiceReference.id}`, { currentChrono: 1 })
    expect(back.statusCode).toBe(422)
    expect(Object.keys(json(back).errors)).toEqual(['currentChrono'])
    expect(json(back).errors.currentChrono[0]).toMatch(/dernier numéro attribué \(1\)/)
    expect(
      (await client.patch(`/reference-numberings/${creditNoteReference.id}`, { currentChrono: 1 })).statusCode,
    ).toBe(200)
    const ahead = await client.patch(`/reference-numberings/${invoiceReference.id}`, { currentChrono: 10 })
    expect(json(ahead).data.currentChrono).toBe(10)
    expect((await createValidatedInvoice(client)).reference).toBe('F-2026-0010')
  })
})
