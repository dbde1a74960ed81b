import { messages, RECEIPT_STATE_IDS } from '@app/domain'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { associateAccount, expenseNote } from '../../../../test/expenses'
import { type Client, joinAsCollaborator, json, useTestContext } from '../../../../test/helpers'
import { BANK_FEES, bankAccount, PHONE, SAMPLE_FILES, sendFiles, TRAVEL, transaction } from '../../../../test/money'
import { givePlan } from '../../../../test/recurring'
import { createValidatedInvoice, frenchSeller, line } from '../../../../test/sales'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })
const YEAR = 'from=2026-01-01&to=2026-12-31'

async function categoryId(client: Client, code: string) {
  const entries = json(await client.get('/accounting-entries?pageSize=1000')).data as { id: number; code: string }[]
  return entries.find((entry) => entry.code === code)?.id as number
}

async function split(client: Client, id: number, name: string, amount: string, accountingEntryId: number) {
  const response = await client.patch(`/transactions/${id}`, { allocations: [{ name, amount, accountingEntryId }] })
  expect(response.statusCode, response.body).toBe(200)
}

async function bookOf(client: Client, kind: 'income' | 'expenses', query = YEAR) {
  const response = await client.get(`/reports/books/${kind}?${query}`)
  expect(response.statusCode, response.body).toBe(200)
  return json(response).data
}

type Row = { date: string; reference: string; contact: string | null; category: string; mode: string; amount: string }
const rowsOf = (book: { months: { rows: Row[] }[] }) => book.months.flatMap((month) => month.rows)

