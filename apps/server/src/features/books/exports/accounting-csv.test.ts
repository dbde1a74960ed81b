import { add, messages } from '@app/domain'
import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { joinAsCollaborator, useTestContext } from '../../../../test/helpers'
import { bankAccount, PHONE, transaction } from '../../../../test/money'
import { createValidatedInvoice, frenchSeller, line } from '../../../../test/sales'
import { fileSlug, parisTimestamp } from '../../../lib/file-names'
import type { Tenant } from '../../../lib/tenant'
import { ACCOUNTING_CSV_COLUMNS, createAccountingCsvExport } from './accounting-csv'

// 09:30 UTC is 10:30 in Paris in November (winter time).
const ctx = useTestContext({ now: () => new Date('2026-11-24T09:30:00Z') })

/** The file read as a spreadsheet reads it: the BOM says UTF-8, semicolons split, quotes protect. */
function readAsSpreadsheet(body: string) {
  expect(body.startsWith('\uFEFF')).toBe(true)
  expect(body.endsWith('\r\n')).toBe(true)
  const parsed = Papa.parse<string[]>(body.slice(1), { delimiter: ';', newline: '\r\n', skipEmptyLines: true })
  expect(parsed.errors).toEqual([])
  const [header, ...rows] = parsed.data
  expect(header).toEqual([...ACCOUNTING_CSV_COLUMNS])
  return rows.map((row) => {
    expect(row).toHaveLength(ACCOUNTING_CSV_COLUMNS.length)
    return Object.fromEntries(ACCOUNTING_CSV_COLUMNS.map((column, index) => [column, row[index] ?? '']))
  })
}

/** "1200,00" back to "1200.00", refusing anything else than the decimal comma and two decimals. */
const euros = (cell: string | undefined) => {
  expect(cell).toMatch(/^\d+,\d{2}$/)
  return (cell ?? '').replace(',', '.')
}

