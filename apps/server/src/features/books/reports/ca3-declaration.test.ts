import { messages, sum, toCents, type VatDeclarationBox, type VatDeclarationDto } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { type Client, joinAsCollaborator, json, useTestContext } from '../../../../test/helpers'
import { bankAccount, PHONE, transaction } from '../../../../test/money'
import { act, createValidatedInvoice, frenchSeller, line } from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

/** Taxes as seeded (TAX_IDS): collected 5,5 % and exempt 0 %. */
const VT_5_5 = 3
const VT_EXO_0 = 5

async function phoneBill(client: Client, journalId: number, amount: string, datedAt: string) {
  const id = await transaction(client, journalId, 'Orange', amount, datedAt)
  const response = await client.patch(`/transactions/${id}`, {
    allocations: [{ name: 'Orange', amount, accountingEntryId: PHONE }],
  })
  expect(response.statusCode, response.body).toBe(200)
}

async function declaration(client: Client, year: number, month: number): Promise<VatDeclarationDto> {
  const response = await client.get(`/reports/vat-declaration?year=${year}&month=${month}`)
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data
}

function boxOf(declaration: VatDeclarationDto, code: string): VatDeclarationBox {
  const box = declaration.boxes.find((candidate) => candidate.code === code)
  if (!box) throw new Error(`No box ${code}`)
  return box
}

const total = (box: VatDeclarationBox, column: 'base' | 'tax') => toCents(sum(box.lines.map((entry) => entry[column])))

/** Every box's lines add up to it, to the cent; a rate line's bases to its base. */
function expectLinesMakeTheBoxes(declaration: VatDeclarationDto) {
  for (const box of declaration.boxes) {
    expect(total(box, box.measure), box.code).toBe(box.amount)
    if (box.base !== null) expect(total(box, 'base'), `${box.code} base`).toBe(box.base)
  }
}

