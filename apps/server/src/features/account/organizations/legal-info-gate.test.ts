import { QUOTE_STATE_IDS } from '@app/domain'
import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type Client, joinAsCollaborator, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { createSubscription, givePlan, occurrencesOf, recurringBody } from '../../../../test/recurring'
import { act, createCustomer, createInvoice, createQuote, invoiceBody, quoteBody } from '../../../../test/sales'

// "Today" is Sunday 10 January 2027 in Paris; documents are dated that month.
const ctx = useTestContext({ now: () => new Date('2027-01-10T10:00:00Z') })

// The jobs serve every organisation of the database: each test stops its schedules so the next one runs alone.
afterEach(async () => {
  await ctx.database.db.execute(sql`update recurring_params set is_active = false`)
})

const MESSAGE_START = "Complète tes informations légales avant d'émettre un devis ou une facture : "

/** A VAT-paying organisation (monthly regime) as sign-up leaves it: no SIREN, no address, no VAT number. */
const incompleteVatPayer = () => signUpWithOrganization(ctx.app, { taxRegimeId: 2 }, { legalInfo: false })

async function draftInvoice(client: Client) {
  const { contactId, addressId } = await createCustomer(client)
  return createInvoice(client, invoiceBody({ datedAt: '2027-01-05', contactId, billingAddressId: addressId }))
}

async function refused(response: { statusCode: number; body: string }, missing: string) {
  expect(response.statusCode, response.body).toBe(409)
  expect(JSON.parse(response.body)).toMatchObject({
    code: 'LEGAL_INFO_REQUIRED',
    message: `${MESSAGE_START}${missing}.`,
  })
}

describe('issuing needs the legal information (spec/account.md need-legal-infos)', () => {
  it('refuses to validate an invoice, naming each missing piece, until name, SIREN, address and VAT number are there', async () => {
    const { client } = await incompleteVatPayer()
    const draft = await draftInvoice(client)
    const organization = json(await client.get('/organization')).data
    expect(organization).toMatchObject({
      hasCompletedLegalInfo: false,
      missingLegalInfo: ['siren', 'address', 'vatNumber'],
    })

    await refused(
      await client.post(`/invoices/${draft.id}/validate`),
      'SIREN, adresse, numéro de TVA intracommunautaire',
    )
    expect((await client.patch('/organization', { registrySiren: '732 829 320' })).statusCode).toBe(200)
    await refused(await client.post(`/invoices/${draft.id}/validate`), 'adresse, numéro de TVA intracommunautaire')
    const address = { street: '12 rue de la Paix', postcode: '75002', city: 'Paris' }
    expect((await client.patch('/organization', { address })).statusCode).toBe(200)
    await refused(await client.post(`/invoices/${draft.id}/validate`), 'numéro de TVA intracommunautaire')
    // Refused validations left the draft as it was and took no number from the series.
    expect(json(await client.get(`/invoices/${draft.id}`)).data).toMatchObject({ state: { code: 'DRAFT' } })

    const completed = await client.patch('/organization', { registryIntra: 'FR44732829320' })
    expect(json(completed).data).toMatchObject({ hasCompletedLegalInfo: true, missingLegalInfo: [] })
    const validated = await act(client, `/invoices/${draft.id}/validate`)
    expect(validated).toMatchObject({ state: { code: 'VALIDATED' }, reference: 'F-2027-0001' })
  })

  it('asks no VAT number of an organisation under the franchise en base', async () => {
    const { client } = await signUpWithOrganization(ctx.app, { taxRegimeId: 1 }, { legalInfo: false })
    const draft = await draftInvoice(client)
    await refused(await client.post(`/invoices/${draft.id}/validate`), 'SIREN, adresse')
    const patch = await client.patch('/organization', {
      registrySiren: '732829320',
      address: { street: '12 rue de la Paix', postcode: '75002', city: 'Paris' },
    })
    expect(json(patch).data.missingLegalInfo).toEqual([])
    await act(client, `/invoices/${draft.id}/validate`)
  })

  it('refuses to take a quote out of draft, and lets it once the information is complete', async () => {
    const { client } = await signUpWithOrganization(ctx.app, {}, { legalInfo: false })
    const { contactId } = await createCustomer(client)
    const quote = await createQuote(client, quoteBody({ datedAt: '2027-01-05', contactId }))
    const validate = () => client.patch(`/quotes/${quote.id}/state`, { stateId: QUOTE_STATE_IDS.VALIDATED })
    await refused(await validate(), 'SIREN, adresse')
    await client.patch('/organization', {
      registrySiren: '732829320',
      address: { street: '12 rue de la Paix', postcode: '75002', city: 'Paris' },
    })
    const response = await validate()
    expect(response.statusCode, response.body).toBe(200)
    expect(json(response).data).toMatchObject({ state: { code: 'VALIDATED' }, reference: 'D-2027-0001' })
  })

  it('gives a collaborator the same 409 (the web sends them to /app/oups/need-legal-infos)', async () => {
    const owner = await signUpWithOrganization(ctx.app, {}, { legalInfo: false })
    const draft = await draftInvoice(owner.client)
    const collaborator = await joinAsCollaborator(ctx, owner)
    await refused(await collaborator.client.post(`/invoices/${draft.id}/validate`), 'SIREN, adresse')
  })

  it('refuses a credit note, issued validated, once the SIREN has been taken away', async () => {
    const { client } = await signUpWithOrganization(ctx.app)
    const invoice = await act(client, `/invoices/${(await draftInvoice(client)).id}/validate`)
    expect((await client.patch('/organization', { registrySiren: null })).statusCode).toBe(200)
    await refused(await client.post(`/invoices/${invoice.id}/credit-note`, { partial: false }), 'SIREN')
  })

  it('leaves a recurring occurrence with the send option as a draft, says why in its history, and sends nothing', async () => {
    const owner = await signUpWithOrganization(ctx.app, {}, { legalInfo: false })
    await givePlan(ctx, owner.organization.id, 'plus-monthly')
    const { contactId, addressId } = await createCustomer(owner.client, { email: 'compta@danone.fr' })
    const sub = await createSubscription(
      owner.client,
      recurringBody(
        { contactId, billingAddressId: addressId },
        {
          day: 5,
          endingType: 'occurrences',
          occurrences: 1,
          creationOption: 'send',
          emails: { emailRecipient: 'compta@danone.fr', subject: 'Facture {reference}', body: 'Bonjour' },
        },
      ),
    )
    const mailsBefore = ctx.smtp.received.length
    const summary = await ctx.app.jobs.runDue({ until: '2027-02-28' })
    expect(summary.jobs.failed).toBe(1)
    const [made] = await occurrencesOf(owner.client, sub.id)
    expect(made).toMatchObject({ state: { code: 'DRAFT' }, reference: null })
    const history = json(await owner.client.get(`/invoices/${made.id}/activities`)).data.map(
      (entry: { sentence: string }) => entry.sentence,
    )
    expect(history).toContain(
      `Carnet a laissé la facture « Maintenance février 2027 » en brouillon sans l'envoyer : ${MESSAGE_START}SIREN, adresse.`,
    )
    expect(ctx.smtp.received.length).toBe(mailsBefore)
  })
})
