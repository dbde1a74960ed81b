import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { danone, danoneEstablishment } from '../company-directory'
import { type Client, json, signUpWithOrganization, uniqueEmail } from '../helpers'
import { SAMPLE_FILES, sendFiles } from '../money'
import { createCustomer, createInvoice, createQuote, createValidatedInvoice, invoiceBody, quoteBody } from '../sales'
import type { FuzzDocument } from './checker'
import { operationsOf, type Pools } from './requests'
import { skipOf } from './skip'

// The run's world: what each pass of the fuzzer works in.

export type World = {
  client: Client
  organizationId: number
  cookie: string
  token: string
  tokenId: number
  pools: Pools
}

/** Every `id` and `…Id` number in a JSON value, and the ids of `data` (or `data[]`) under `resource`. */
function harvest(value: unknown, into: Set<number>) {
  if (Array.isArray(value)) for (const item of value) harvest(item, into)
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value)) {
      if ((key === 'id' || key.endsWith('Id')) && Number.isInteger(item) && (item as number) > 0)
        into.add(item as number)
      else harvest(item, into)
    }
}

/**
 * A user with an organisation, a personal API token, and a few objects of each kind so that real ids exist; then the
 * first ids of every list the document has, under the path's last segment.
 */
export async function newWorld(app: FastifyInstance, document: FuzzDocument): Promise<World> {
  const { client, organization } = await signUpWithOrganization(app)
  const tokenResponse = await client.post('/me/tokens', { name: 'fuzz' })
  expect(tokenResponse.statusCode, tokenResponse.body).toBe(201)
  const token = json(tokenResponse).data as { id: number; token: string }
  const ids = new Set<number>([1, 2, 3])
  const byResource: Record<string, number[]> = {}
  const add = (resource: string, id: unknown) => {
    if (!Number.isInteger(id)) return
    byResource[resource] = [...new Set([...(byResource[resource] ?? []), id as number])]
    ids.add(id as number)
  }
  const strings: Record<string, string[]> = {
    siret: [danone.siren, danone.siege.siret, danoneEstablishment.siret],
    slug: ['cgu-cgv', 'confidentiality-policy'],
  }
  const problems: string[] = []
  /** A seeding step that fails (a route being reworked) leaves fewer real ids, not a broken run. */
  const step = async (name: string, run: () => Promise<void>) => {
    try {
      await run()
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message.split('\n')[0]}`)
    }
  }
  await step('spare token', async () => add('tokens', json(await client.post('/me/tokens', { name: 'spare' })).data.id))
  let draftId: number | undefined
  let validatedId: number | undefined
  await step('customer', async () => {
    const { contactId, addressId } = await createCustomer(client)
    add('contacts', contactId)
    add('addresses', addressId)
    const draft = await createInvoice(client, invoiceBody({ contactId, billingAddressId: addressId }))
    draftId = draft.id
    add('invoices', draft.id)
    harvest(draft, ids)
    const quote = await createQuote(client, quoteBody({ contactId, billingAddressId: addressId }))
    add('quotes', quote.id)
    harvest(quote, ids)
  })
  await step('validated invoice', async () => {
    const validated = await createValidatedInvoice(client)
    validatedId = validated.id
    add('invoices', validated.id)
    harvest(validated, ids)
  })
  await step('item', async () => {
    const item = await client.post('/items', {
      name: 'Lampe',
      reference: 'LAMPE-1',
      amount: '40',
      itemTypeId: 1,
      unitId: 3,
      accountingEntryId: 401,
    })
    add('items', json(item).data.id)
  })
  await step('bank account and transactions', async () => {
    const journal = json(await client.post('/journals', { name: 'Compte pro', journalTypeId: 1 })).data
    add('journals', journal.id)
    const entries = json(await client.get('/accounting-entries?pageSize=1000')).data as { id: number; code: string }[]
    const taxes = json(await client.get('/taxes')).data as { id: number; code: string }[]
    const split = (amount: string) => [
      {
        name: 'Téléphone',
        amount,
        accountingEntryId: entries.find((entry) => entry.code === '626')?.id,
        taxId: taxes.find((tax) => tax.code === 'BS_FR_20')?.id,
      },
    ]
    for (const [name, amount, allocations] of [
      ['Forfait mobile', '-59.99', split('-59.99')],
      ['Forfait box', '-39.99', split('-39.99')],
      ['Virement client', '1500', []],
    ] as const) {
      const transaction = await client.post('/transactions', {
        journalId: journal.id,
        name,
        datedAt: '2026-11-02',
        amount,
        allocations,
      })
      add('transactions', json(transaction).data.id)
    }
  })
  await step('category and rule', async () => {
    // The organisation's own category (the default chart's rows answer 403 to PATCH and DELETE) and a rule on it.
    const taxRates = json(await client.get('/tax-rates')).data as { id: number }[]
    const category = await client.post('/accounting-entries', {
      name: 'Abonnements logiciels',
      code: '6262',
      parentId: 191,
      taxRateId: taxRates[0]?.id,
    })
    add('accounting-entries', json(category).data.id)
    const unused = await client.post('/accounting-entries', {
      name: 'Divers',
      parentId: 191,
      taxRateId: taxRates[0]?.id,
    })
    add('accounting-entries', json(unused).data.id)
    const rule = await client.post('/rules', {
      name: 'Logiciels',
      accountingEntryId: json(category).data.id,
      conditions: [{ conditionTargetId: 1, conditionFunctionId: 1, value: 'github' }],
    })
    add('rules', json(rule).data.id)
    const active = json(
      await client.post('/rules', {
        name: 'Forfaits',
        isActive: true,
        accountingEntryId: 191,
        conditions: [{ conditionTargetId: 1, conditionFunctionId: 1, value: 'forfait' }],
      }),
    ).data
    add('rules', active.id)
    add('rule-applications', json(await client.post(`/rules/${active.id}/apply`)).data.id)
  })
  await step('associate account and expense notes', async () => {
    // An associate account, a bank line paid to the associate (it can become a note) and a note typed from scratch.
    const associate = json(await client.post('/journals', { name: 'Jeanne Dupont', journalTypeId: 2 })).data
    add('journals', associate.id)
    const bankId = byResource.journals?.[0]
    const repayment = await client.post('/transactions', {
      journalId: bankId,
      name: 'VIR JEANNE DUPONT',
      datedAt: '2026-11-02',
      amount: '-120',
      allocations: [{ name: 'Remboursement', amount: '-120', accountingEntryId: associate.accountingEntryId }],
    })
    add('transactions', json(repayment).data.id)
    const note = await client.post('/expenses', {
      journalId: associate.id,
      datedAt: '2026-11-02',
      allocations: [
        { name: 'Taxi', amount: '30', accountingEntryId: 191 },
        {
          name: 'Trajet',
          mileage: { vehicleType: 'voiture', fiscalPower: 5, distanceKm: '40', yearlyDistanceKm: '3000' },
        },
      ],
    })
    add('transactions', json(note).data.id)
    add('expenses', json(note).data.id)
  })
  await step('cash operation and cash sale', async () => {
    // A cash box made by its first movement; the organisation then sells over the counter, so /cash-sales writes too.
    const entries = json(await client.get('/accounting-entries?pageSize=1000')).data as { id: number; code: string }[]
    const entry = (code: string) => entries.find((candidate) => candidate.code === code)?.id
    const operation = await client.post('/cash-operations', {
      name: 'Fond de caisse',
      datedAt: '2026-11-02',
      allocations: [{ name: 'Entrée', amount: '50', accountingEntryId: entry('108') }],
    })
    add('cash-operations', json(operation).data.id)
    await client.patch('/organization', { canSellCash: true })
    const sale = await client.post('/cash-sales', {
      datedAt: '2026-11-02',
      allocations: [
        { name: 'Vente', amount: '20', accountingEntryId: entry('707') },
        { name: 'Encaissement', amount: '20', accountingEntryId: entry('530') },
      ],
    })
    add('cash-sales', json(sale).data.id)
  })
  await step('receipts', async () => {
    const sent = await sendFiles(app, client, '/receipts', [
      { name: 'facture.pdf', bytes: SAMPLE_FILES.pdf },
      { name: 'ticket.png', bytes: SAMPLE_FILES.png },
    ])
    const [first, second] = json(sent).data as { id: number }[]
    add('receipts', first?.id)
    add('receipts', second?.id)
    const transactionId = byResource.transactions?.[0]
    await client.post(`/transactions/${transactionId}/receipts`, { receipts: [second?.id] })
    // /receipts/{id}/matches/{transactionId}/…: the segment before {transactionId} is "matches".
    for (const id of byResource.transactions ?? []) add('matches', id)
  })
  await step('comment', async () => {
    const comment = await client.post(`/invoices/${draftId}/comments`, { comment: 'Bonjour' })
    add('comments', json(comment).data.id)
  })
  await step('invitation', async () => {
    const roles = json(await client.get('/roles')).data as { id: number; code: string }[]
    const invitation = await client.post('/organization/invitations', {
      email: uniqueEmail('fuzz'),
      roleId: roles.find((role) => role.code === 'collaborator')?.id,
    })
    add('invitations', json(invitation).data.id)
  })
  await step('share link', async () => {
    const link = await client.post(`/invoices/${validatedId}/public-url`)
    const url = json(link).data.url as string
    strings.token = [url.slice(url.lastIndexOf('/') + 1)]
  })
  await step('bank connection', async () => {
    // Through the local Bridge's page and back to the callback, as a browser would: a connection and its journal.
    const started = json(await client.post('/bank-connections', { provider: 'bridge' })).data.url as string
    const back = new URL((await fetch(started, { redirect: 'manual' })).headers.get('location') ?? '')
    await client.get(`${back.pathname.replace('/api/v1', '')}${back.search}`)
  })
  // Every list the document has (GET without path parameters): their first ids, under the path's last segment, so a
  // new resource has real ids for its `/{id}` routes with no change here.
  for (const operation of operationsOf(document)) {
    if (operation.method !== 'GET' || operation.parameters.some((p) => p.in === 'path')) continue
    // A route the run leaves alone is left alone here too: an event stream never ends its answer.
    if (skipOf(operation.key, 'session')) continue
    const response = await client.get(operation.key.slice('GET '.length))
    if (response.statusCode !== 200 || !String(response.headers['content-type'] ?? '').includes('json')) continue
    const data = json(response).data
    const resource = operation.key.split('/').pop() as string
    for (const row of (Array.isArray(data) ? data : [data]).slice(0, 5)) {
      if (typeof row === 'object' && row !== null && 'id' in row) add(resource, row.id)
      harvest(row, ids)
    }
  }
  if (problems.length > 0) console.warn(`fuzz: seeding fell short (fewer real ids):\n  ${problems.join('\n  ')}`)
  const cookie = client.cookie ?? ''
  return {
    client,
    organizationId: organization.id,
    cookie,
    token: token.token,
    tokenId: token.id,
    pools: { ids: [...ids].sort((a, b) => a - b), byResource, strings },
  }
}