describe('the accounting CSV', () => {
  it("writes the period's ledger lines, balanced, by date and journal, opened as a spreadsheet would", async () => {
    const owner = await frenchSeller(ctx.app)
    const client = owner.client
    await createValidatedInvoice(client, { datedAt: '2026-10-30', lines: [line({ amount: '500' })] })
    const paid = await createValidatedInvoice(
      client,
      { datedAt: '2026-11-02', lines: [line({ amount: '1000' })] },
      { name: 'Dupont; "et fils"' },
    )
    const bank = await bankAccount(client)
    const transfer = await transaction(client, bank, 'VIR CLIENT', '1200', '2026-11-12')
    expect((await client.post(`/transactions/${transfer}/invoices`, { invoiceId: paid.id })).statusCode).toBe(200)
    const phone = await transaction(client, bank, '=Orange', '-60', '2026-11-15')
    await client.patch(`/transactions/${phone}`, {
      allocations: [{ name: '=Orange', amount: '-60', accountingEntryId: PHONE }],
    })

    const response = await client.get('/exports/accounting.csv?from=2026-11-01&to=2026-11-30')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toContain(
      'attachment; filename="atelier-martin-fils-ecritures-20261124-1030.csv"',
    )

    const rows = readAsSpreadsheet(response.body)
    // Announced before the first line, so that the page can say how far the download is: the header and each row.
    expect(response.headers['x-export-rows']).toBe(String(rows.length + 1))
    const debit = rows.reduce((total, row) => add(total, euros(row.Débit)), '0')
    const credit = rows.reduce((total, row) => add(total, euros(row.Crédit)), '0')
    expect(debit).toBe(credit)
    // 1,200 invoiced; 1,200 received (first in waiting, then settling the invoice, its 200 of VAT then due); 60 paid,
    // then categorised.
    expect(debit).toBe('5180')

    // The October invoice is outside the period; the rest comes by date, journal, number and line, reversals included.
    const entry = (row: Record<string, string>) => [row.Date, row.Journal, row["N° d'écriture"], row.Compte]
    expect(rows.map((row) => [...entry(row), row.Débit, row.Crédit])).toEqual([
      ['02/11/2026', 'VT', '2', '411', '1200,00', '0,00'],
      ['02/11/2026', 'VT', '2', '706', '0,00', '1000,00'],
      ['02/11/2026', 'VT', '2', '44574', '0,00', '200,00'],
      ['12/11/2026', 'BQ1', '1', '5121', '1200,00', '0,00'],
      ['12/11/2026', 'BQ1', '1', '471000', '0,00', '1200,00'],
      ['12/11/2026', 'BQ1', '2', '5121', '0,00', '1200,00'],
      ['12/11/2026', 'BQ1', '2', '471000', '1200,00', '0,00'],
      ['12/11/2026', 'BQ1', '3', '5121', '1200,00', '0,00'],
      ['12/11/2026', 'BQ1', '3', '411', '0,00', '1200,00'],
      ['12/11/2026', 'BQ1', '3', '44574', '200,00', '0,00'],
      ['12/11/2026', 'BQ1', '3', '44571', '0,00', '200,00'],
      ['15/11/2026', 'BQ1', '4', '5121', '0,00', '60,00'],
      ['15/11/2026', 'BQ1', '4', '471000', '60,00', '0,00'],
      ['15/11/2026', 'BQ1', '5', '5121', '60,00', '0,00'],
      ['15/11/2026', 'BQ1', '5', '471000', '0,00', '60,00'],
      ['15/11/2026', 'BQ1', '6', '5121', '0,00', '60,00'],
      ['15/11/2026', 'BQ1', '6', '626', '50,00', '0,00'],
      ['15/11/2026', 'BQ1', '6', '44566', '10,00', '0,00'],
    ])
    const customer = rows[0]
    expect(customer).toMatchObject({
      'Libellé journal': 'Ventes',
      Pièce: paid.reference,
      'Date pièce': '02/11/2026',
      'Libellé compte': 'Clients',
      'Libellé auxiliaire': 'Dupont; "et fils"',
      Libellé: `Facture ${paid.reference} – Dupont; "et fils"`,
    })
    expect(customer?.['Compte auxiliaire']).not.toBe('')
    // A line without a customer or supplier leaves the auxiliary columns empty.
    expect(rows[1]).toMatchObject({ 'Compte auxiliaire': '', 'Libellé auxiliaire': '' })
    // A bank label a spreadsheet would run as a formula is written as text.
    const phoneLabels = rows.filter((row) => row.Date === '15/11/2026').map((row) => row.Libellé)
    expect(phoneLabels.filter((label) => label?.startsWith('='))).toEqual([])
    expect(phoneLabels).toContain("'=Orange")
  })

  it('writes the same file a few lines at a time as in one page: the cursor neither skips nor repeats a line', async () => {
    const owner = await frenchSeller(ctx.app)
    const bank = await bankAccount(owner.client)
    await createValidatedInvoice(owner.client, { datedAt: '2026-11-02' })
    await createValidatedInvoice(owner.client, { datedAt: '2026-11-02' })
    await transaction(owner.client, bank, 'Retrait', '-40', '2026-11-02')
    await transaction(owner.client, bank, 'Remise', '75', '2026-11-03')
    const tenant = {
      userId: 0,
      organizationId: owner.organization.id,
      membership: { roleCode: 'owner' },
    } as unknown as Tenant
    const read = async (pageSize: number) => {
      const file = await createAccountingCsvExport({ db: ctx.database.db, clock: () => new Date(), pageSize })(tenant, {
        from: '2026-11-01',
        to: '2026-11-30',
      })
      let text = ''
      for await (const chunk of file.lines) text += chunk
      return text
    }
    const whole = await read(5000)
    expect(readAsSpreadsheet(whole)).toHaveLength(10)
    expect(await read(3)).toBe(whole)
    expect(await read(1)).toBe(whole)
  })

  it('is the header alone for a period without entries', async () => {
    const owner = await frenchSeller(ctx.app)
    const response = await owner.client.get('/exports/accounting.csv?from=2024-01-01&to=2024-12-31')
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(`\uFEFF${ACCOUNTING_CSV_COLUMNS.join(';')}\r\n`)
  })

  it('refuses an end before the start or a period of five years, in French', async () => {
    const owner = await frenchSeller(ctx.app)
    const reversed = await owner.client.get('/exports/accounting.csv?from=2026-11-30&to=2026-11-01')
    expect(reversed.statusCode).toBe(400)
    expect(JSON.stringify(reversed.json())).toContain(messages.ledger.periodEndBeforeStart)

    const tooLong = await owner.client.get('/exports/accounting.csv?from=2020-01-01&to=2026-11-01')
    expect(tooLong.statusCode).toBe(400)
    expect(JSON.stringify(tooLong.json())).toContain(messages.ledger.periodTooLong)

    const missing = await owner.client.get('/exports/accounting.csv?from=2026-11-01')
    expect(missing.statusCode).toBe(400)
  })

  it('is for the owner, the administrators and the accountant, not a collaborator', async () => {
    const owner = await frenchSeller(ctx.app)
    const collaborator = await joinAsCollaborator(ctx, owner)
    const refused = await collaborator.client.get('/exports/accounting.csv?from=2026-01-01&to=2026-12-31')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(messages.ledger.readForbidden)
  })

  it('names the file from the organisation without accents, at the minute shown in Paris', () => {
    expect(fileSlug('Atelier Martin & Fils')).toBe('atelier-martin-fils')
    expect(fileSlug('Société Générale d’Éclairage')).toBe('societe-generale-d-eclairage')
    expect(fileSlug('  ')).toBe('organisation')
    // Summer time: UTC+2; the day already changed in Paris.
    expect(parisTimestamp(new Date('2026-06-30T22:05:00Z'))).toBe('20260701-0005')
    expect(parisTimestamp(new Date('2026-11-24T09:30:00Z'))).toBe('20261124-1030')
  })
})
