import { checkFec, letteringCode, messages } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { joinAsCollaborator, signUpWithOrganization, useTestContext } from '../../../../test/helpers'
import { bankAccount, PHONE, transaction } from '../../../../test/money'
import { createValidatedInvoice, frenchSeller, line } from '../../../../test/sales'
import type { Tenant } from '../../../lib/tenant'
import { checkLedger } from '../ledger/check'
import { createFecExport } from './fec'

const ctx = useTestContext({ now: () => new Date('2026-11-24T10:00:00Z') })

describe('the FEC', () => {
  it('exports the year read back by an independent checker to the balances the events make', async () => {
    const owner = await frenchSeller(ctx.app)
    const client = owner.client
    const paid = await createValidatedInvoice(client, { lines: [line({ amount: '1000' })] })
    await createValidatedInvoice(client, { datedAt: '2026-11-05', lines: [line({ amount: '250', type: 'PRODUCT' })] })
    const bank = await bankAccount(client)
    const transfer = await transaction(client, bank, 'VIR CLIENT', '1200', '2026-11-12')
    expect((await client.post(`/transactions/${transfer}/invoices`, { invoiceId: paid.id })).statusCode).toBe(200)
    const phone = await transaction(client, bank, 'Orange', '-60', '2026-11-15')
    await client.patch(`/transactions/${phone}`, {
      allocations: [{ name: 'Orange', amount: '-60', accountingEntryId: PHONE }],
    })
    await transaction(client, bank, 'Retrait inconnu', '-40', '2026-11-16')

    const response = await client.get('/exports/fec?year=2026')
    expect(response.statusCode, response.body).toBe(200)
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8')
    expect(response.headers['content-disposition']).toContain('filename="732829320FEC20261231.txt"')

    const check = checkFec(response.body)
    expect(check.errors).toEqual([])
    // Announced before the first line, so that the page can say how far the download is: the header and each row.
    expect(response.headers['x-export-rows']).toBe(String(response.body.trim().split('\r\n').length))
    expect(check.totals.debit).toBe(check.totals.credit)
    // 1,200 + 300 invoiced; 1,200 received, 60 and 40 paid out; the phone bill's VAT deductible; 40 still to explain.
    expect(check.balancesByAccount).toMatchObject({
      '411': '300.00',
      '706': '-1000.00',
      '707': '-250.00',
      '44571': '-250.00',
      '5121': '1100.00',
      '626': '50.00',
      '44566': '10.00',
      '471000': '40.00',
    })
    // The invoice and the transfer that paid it carry one lettering code and its date; the unpaid one none.
    const rows = response.body.split('\r\n').map((row) => row.split('\t'))
    const lettered = rows.filter((row) => row[4] === '411' && row[13] !== '')
    expect(lettered.map((row) => [row[8], row[13], row[14]])).toEqual([
      [`T${transfer}`, 'A', '20261112'],
      [paid.reference, 'A', '20261112'],
    ])
  })

  it('is empty but for its header for a year without entries, and needs the SIREN, an owner or the accountant', async () => {
    const owner = await frenchSeller(ctx.app)
    const empty = await owner.client.get('/exports/fec?year=2024')
    expect(empty.statusCode).toBe(200)
    expect(checkFec(empty.body)).toMatchObject({ errors: [], entries: 0 })

    const bad = await owner.client.get('/exports/fec?year=19')
    expect(bad.statusCode).toBe(400)
    expect(JSON.stringify(bad.json())).toContain(messages.ledger.yearInvalid)

    const collaborator = await joinAsCollaborator(ctx, owner)
    const refused = await collaborator.client.get('/exports/fec?year=2026')
    expect(refused.statusCode).toBe(403)
    expect(refused.json().message).toBe(messages.ledger.readForbidden)

    const withoutSiren = await signUpWithOrganization(ctx.app, { taxRegimeId: 2 }, { legalInfo: false })
    const missing = await withoutSiren.client.get('/exports/fec?year=2026')
    expect(missing.statusCode).toBe(409)
    expect(missing.json().message).toBe(messages.ledger.sirenRequired)
  })

  it('writes a renamed bank account under its new name on every line, without re-posting a line it held', async () => {
    const owner = await frenchSeller(ctx.app)
    const client = owner.client
    const bank = await bankAccount(client)
    const phone = await transaction(client, bank, 'Orange', '-60', '2026-11-15')
    await client.patch(`/transactions/${phone}`, {
      allocations: [{ name: 'Orange', amount: '-60', accountingEntryId: PHONE }],
    })
    const before = await checkLedger(ctx.database.db, owner.organization.id)
    expect((await client.patch(`/journals/${bank}`, { name: 'Qonto Pro' })).statusCode).toBe(200)
    await transaction(client, bank, ' Frais\tde tenue\r\nde compte ', '-5', '2026-11-20')

    // A name is not what the books say: the renaming posts nothing, and the proof still finds the books right.
    const after = await checkLedger(ctx.database.db, owner.organization.id)
    expect(after).toMatchObject({ differences: [], faults: [], entries: before.entries + 1 })
    // Not trimmed: the last row ends with the two empty currency columns.
    const rows = (await client.get('/exports/fec?year=2026')).body
      .split('\r\n')
      .slice(1, -1)
      .map((row) => row.split('\t'))
    const bankRows = rows.filter((row) => row[0] === 'BQ1')
    expect(bankRows.length).toBeGreaterThanOrEqual(4)
    expect(new Set(bankRows.map((row) => row[1]))).toEqual(new Set(['Qonto Pro']))
    const treasury = rows.filter((row) => row[4] === '5121')
    expect(new Set(treasury.map((row) => row[5])).size).toBe(1)
    // A tab or a line break in a bank label would shift the columns or cut the row: each is a space, the ends trimmed.
    expect(rows.filter((row) => row.length !== 18)).toEqual([])
    expect(bankRows.filter((row) => row[10] === 'Frais de tenue  de compte')).toHaveLength(2)
  })

  it('writes the same file a page of one entry at a time: each page starts after the last, the lettering kept', async () => {
    const owner = await frenchSeller(ctx.app)
    const client = owner.client
    const paid = await createValidatedInvoice(client, { lines: [line({ amount: '500' })] })
    const bank = await bankAccount(client)
    const transfer = await transaction(client, bank, 'VIR "CLIENT"', '600', '2026-11-12')
    expect((await client.post(`/transactions/${transfer}/invoices`, { invoiceId: paid.id })).statusCode).toBe(200)
    // Characters the embedded engine's page separates and quotes fields with: in a label, spaces like the others.
    await transaction(client, bank, 'Frais\u001fde\u001ecompte', '-5', '2026-11-20')
    await transaction(client, bank, 'Retrait', '-40', '2026-11-21')

    const whole = await client.get('/exports/fec?year=2026')
    expect(whole.statusCode, whole.body).toBe(200)
    const tenant = {
      userId: owner.id,
      organizationId: owner.organization.id,
      membership: { roleCode: 'OWNER' },
    } as unknown as Tenant
    const paged = await createFecExport({ database: ctx.database, entriesPerPage: 1 })(tenant, { year: 2026 })
    let text = ''
    for await (const chunk of paged.lines) text += chunk
    expect(text).toBe(whole.body)
    expect(checkFec(text).errors).toEqual([])
    const rows = text.split('\r\n').map((row) => row.split('\t'))
    expect(rows.filter((row) => row[10] === 'Frais de compte')).toHaveLength(2)
    // Posted on 471000, reversed when the invoice was attached, posted again against 411: three entries of two lines
    // and one of four.
    expect(rows.filter((row) => row[10]?.endsWith('VIR "CLIENT"'))).toHaveLength(8)
    expect(rows.filter((row) => row[4] === '411' && row[13] === 'A')).toHaveLength(2)
  })

  it('names settled pieces A to Z, then AA', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(letteringCode)).toEqual(['A', 'B', 'Z', 'AA', 'AB', 'ZZ', 'AAA'])
  })
})
