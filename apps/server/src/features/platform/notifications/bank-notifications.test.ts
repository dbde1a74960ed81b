import { beforeEach, describe, expect, it } from 'vitest'
import { connections, throughProvider } from '../../../../test/bank-providers/flow'
import { useFakeBankProviders } from '../../../../test/bank-providers/index'
import { type Client, joinAsCollaborator, json, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { givePlan } from '../../../../test/recurring'
import { act, createValidatedInvoice } from '../../../../test/sales'

const fakes = useFakeBankProviders({ timeoutMs: 1000 })
/** 24 November 2026 in Paris. */
const ctx = useTestContext({ config: fakes.config, now: () => new Date('2026-11-24T10:00:00Z') })

type Notification = { type: string; modelType: string; modelId: number; description: string; isImportant: boolean }

const notificationsOf = async (client: Client): Promise<Notification[]> => {
  const response = await client.get('/notifications?pageSize=100')
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data
}

/** An organisation on trial: its owner, who asks for thresholds and negative balances, and a collaborator. */
async function team(preferences: Record<string, unknown> = {}) {
  const owner = await signUpWithOrganization(ctx.app)
  const collaborator = await joinAsCollaborator(ctx, owner, { firstname: 'Léa', lastname: 'Durand' })
  const set = await owner.client.patch('/me/preferences', {
    notifications: {
      income: { enabled: true },
      outcome: { enabled: true, threshold: 1000 },
      negativeBalance: true,
      ...preferences,
    },
  })
  expect(set.statusCode, set.body).toBe(200)
  const journal = json(await owner.client.post('/journals', { name: 'Compte pro', journalTypeId: 1 })).data
  return { owner, collaborator, journalId: journal.id as number }
}

const addLine = async (client: Client, journalId: number, name: string, amount: string) => {
  const response = await client.post('/transactions', { journalId, name, datedAt: '2026-11-20', amount })
  expect(response.statusCode, response.body).toBe(201)
  return json(response).data as { id: number }
}

/** A QIF statement, as a browser's FormData sends it. */
async function importQif(client: Client, journalId: number, lines: [string, string, string][]) {
  const qif = `!Type:Bank\n${lines.map(([date, amount, label]) => `D${date}\nT${amount}\nP${label}\n^\n`).join('')}`
  const form = new FormData()
  form.append('file', new Blob([qif], { type: 'application/octet-stream' }), 'releve.qif')
  const encoded = new Response(form)
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/v1/journals/${journalId}/imports`,
    remoteAddress: client.ip,
    headers: {
      ...(client.cookie ? { cookie: client.cookie } : {}),
      'x-requested-with': 'fetch',
      'content-type': encoded.headers.get('content-type') ?? '',
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  })
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data
}

describe('bank notifications: thresholds', () => {
  it('tell a line at or above the member’s threshold, income for credits and outcome for debits, not to its author', async () => {
    const { owner, collaborator, journalId } = await team({ negativeBalance: false })
    const big = await addLine(collaborator.client, journalId, 'Virement client Dupont', '500')
    await addLine(collaborator.client, journalId, 'Virement client Martin', '499.99')
    await addLine(collaborator.client, journalId, 'Ordinateur', '-999.99')
    const rent = await addLine(collaborator.client, journalId, 'Loyer', '-1000')

    const received = await notificationsOf(owner.client)
    expect(
      received.map(({ type, modelType, modelId, description, isImportant }) => ({
        type,
        modelType,
        modelId,
        description,
        isImportant,
      })),
    ).toEqual([
      {
        type: 'outcome',
        modelType: 'transaction',
        modelId: rent.id,
        description: 'Dépense de 1\u202f000,00\u00a0€ sur Compte pro : Loyer.',
        isImportant: true,
      },
      {
        type: 'income',
        modelType: 'transaction',
        modelId: big.id,
        description: 'Encaissement de 500,00\u00a0€ sur Compte pro : Virement client Dupont.',
        isImportant: true,
      },
    ])
    // The collaborator keeps the defaults (thresholds off), and wrote the lines anyway.
    expect(await notificationsOf(collaborator.client)).toEqual([])
  })

  it('tell each line of a statement import to the other members, one notification per line', async () => {
    const { owner, collaborator, journalId } = await team()
    const back = await collaborator.client.patch('/me/preferences', {
      notifications: { income: { enabled: true, threshold: 2000 } },
    })
    expect(back.statusCode).toBe(200)
    const result = await importQif(owner.client, journalId, [
      ['20/11/2026', '2500.00', 'VIR SEPA CLIENT DUPONT'],
      ['21/11/2026', '800.00', 'VIR SEPA CLIENT MARTIN'],
      ['22/11/2026', '-45.00', 'CB CAFE'],
    ])
    expect(result).toMatchObject({ imported: 3 })
    const received = await notificationsOf(collaborator.client)
    expect(received.map((one) => one.type)).toEqual(['income'])
    expect(received[0]?.description).toMatch(/^Encaissement de 2\u202f500,00\u00a0€ sur Compte pro : /)
    // The owner imported the file: nothing for them.
    expect(await notificationsOf(owner.client)).toEqual([])
  })

  it('are never made on the free formula', async () => {
    const { owner, collaborator, journalId } = await team()
    await givePlan(ctx, owner.organization.id, 'free')
    await addLine(collaborator.client, journalId, 'Loyer', '-5000')
    await givePlan(ctx, owner.organization.id, 'plus-monthly')
    expect(await notificationsOf(owner.client)).toEqual([])
  })
})

describe('bank notifications: negative balance', () => {
  it('tell once per crossing below zero, as negativeBalance asks', async () => {
    const { owner, collaborator, journalId } = await team({ outcome: { enabled: false } })
    await addLine(collaborator.client, journalId, 'Apport', '100')
    await addLine(collaborator.client, journalId, 'Abonnement', '-150')
    await addLine(collaborator.client, journalId, 'Frais', '-10')
    const received = await notificationsOf(owner.client)
    expect(received).toMatchObject([
      {
        type: 'negativeBalance',
        modelType: 'journal',
        modelId: journalId,
        description: 'Le solde de Compte pro est passé sous zéro (-50,00\u00a0€).',
      },
    ])
    // Back above zero, then below again: a second crossing.
    await addLine(collaborator.client, journalId, 'Virement', '200')
    await importQif(collaborator.client, journalId, [['23/11/2026', '-300.00', 'PRLV URSSAF']])
    expect((await notificationsOf(owner.client)).map((one) => one.description)).toEqual([
      'Le solde de Compte pro est passé sous zéro (-160,00\u00a0€).',
      'Le solde de Compte pro est passé sous zéro (-50,00\u00a0€).',
    ])
  })

  it('stay off by default', async () => {
    const { owner, collaborator, journalId } = await team({ negativeBalance: false })
    await addLine(collaborator.client, journalId, 'Frais', '-10')
    expect(await notificationsOf(owner.client)).toEqual([])
  })
})

describe('bank notifications: invoices paid by a transfer', () => {
  it('tell that the invoice is paid when the transfer that completes it is attached', async () => {
    const { owner, collaborator, journalId } = await team({ income: { enabled: false } })
    const invoice = await createValidatedInvoice(owner.client, { datedAt: '2026-11-01' })
    const part = await addLine(collaborator.client, journalId, 'VIR PARTIEL', '20')
    const rest = await addLine(collaborator.client, journalId, 'VIR SOLDE', '100')
    await act(collaborator.client, `/transactions/${part.id}/invoices`, 200, { invoiceId: invoice.id })
    expect(await notificationsOf(owner.client)).toEqual([])
    await act(collaborator.client, `/transactions/${rest.id}/invoices`, 200, { invoiceId: invoice.id })
    const received = await notificationsOf(owner.client)
    expect(received).toMatchObject([{ type: 'invoicePaid', modelType: 'invoice', modelId: invoice.id }])
    expect(received[0]?.description).toBe(`La facture ${invoice.reference} a été payée (100,00\u00a0€).`)
  })
})

describe('bank notifications: lost synchronisation', () => {
  const SG_IBAN = 'FR7630003000110005000157821'
  beforeEach(() => {
    const { bank } = fakes.bridge
    bank.accounts.splice(0, bank.accounts.length, { name: 'Compte courant pro', iban: SG_IBAN, balance: 1250.4 })
    bank.lines.splice(0, bank.lines.length, {
      account: 0,
      amount: 1500,
      date: '2026-11-03',
      description: 'Vir Sepa recu Client Dupont',
    })
  })

  it('tell once when a connection stops working, again only after it worked again; the bank’s lines to everyone', async () => {
    const { owner } = await team({ income: { enabled: true, threshold: 1500 } })
    const started = await owner.client.post('/bank-connections', { provider: 'bridge' })
    expect(started.statusCode, started.body).toBe(200)
    await throughProvider(owner.client, json(started).data.url)
    const [connection] = await connections(owner.client)
    // The person who connected the bank is not the author of its lines: the bank is.
    expect((await notificationsOf(owner.client)).map((one) => one.type)).toEqual(['income'])

    const item = Number(
      fakes.received.bridge
        .findLast((one) => one.path.startsWith('/v3/aggregation/items/'))
        ?.path.split('/')
        .pop(),
    )
    const sync = async () => {
      const response = await owner.client.post(`/bank-connections/${connection.id}/sync`)
      expect(response.statusCode, response.body).toBe(200)
    }
    const lost = async () => (await notificationsOf(owner.client)).filter((one) => one.type === 'synchroLost')

    fakes.bridge.setItemStatus(item, 402, 'wrong_pwd', 'Mot de passe incorrect')
    await sync()
    await sync()
    expect(await lost()).toMatchObject([
      {
        modelType: 'bankConnection',
        modelId: connection.id,
        description:
          'La synchronisation avec Société Générale est interrompue. Reconnecte ta banque pour recevoir tes transactions.',
      },
    ])
    fakes.bridge.setItemStatus(item, 0, null, null)
    await sync()
    fakes.bridge.setItemStatus(item, 1010, 'otp_required', 'Saisis le code reçu de ta banque')
    await sync()
    expect(await lost()).toHaveLength(2)
  })
})

describe('bank notifications: the 90 days of a connection', () => {
  const TODAY = () => new Date('2026-11-24T10:00:00Z')
  /** The jobs run on another day; the members read their notifications today (their sessions would have expired). */
  const runJobsOn = async (instant: string) => {
    ctx.setNow(() => new Date(instant))
    try {
      return await ctx.app.jobs.runDue()
    } finally {
      ctx.setNow(TODAY)
    }
  }
  const renewalNotices = async (client: Client) =>
    (await notificationsOf(client)).filter((one) => one.description.startsWith('Ta connexion à'))

  it('tell every member once, a week before, that the connection must be renewed; again after a renewal', async () => {
    const { owner, collaborator } = await team()
    const started = await owner.client.post('/bank-connections', { provider: 'bridge' })
    await throughProvider(owner.client, json(started).data.url)
    const [connection] = await connections(owner.client)

    // Connected on 24 November 2026: its 90 days end on 22 February 2027. Eight days before, nothing yet.
    await runJobsOn('2027-02-14T10:00:00Z')
    expect(await renewalNotices(owner.client)).toEqual([])
    expect((await runJobsOn('2027-02-16T10:00:00Z')).bankRenewals).toBeGreaterThanOrEqual(1)
    await runJobsOn('2027-02-17T10:00:00Z')
    await runJobsOn('2027-02-23T10:00:00Z')
    for (const member of [owner, collaborator])
      expect(await renewalNotices(member.client)).toMatchObject([
        {
          type: 'synchroLost',
          modelType: 'bankConnection',
          modelId: connection.id,
          isImportant: true,
          description:
            'Ta connexion à Société Générale expire le 22/02/2027 : renouvelle-la pour que tes transactions continuent d’arriver.',
        },
      ])

    // Renewed: the notice is due again before the end of the new 90 days.
    const renewed = await owner.client.post('/bank-connections', {
      provider: 'bridge',
      bankConnectionId: connection.id,
    })
    expect(renewed.statusCode, renewed.body).toBe(200)
    await throughProvider(owner.client, json(renewed).data.url)
    await runJobsOn('2027-02-16T10:00:00Z')
    expect(await renewalNotices(owner.client)).toHaveLength(2)
  })

  it('say a connection already past its 90 days has reached them, on a paid plan after the trial', async () => {
    const { owner } = await team()
    await givePlan(ctx, owner.organization.id, 'monthly')
    const started = await owner.client.post('/bank-connections', { provider: 'bridge' })
    await throughProvider(owner.client, json(started).data.url)
    await runJobsOn('2027-03-01T10:00:00Z')
    expect((await renewalNotices(owner.client)).map((one) => one.description)).toEqual([
      'Ta connexion à Société Générale a atteint ses 90 jours : renouvelle-la pour recevoir de nouveau tes transactions.',
    ])
  })
})
