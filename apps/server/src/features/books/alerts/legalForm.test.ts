import { describe, expect, it } from 'vitest'
import { type Client, json, useTestContext } from '../../../../test/helpers'
import { bankAccount, PHONE, transaction } from '../../../../test/money'
import { createValidatedInvoice, frenchSeller, line } from '../../../../test/sales'

// 2026-11-24: day 328 of the year, so the year's figures are projected (× 365 / 328).
const NOW = new Date('2026-11-24T10:00:00Z')
const ctx = useTestContext({ now: () => NOW })

const PERSONAL_CONTRIBUTIONS = 245 // 646 Cotisations sociales personnelles de l'exploitant

// biome-ignore lint/suspicious/noExplicitAny: tests read loosely-typed JSON bodies on purpose.
type Alert = any

async function alertsOf(client: Client): Promise<Alert[]> {
  const response = await client.get('/alerts')
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data
}

const comparisonOf = async (client: Client) => (await alertsOf(client)).find((alert) => alert.type === 'LEGAL_FORM')

/** A sole trader of the given legal form (1 EI, 2 ME) and NAF section (7 G trade, 13 M liberal professions). */
async function soleTrader(legalFormId: number, sectorId: number, taxFree: boolean) {
  const user = await frenchSeller(ctx.app, { taxFree })
  const response = await user.client.patch('/organization', { legalFormId, sectorId })
  expect(response.statusCode, response.body).toBe(200)
  return user
}

/** An invoice of `amount` HT paid by a transfer received in April. */
async function paidSale(client: Client, bank: number, amount: string, type = 'SERVICE') {
  const invoice = await createValidatedInvoice(client, { datedAt: '2026-03-10', lines: [line({ amount, type })] })
  const id = await transaction(client, bank, 'VIR CLIENT', invoice.amount, '2026-04-02')
  const attached = await client.post(`/transactions/${id}/invoices`, { invoiceId: invoice.id })
  expect(attached.statusCode, attached.body).toBe(200)
}

async function expense(client: Client, journalId: number, amount: string, accountingEntryId: number) {
  const response = await client.post('/transactions', {
    journalId,
    name: 'Dépense',
    datedAt: '2026-06-15',
    amount: `-${amount}`,
    allocations: [{ name: 'Dépense', amount: `-${amount}`, accountingEntryId }],
  })
  expect(response.statusCode, response.body).toBe(201)
}

describe('the legal-form comparison', () => {
  it('tells a liberal micro-entrepreneur with high charges how much the réel would save, on its year projected to twelve months', async () => {
    const { client } = await soleTrader(2, 13, true)
    const bank = await bankAccount(client)
    await paidSale(client, bank, '45000')
    await expense(client, bank, '18000', PHONE)
    // The trader's own contributions are what the comparison computes: they are not a charge of the activity.
    await expense(client, bank, '9000', PERSONAL_CONTRIBUTIONS)

    const alert = await comparisonOf(client)
    expect(alert).toMatchObject({
      id: expect.any(Number),
      year: 2026,
      level: 'crossed',
      isChecked: false,
      legalForm: {
        current: 'micro',
        suggested: 'real',
        nature: 'libérale',
        period: { from: '2026-01-01', to: '2026-11-24', projected: true },
        gains: '50076.22',
        expenses: '20030.49',
        resultBeforeTaxes: '30045.73',
      },
    })
    const { micro, real, difference } = alert.legalForm
    // URSSAF's 2026 rate for a liberal activity outside the Cipav: 25.6 %, plus 0.2 % for training; the model rounds
    // each contribution to the euro.
    expect(Math.abs(Number(micro.urssafTotal) - 50076.22 * 0.258)).toBeLessThanOrEqual(5)
    expect(Number(real.taxes)).toBeGreaterThan(0)
    expect(Number(difference)).toBe(Number(micro.urssafTotal) - Number(real.taxes))
    expect(Number(difference)).toBeGreaterThan(500)
    expect(alert.title).toMatch(/^Le régime réel te ferait économiser environ .+ de cotisations par an$/)
    expect(alert.description).toContain('Estimation faite avec le modèle de calcul de l’Urssaf')

    const checked = await client.post(`/alerts/${alert.id}/check`)
    expect(checked.statusCode, checked.body).toBe(200)
    expect(json(checked).data).toMatchObject({ type: 'LEGAL_FORM', isChecked: true })
    expect((await comparisonOf(client)).isChecked).toBe(true)
  })

  it('says nothing to a micro-entrepreneur without charges: the réel would cost more', async () => {
    const { client } = await soleTrader(2, 13, true)
    const bank = await bankAccount(client)
    await paidSale(client, bank, '45000')
    expect((await alertsOf(client)).map((alert) => alert.type)).toEqual(['VAT', 'MICRO'])
  })

  it('tells a trading sole trader at the réel with few charges how much the micro regime would save', async () => {
    const { client } = await soleTrader(1, 7, false)
    const bank = await bankAccount(client)
    await paidSale(client, bank, '30000', 'PRODUCT')
    const alert = await comparisonOf(client)
    expect(alert.legalForm).toMatchObject({ current: 'real', suggested: 'micro', nature: 'commerciale' })
    // Sales of goods: 12.3 % in 2026, plus the training and chamber contributions (under 0.5 %).
    const rate = Number(alert.legalForm.micro.urssafTotal) / Number(alert.legalForm.gains)
    expect(rate).toBeGreaterThan(0.123)
    expect(rate).toBeLessThan(0.128)
    expect(alert.title).toMatch(/^Le régime de la micro-entreprise te ferait économiser environ/)
  })

  it('is not for companies, whose managers pay neither regime', async () => {
    const { client } = await frenchSeller(ctx.app)
    const bank = await bankAccount(client)
    await paidSale(client, bank, '30000', 'PRODUCT')
    expect(await comparisonOf(client)).toBeUndefined()
  })
})