describe('the CA3 on screen', () => {
  it("computes a month's boxes from the VAT due, each with the ledger lines behind it", async () => {
    const { client } = await frenchSeller(ctx.app)
    const services = await createValidatedInvoice(client, { datedAt: '2026-03-10', lines: [line({ amount: '1000' })] })
    await createValidatedInvoice(client, {
      datedAt: '2026-03-12',
      lines: [line({ name: 'Lampes', amount: '250', type: 'PRODUCT' })],
    })
    await createValidatedInvoice(client, {
      datedAt: '2026-03-16',
      lines: [line({ name: 'Livres', amount: '100', type: 'PRODUCT', taxId: VT_5_5 })],
    })
    await createValidatedInvoice(client, {
      datedAt: '2026-03-18',
      lines: [line({ name: 'Export', amount: '300', type: 'PRODUCT', taxId: VT_EXO_0 })],
    })
    const bank = await bankAccount(client)
    await phoneBill(client, bank, '-60', '2026-03-15')
    const transfer = await transaction(client, bank, 'VIR CLIENT', '1200', '2026-04-12')
    await act(client, `/transactions/${transfer}/invoices`, 200, { invoiceId: services.id })

    const march = await declaration(client, 2026, 3)
    expect(march.period).toEqual({
      year: 2026,
      month: 3,
      from: '2026-03-01',
      to: '2026-03-31',
      label: 'mars 2026',
      regime: 'MONTH',
    })
    expect(march.boxes.map((box) => box.code)).toEqual([
      ...['A1', 'B2', 'B5', 'E1', 'E2', 'F2', 'F8'],
      ...['08', '09', '9B', 'T6', '15', '16', '17'],
      ...['19', '20', '21', '22', '23', '25', '27', 'TD', '28', '32'],
    ])
    // The services' VAT waits for their payment in April: March has the goods only.
    expect(boxOf(march, '08')).toMatchObject({
      amount: '50.00',
      base: '250.00',
      rounded: '50.00',
      roundedBase: '250.00',
    })
    expect(boxOf(march, '09')).toMatchObject({ amount: '5.50', base: '100.00', rounded: '6.00' })
    expect(boxOf(march, 'A1')).toMatchObject({ amount: '350.00', measure: 'base' })
    expect(boxOf(march, 'E2')).toMatchObject({ amount: '300.00', measure: 'base' })
    expect(boxOf(march, '16')).toMatchObject({ amount: '55.50', rounded: '56.00' })
    expect(boxOf(march, '20')).toMatchObject({ amount: '10.00', label: 'Autres biens et services' })
    expect(boxOf(march, '23').amount).toBe('10.00')
    for (const code of ['TD', '28', '32'])
      expect(boxOf(march, code)).toMatchObject({ amount: '45.50', rounded: '46.00' })
    expect(boxOf(march, '25').amount).toBe('0.00')
    expectLinesMakeTheBoxes(march)

    // Box 08: the lamps' VAT line, its base and tax adding up to the box's.
    const box08 = boxOf(march, '08')
    expect(box08.lines).toEqual([
      expect.objectContaining({
        journalCode: 'VT',
        date: '2026-03-12',
        accountCode: '44571',
        ratePercent: '20',
        base: '250.00',
        tax: '50.00',
      }),
    ])
    expect(box08.lines[0]?.entryId).toBeGreaterThan(0)
    expect(box08.lines[0]?.number).toBeGreaterThan(0)
    expect(box08.lines[0]?.label).toContain('Facture')
    expect(total(box08, 'base')).toBe('250.00')
    expect(total(box08, 'tax')).toBe('50.00')
    // The VAT to pay lists what was collected, and the phone bill's deductible VAT against it.
    expect(boxOf(march, '28').lines.map((entry) => entry.tax)).toEqual(['50.00', '5.50', '-10.00'])

    const april = await declaration(client, 2026, 4)
    expect(boxOf(april, '08')).toMatchObject({ amount: '200.00', base: '1000.00' })
    expect(boxOf(april, '08').lines).toEqual([
      expect.objectContaining({ journalCode: 'BQ1', date: '2026-04-12', base: '1000.00', tax: '200.00' }),
    ])
    expect(boxOf(april, '22').amount).toBe('0.00')
    expectLinesMakeTheBoxes(april)

    const empty = await declaration(client, 2026, 1)
    expect(empty.boxes.every((box) => box.lines.length === 0 && box.amount === '0.00')).toBe(true)
  })

  it('puts a sale at 0 % in E1 when goods leave the EU, in F2 when they go to a business of another member state', async () => {
    const { client } = await frenchSeller(ctx.app)
    const goods = (name: string, amount: string) => line({ name, amount, type: 'PRODUCT', taxId: VT_EXO_0 })
    // The contact form asks a business for a SIREN (spec): the German company's is a placeholder.
    const american = {
      contactTypeId: 2,
      name: 'John Smith',
      registrySiren: null,
      intracommunityTaxNumber: null,
      countryId: 67,
    }
    const german = {
      name: 'Müller GmbH',
      registrySiren: '552100554',
      intracommunityTaxNumber: 'DE123456789',
      countryId: 6,
    }
    await createValidatedInvoice(client, { datedAt: '2026-05-04', lines: [goods('Machines', '800')] }, american)
    const supply = await createValidatedInvoice(
      client,
      { datedAt: '2026-05-06', lines: [goods('Pièces', '1200')] },
      german,
    )
    // Services to a business abroad and goods to a German consumer are not exports nor intra-EU supplies: E2.
    await createValidatedInvoice(
      client,
      { datedAt: '2026-05-07', lines: [line({ name: 'Conseil', amount: '500', taxId: VT_EXO_0 })] },
      german,
    )
    await createValidatedInvoice(
      client,
      { datedAt: '2026-05-08', lines: [goods('Vélo', '150')] },
      { ...german, contactTypeId: 2, name: 'Hans Weber', registrySiren: null, intracommunityTaxNumber: null },
    )
    // Half the German supply credited in May: netted in F2 (only what a month's credit notes leave negative goes to F8).
    ctx.setNow(() => new Date('2026-05-20T10:00:00Z'))
    await act(client, `/invoices/${supply.id}/credit-note`, 201, { partial: true, amount: '600' })
    ctx.setNow(() => new Date('2026-11-24T10:00:00Z'))

    const may = await declaration(client, 2026, 5)
    expect(boxOf(may, 'E1')).toMatchObject({ amount: '800.00', label: 'Exportations hors UE' })
    expect(boxOf(may, 'F2').amount).toBe('600.00')
    expect(boxOf(may, 'E2').amount).toBe('650.00')
    expect(boxOf(may, 'F8').amount).toBe('0.00')
    expect(boxOf(may, 'A1').amount).toBe('0.00')
    expect(boxOf(may, 'F2').lines.map((entry) => [entry.label.split(' ')[0], entry.base])).toEqual([
      ['Facture', '1200.00'],
      ['Avoir', '-600.00'],
    ])
    expectLinesMakeTheBoxes(may)
  })

  it("carries a month's credit to the next declaration's box 22, with the lines it came from", async () => {
    const { client } = await frenchSeller(ctx.app)
    const bank = await bankAccount(client)
    await phoneBill(client, bank, '-600', '2026-02-10')
    await createValidatedInvoice(client, { datedAt: '2026-03-12', lines: [line({ amount: '250', type: 'PRODUCT' })] })

    const february = await declaration(client, 2026, 2)
    expect(boxOf(february, '27').amount).toBe('100.00')
    const march = await declaration(client, 2026, 3)
    expect(boxOf(march, '22').amount).toBe('100.00')
    expect(boxOf(march, '22').lines).toEqual([expect.objectContaining({ date: '2026-02-10', tax: '100.00' })])
    expect(boxOf(march, '23').amount).toBe('100.00')
    // 100 € deductible less 50 € collected: 50 € still to carry, to April.
    expect(boxOf(march, '27')).toMatchObject({ amount: '50.00', rounded: '50.00' })
    expect(boxOf(march, '27').lines.map((entry) => entry.tax)).toEqual(['100.00', '-50.00'])
    expect(boxOf(march, '32').amount).toBe('0.00')
    expectLinesMakeTheBoxes(march)
    expect(boxOf(await declaration(client, 2026, 4), '22').amount).toBe('50.00')
  })

  it('declares the quarter for tax regime QUARTER, named by its last month, and refuses another month', async () => {
    const { client } = await frenchSeller(ctx.app)
    const quarterly = await client.patch('/organization', { taxRegimeId: 3 })
    expect(quarterly.statusCode, quarterly.body).toBe(200)
    for (const datedAt of ['2026-01-15', '2026-02-15', '2026-03-15'])
      await createValidatedInvoice(client, { datedAt, lines: [line({ amount: '100', type: 'PRODUCT' })] })
    await createValidatedInvoice(client, { datedAt: '2026-04-01', lines: [line({ amount: '999', type: 'PRODUCT' })] })

    const first = await declaration(client, 2026, 3)
    expect(first.period).toMatchObject({ from: '2026-01-01', to: '2026-03-31', label: '1er trimestre 2026' })
    expect(first.period.regime).toBe('QUARTER')
    expect(boxOf(first, '08')).toMatchObject({ amount: '60.00', base: '300.00' })
    expect(boxOf(first, '08').lines.map((entry) => entry.date)).toEqual(['2026-01-15', '2026-02-15', '2026-03-15'])
    expect(boxOf(first, '32').amount).toBe('60.00')
    expectLinesMakeTheBoxes(first)

    for (const path of ['/reports/vat-declaration', '/reports/vat-declaration.pdf']) {
      const refused = await client.get(`${path}?year=2026&month=2`)
      expect(refused.statusCode, path).toBe(400)
      expect(refused.json()).toMatchObject({
        message: messages.ledger.declarationQuarterMonth,
        errors: { month: [messages.ledger.declarationQuarterMonth] },
      })
    }
    const pdf = await client.get('/reports/vat-declaration.pdf?year=2026&month=3')
    expect(pdf.statusCode, pdf.body).toBe(200)
    expect(pdf.headers['content-disposition']).toContain('declaration-tva-2026-03.pdf')
  })

  it('has no declaration for the franchise en base, and keeps the books from collaborators', async () => {
    const free = await frenchSeller(ctx.app, { taxFree: true })
    for (const path of ['/reports/vat-declaration', '/reports/vat-declaration.pdf']) {
      const refused = await free.client.get(`${path}?year=2026&month=3`)
      expect(refused.statusCode, path).toBe(409)
      expect(refused.json().message).toBe(messages.ledger.declarationTaxFree)
    }

    const owner = await frenchSeller(ctx.app)
    expect((await owner.client.get('/reports/vat-declaration?year=2026&month=0')).statusCode).toBe(400)
    const collaborator = await joinAsCollaborator(ctx, owner)
    const refused = await collaborator.client.get('/reports/vat-declaration?year=2026&month=3')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(messages.ledger.readForbidden)
  })
})