describe('the books', () => {
  it('list the money that came in: an invoice paid by transfer under its number and customer, not transfers', async () => {
    const { client } = await frenchSeller(ctx.app)
    const invoice = await createValidatedInvoice(client, { datedAt: '2026-03-10', lines: [line({ amount: '1000' })] })
    const bank = await bankAccount(client)
    const paid = await transaction(client, bank, 'VIR DANONE', '1200', '2026-03-20')
    const attached = await client.post(`/transactions/${paid}/invoices`, { invoiceId: invoice.id })
    expect(attached.statusCode, attached.body).toBe(200)
    const sale = await transaction(client, bank, 'VIR BOUTIQUE', '360', '2026-04-02')
    await split(client, sale, 'Conseil', '360', await categoryId(client, '706'))
    // An associate's contribution, and money out: neither is income.
    const associate = await associateAccount(client)
    const contribution = await transaction(client, bank, 'APPORT', '5000', '2026-04-05')
    await split(client, contribution, 'Apport', '5000', associate.accountingEntryId)
    await transaction(client, bank, 'Orange', '-60', '2026-04-06')

    const book = await bookOf(client, 'income')
    expect(book).toMatchObject({ kind: 'income', from: '2026-01-01', to: '2026-12-31', availableYears: [2026] })
    expect(book.months.map((month: { month: string; label: string }) => [month.month, month.label])).toEqual([
      ['2026-03', 'mars 2026'],
      ['2026-04', 'avril 2026'],
    ])
    expect(rowsOf(book)).toEqual([
      {
        date: '2026-03-20',
        reference: invoice.reference,
        contact: 'Danone',
        category: 'Encaissement facture',
        mode: 'Compte pro',
        amount: '1200.00',
      },
      {
        date: '2026-04-02',
        reference: expect.any(String),
        contact: null,
        category: 'Prestations de services',
        mode: 'Compte pro',
        amount: '360.00',
      },
    ])
    expect(book.months.map((month: { totalMonth: string }) => month.totalMonth)).toEqual(['1200.00', '360.00'])
    expect(book.totalYear).toBe('1560.00')
    // The invoice itself is in the sales journal, not in the book of money received.
    expect(rowsOf(await bookOf(client, 'income', 'from=2026-03-01&to=2026-03-15'))).toEqual([])
  })

  it('list the purchases paid, expense notes included, each line once as it is categorised today', async () => {
    const { client } = await frenchSeller(ctx.app)
    const bank = await bankAccount(client)
    // Nobody said yet what it is: not a purchase until someone does.
    await transaction(client, bank, 'BOULANGERIE', '-45', '2026-03-03')
    const phone = await transaction(client, bank, 'Orange', '-60', '2026-03-15')
    await split(client, phone, 'Forfait', '-60', PHONE)
    // Put on the phone first, then on travel: the books keep the line once, on travel.
    const train = await transaction(client, bank, 'SNCF', '-120', '2026-04-08')
    await split(client, train, 'Billet', '-120', PHONE)
    await split(client, train, 'Billet', '-120', TRAVEL)
    const associate = await associateAccount(client)
    await expenseNote(client, {
      name: 'Salon à Lyon',
      datedAt: '2026-04-12',
      allocations: [{ name: 'Péage', amount: '22', accountingEntryId: TRAVEL }],
    })
    // Paying the note back is not a second expense.
    const refund = await transaction(client, bank, 'VIR JEANNE DUPONT', '-22', '2026-04-20')
    await split(client, refund, 'Remboursement', '-22', associate.accountingEntryId)
    const cash = await client.post('/cash-operations', {
      name: 'Timbres',
      datedAt: '2026-04-25',
      allocations: [{ name: 'Sortie', amount: '12', accountingEntryId: PHONE }],
    })
    expect(cash.statusCode, cash.body).toBe(201)
    await transaction(client, bank, 'VIR CLIENT', '300', '2026-04-26')

    const book = await bookOf(client, 'expenses')
    const rows = rowsOf(book)
    expect(rows.map(({ date, category, mode, amount }) => [date, category, mode, amount])).toEqual([
      ['2026-03-15', 'Frais postaux et de télécommunications', 'Compte pro', '60.00'],
      ['2026-04-08', 'Voyages et déplacements', 'Compte pro', '120.00'],
      ['2026-04-12', 'Voyages et déplacements', 'Note de frais', '22.00'],
      ['2026-04-25', 'Frais postaux et de télécommunications', 'Caisse', '12.00'],
    ])
    expect(book.months.map((month: { totalMonth: string }) => month.totalMonth)).toEqual(['60.00', '154.00'])
    expect(book.totalYear).toBe('214.00')
    // The reversals that undid the earlier categories are not money in either.
    expect(rowsOf(await bookOf(client, 'income')).map((row) => row.amount)).toEqual(['300.00'])
  })

  it('list purchases only: not the owner’s drawings, a cash withdrawal, an uncategorised line, a transfer or a tax', async () => {
    const { client } = await frenchSeller(ctx.app)
    const bank = await bankAccount(client)
    const savings = json(await client.post('/journals', { name: 'Livret', journalTypeId: 1 })).data.id as number
    const supplier = json(await client.post('/contacts?relation=supplier', { contactTypeId: 2, name: 'Orange' })).data

    // A supplier's invoice paid by a categorised line: the purchase journal holds its charge, the bank pays it.
    const phone = await transaction(client, bank, 'PRLV ORANGE', '-60', '2026-11-05')
    await split(client, phone, 'Forfait', '-60', PHONE)
    const sent = await sendFiles(ctx.app, client, '/receipts', [{ name: 'facture.pdf', bytes: SAMPLE_FILES.pdf }])
    expect(sent.statusCode, sent.body).toBe(201)
    const receipt = json(sent).data[0].id as number
    const validated = await client.patch(`/receipts/${receipt}`, {
      stateId: RECEIPT_STATE_IDS.VALIDATED,
      reference: 'FA-2026-11',
      datedAt: '2026-11-03',
      taxExcluded: '50',
      taxIncluded: '60',
      contactId: supplier.id,
    })
    expect(validated.statusCode, validated.body).toBe(200)
    const attached = await client.post(`/transactions/${phone}/receipts`, { receipts: [receipt] })
    expect(attached.statusCode, attached.body).toBe(200)
    // Bank fees categorised from the bank line itself.
    const fees = await transaction(client, bank, 'FRAIS TENUE DE COMPTE', '-8.50', '2026-11-06')
    await split(client, fees, 'Frais', '-8.50', BANK_FEES)

    // What is no purchase: the owner's drawings, a cash withdrawal put in the cash box, an uncategorised line, a
    // transfer between the organisation's own accounts, the VAT paid to the state.
    const drawing = await transaction(client, bank, 'VIR M. MARTIN', '-500', '2026-11-07')
    await split(client, drawing, 'Prélèvement', '-500', await categoryId(client, '108'))
    const withdrawal = await transaction(client, bank, 'RETRAIT DAB', '-100', '2026-11-08')
    await split(client, withdrawal, 'Retrait', '-100', await categoryId(client, '580'))
    const cashIn = await client.post('/cash-operations', {
      name: 'Retrait DAB',
      datedAt: '2026-11-08',
      allocations: [{ name: 'Entrée', amount: '100', accountingEntryId: await categoryId(client, '580') }],
    })
    expect(cashIn.statusCode, cashIn.body).toBe(201)
    await transaction(client, bank, 'CB BOULANGERIE', '-45', '2026-11-09')
    const out = await transaction(client, bank, 'VIR VERS LIVRET', '-1000', '2026-11-10')
    await split(client, out, 'Épargne', '-1000', await categoryId(client, '580'))
    const into = await transaction(client, savings, 'VIR DEPUIS COMPTE PRO', '1000', '2026-11-10')
    await split(client, into, 'Épargne', '1000', await categoryId(client, '580'))
    const vat = await transaction(client, bank, 'DGFIP TVA', '-200', '2026-11-12')
    await split(client, vat, 'TVA', '-200', await categoryId(client, '44551'))

    const book = await bookOf(client, 'expenses')
    const names = json(await client.get('/accounting-entries?pageSize=1000')).data as { id: number; name: string }[]
    const nameOf = (id: number) => names.find((entry) => entry.id === id)?.name
    expect(rowsOf(book)).toEqual([
      {
        date: '2026-11-05',
        reference: 'FA-2026-11',
        contact: 'Orange',
        category: nameOf(PHONE),
        mode: 'Compte pro',
        amount: '60.00',
      },
      {
        date: '2026-11-06',
        reference: expect.any(String),
        contact: null,
        category: nameOf(BANK_FEES),
        mode: 'Compte pro',
        amount: '8.50',
      },
    ])
    expect(book.totalYear).toBe('68.50')
    // The withdrawal and the transfer's other side are no takings either.
    expect(rowsOf(await bookOf(client, 'income'))).toEqual([])
  })

  it('give the book as a CSV a French spreadsheet reads: dates, decimal commas, totals per month and year', async () => {
    const { client } = await frenchSeller(ctx.app)
    const invoice = await createValidatedInvoice(client, { datedAt: '2026-02-01', lines: [line({ amount: '99.5' })] })
    const bank = await bankAccount(client)
    const paid = await transaction(client, bank, 'VIR DANONE', '119.40', '2026-02-10')
    await client.post(`/transactions/${paid}/invoices`, { invoiceId: invoice.id })
    const sale = await transaction(client, bank, '=HYPERLINK("x")', '30', '2026-05-02')
    await split(client, sale, 'Conseil', '30', await categoryId(client, '706'))

    const response = await client.get(`/reports/books/income?${YEAR}&format=csv`)
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toContain('filename="livre-des-recettes-2026.csv"')
    expect(response.body.startsWith('\uFEFF')).toBe(true)
    const sheet = Papa.parse<string[]>(response.body.slice(1), { delimiter: ';', skipEmptyLines: true }).data
    expect(sheet).toEqual([
      ['Date', 'Référence', 'Client', 'Catégorie', 'Mode', 'Montant'],
      ['10/02/2026', invoice.reference, 'Danone', 'Encaissement facture', 'Compte pro', '119,40'],
      ['Total février 2026', '', '', '', '', '119,40'],
      ['02/05/2026', expect.any(String), '', 'Prestations de services', 'Compte pro', '30,00'],
      ['Total mai 2026', '', '', '', '', '30,00'],
      ["Total de l'année 2026", '', '', '', '', '149,40'],
    ])

    const expenses = await client.get('/reports/books/expenses?from=2026-01-01&to=2026-03-31&format=csv')
    expect(expenses.headers['content-disposition']).toContain(
      'filename="registre-des-achats-2026-01-01-au-2026-03-31.csv"',
    )
    expect(Papa.parse<string[]>(expenses.body.slice(1), { delimiter: ';', skipEmptyLines: true }).data).toEqual([
      ['Date', 'Référence', 'Fournisseur', 'Catégorie', 'Mode', 'Montant'],
      ['Total du 01/01/2026 au 31/03/2026', '', '', '', '', '0,00'],
    ])
  })

  it('answer an empty period with no month, and keep the books from collaborators', async () => {
    const owner = await frenchSeller(ctx.app)
    expect(await bookOf(owner.client, 'expenses', 'from=2024-01-01&to=2024-12-31')).toMatchObject({
      months: [],
      totalYear: '0.00',
    })
    // A path names a book or nothing (the project's rule for path parameters).
    expect((await owner.client.get(`/reports/books/purchases?${YEAR}`)).statusCode).toBe(404)
    const reversed = await owner.client.get('/reports/books/income?from=2026-12-31&to=2026-01-01')
    expect(reversed.statusCode).toBe(400)
    expect(reversed.body).toContain(messages.ledger.periodEndBeforeStart)

    const collaborator = await joinAsCollaborator(ctx, owner)
    for (const path of [`/reports/books/income?${YEAR}`, `/reports/books/expenses?${YEAR}&format=csv`]) {
      const refused = await collaborator.client.get(path)
      expect(refused.statusCode).toBe(403)
      expect(refused.json().message).toBe(messages.ledger.readForbidden)
    }
  })

  it('are a feature of the Pop plans and of the trial: the free formula and Classic get 403, the other reports stay', async () => {
    const owner = await frenchSeller(ctx.app)
    const plans = { free: 403, monthly: 403, 'plus-yearly': 403, 'pop-monthly': 200, 'pop-plus-yearly': 200 }
    for (const [plan, status] of Object.entries(plans)) {
      await givePlan(ctx, owner.organization.id, plan)
      for (const path of [`/reports/books/income?${YEAR}`, `/reports/books/expenses?${YEAR}&format=csv`]) {
        const response = await owner.client.get(path)
        expect(response.statusCode, `${plan} ${path}`).toBe(status)
        if (status === 403) expect(response.json()).toMatchObject({ code: 'PREMIUM_REQUIRED' })
      }
      expect((await owner.client.get('/reports/operating-account?from=2026-01-01&to=2026-12-31')).statusCode).toBe(200)
    }
    await givePlan(ctx, owner.organization.id, 'free')
    expect((await owner.client.get(`/reports/books/income?${YEAR}`)).json().message).toBe(
      messages.ledger.booksPremiumRequired,
    )
  })
})
