import { messages } from '@app/domain'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { bankAccount, transaction } from '../../../../test/money'
import { givePlan } from '../../../../test/recurring'
import { act, createValidatedInvoice, frenchSeller, line } from '../../../../test/sales'

const NOW = new Date('2026-11-24T10:00:00Z')
const ctx = useTestContext({ now: () => NOW })

// biome-ignore lint/suspicious/noExplicitAny: tests read loosely-typed JSON bodies on purpose.
type Alert = any

async function alertsOf(client: Client): Promise<Alert[]> {
  const response = await client.get('/alerts')
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data
}

const byType = (alerts: Alert[], type: string) => alerts.find((alert) => alert.type === type)

/** A transfer received on `datedAt` that pays `invoiceId` (its 411 credit in the bank journal). */
async function paidByTransfer(client: Client, invoiceId: number, amount: string, datedAt: string) {
  const bank = await bankAccount(client)
  const id = await transaction(client, bank, 'VIR CLIENT', amount, datedAt)
  const attached = await client.post(`/transactions/${id}/invoices`, { invoiceId })
  expect(attached.statusCode, attached.body).toBe(200)
}

describe('the ceiling alerts', () => {
  it('put a services micro-entrepreneur paid 31,000 € in 2026 at 83 % of the 37,500 € VAT franchise, counting only money received that year', async () => {
    const { client } = await frenchSeller(ctx.app, { taxFree: true })
    // Received in 2025, and (below) invoiced but not received: neither counts in 2026. Numbers follow dates.
    const last = await createValidatedInvoice(client, { datedAt: '2025-12-01', lines: [line({ amount: '5000' })] })
    await paidByTransfer(client, last.id, '5000', '2025-12-20')
    const paid = await createValidatedInvoice(client, { datedAt: '2026-03-10', lines: [line({ amount: '31000' })] })
    await paidByTransfer(client, paid.id, '31000', '2026-04-02')
    await createValidatedInvoice(client, { datedAt: '2026-10-01', lines: [line({ amount: '9000' })] })

    const alerts = await alertsOf(client)
    expect(alerts.map((alert) => alert.type)).toEqual(['VAT', 'MICRO'])
    expect(byType(alerts, 'VAT')).toMatchObject({
      id: expect.any(Number),
      year: 2026,
      activity: 'SERV',
      level: 'approaching',
      isChecked: false,
      title: 'Tu approches du seuil de la franchise en base de TVA',
      service: { current: '31000.00', limit: '37500.00', percentage: '83', tolerance: '41250.00' },
      commerce: { current: '31000.00', limit: '85000.00', percentage: '36' },
    })
    expect(byType(alerts, 'VAT').description).toContain('1er janvier 2027')
    // The 2026 micro ceiling (83,600 €), not 2025's: nothing to acknowledge yet.
    expect(byType(alerts, 'MICRO')).toMatchObject({
      level: 'none',
      isChecked: true,
      service: { current: '31000.00', limit: '83600.00', percentage: '37', tolerance: null },
    })
  })

  it('split what was received between goods and services by the invoice paid, HT, and count an invoice marked paid by hand', async () => {
    const { client } = await frenchSeller(ctx.app)
    // 50,000 of goods and 10,000 of services at 20 %: 72,000 TTC, half of it received.
    const mixed = await createValidatedInvoice(client, {
      datedAt: '2026-02-02',
      lines: [line({ amount: '50000', type: 'PRODUCT', name: 'Machines' }), line({ amount: '10000' })],
    })
    await paidByTransfer(client, mixed.id, '36000', '2026-03-02')
    // 1,000 of services (1,200 TTC) paid by cheque: the books follow no bank line for it.
    const cheque = await createValidatedInvoice(client, { datedAt: '2026-05-02', lines: [line({ amount: '1000' })] })
    await act(client, `/invoices/${cheque.id}/mark-as-paid`, 200, { paymentDateAt: '2026-05-20' })

    const alerts = await alertsOf(client)
    // A company that charges VAT sees both ceilings, as the spec shows them.
    expect(alerts.map((alert) => alert.type)).toEqual(['VAT', 'MICRO'])
    expect(byType(alerts, 'VAT')).toMatchObject({
      activity: 'AM',
      level: 'none',
      commerce: { current: '31000.00', limit: '85000.00', percentage: '36' },
      service: { current: '6000.00', limit: '37500.00', percentage: '16' },
    })
    expect(byType(alerts, 'VAT').description).toContain('tu pourrais en bénéficier')
  })

  it('are acknowledged once per level: checked stays checked, a graver level pops up again; another organisation gets 404', async () => {
    const { client } = await frenchSeller(ctx.app, { taxFree: true })
    const first = await createValidatedInvoice(client, { datedAt: '2026-03-10', lines: [line({ amount: '31000' })] })
    await paidByTransfer(client, first.id, '31000', '2026-04-02')
    const vat = byType(await alertsOf(client), 'VAT')
    expect(vat.isChecked).toBe(false)

    const checked = await client.post(`/alerts/${vat.id}/check`)
    expect(checked.statusCode, checked.body).toBe(200)
    expect(json(checked).data).toMatchObject({ id: vat.id, isChecked: true, level: 'approaching' })
    expect(byType(await alertsOf(client), 'VAT')).toMatchObject({ id: vat.id, isChecked: true })

    const other = await frenchSeller(ctx.app, { taxFree: true })
    expect((await other.client.post(`/alerts/${vat.id}/check`)).statusCode).toBe(404)
    expect((await client.post('/alerts/999999/check')).statusCode).toBe(404)

    // 11,000 more: 42,000 is past the 41,250 € tolerance, VAT is due from that day.
    const second = await createValidatedInvoice(client, { datedAt: '2026-09-01', lines: [line({ amount: '11000' })] })
    await paidByTransfer(client, second.id, '11000', '2026-09-15')
    expect(byType(await alertsOf(client), 'VAT')).toMatchObject({
      id: vat.id,
      level: 'toleranceExceeded',
      isChecked: false,
      title: 'Tu as dépassé le seuil majoré de la franchise en base de TVA',
    })
  })

  it('are a premium feature: the free formula gets 403 with a French message', async () => {
    const { client, organization } = await frenchSeller(ctx.app, { taxFree: true })
    await givePlan(ctx, organization.id, 'free')
    for (const response of [await client.get('/alerts'), await client.post('/alerts/1/check')]) {
      expect(response.statusCode).toBe(403)
      expect(json(response)).toMatchObject({ code: 'PREMIUM_REQUIRED', message: messages.alerts.premiumRequired })
    }
    await givePlan(ctx, organization.id, 'monthly')
    expect((await client.get('/alerts')).statusCode).toBe(200)
  })

  it('take each year its own thresholds: a row dated 2027 changes 2027, not 2026, without code', async () => {
    const { client, organization } = await frenchSeller(ctx.app, { taxFree: true })
    await givePlan(ctx, organization.id, 'monthly')
    const db = ctx.database.db
    await db.execute(sql`insert into thresholds (id, kind, activity_code, activity, amount, valid_from, valid_to,
      evaluation, legal_basis, confidence) values (9001, 'vat_franchise_base', 'SERV', 'prestations de services',
      '25000.00', '2027-01-01', null, 'année civile précédente (N-1)', 'test', 'medium')`)
    await db.execute(sql`update thresholds set valid_to = '2026-12-31' where id = 3`)
    try {
      expect(byType(await alertsOf(client), 'VAT').service.limit).toBe('37500.00')
      // A session ends after SESSION_IDLE_DAYS (14) without use: the clock goes there in steps.
      for (const day of ['2026-12-05', '2026-12-17', '2026-12-29']) {
        ctx.setNow(() => new Date(`${day}T10:00:00Z`))
        expect(byType(await alertsOf(client), 'VAT').service.limit).toBe('37500.00')
      }
      ctx.setNow(() => new Date('2027-01-10T10:00:00Z'))
      expect(byType(await alertsOf(client), 'VAT')).toMatchObject({ year: 2027, service: { limit: '25000.00' } })
    } finally {
      ctx.setNow(() => NOW)
      await db.execute(sql`update thresholds set valid_to = null where id = 3`)
      await db.execute(sql`delete from thresholds where id = 9001`)
    }
  })
})
