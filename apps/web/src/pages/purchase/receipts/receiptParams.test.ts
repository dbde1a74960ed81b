import { messages, RECEIPT_FORMATS } from '@app/domain'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../lib/api'
import { parseListParams } from '../../../lib/listParams'
import { emptyText, filterPatch, formOf, receiptParamsSchema, receiptsQuery, tabOf } from './receiptParams'
import { downloadName } from './receiptQueries'
import { refusedFile } from './useReceiptUpload'

const parse = (search: string) => parseListParams(receiptParamsSchema, new URLSearchParams(search))

describe('receipt list parameters', () => {
  it('reads the tab and the filters, and falls back on bad values', () => {
    const params = parse('state=to-associate&datedAfter=2026-03-01&amountMin=10.5&amountMax=abc&datedBefore=hier')
    expect(tabOf(params)).toBe('to-associate')
    expect(params.datedAfter).toBe('2026-03-01')
    expect(params.amountMin).toBe('10.5')
    expect(params.amountMax).toBeUndefined()
    expect(params.datedBefore).toBeUndefined()
    expect(tabOf(parse('state=archived'))).toBe('all')
  })

  it("writes the tab as the contract's filters, with the search, dates, amounts and paging", () => {
    const query = (search: string) => receiptsQuery({ ...parse(search), pageSize: 50 })
    expect(query('').toString()).toBe('page=1&pageSize=50')
    expect(query('state=to-process').get('filter[toValidate]')).toBe('true')
    expect(query('state=to-process').get('filter[toAssociate]')).toBeNull()
    expect(query('state=to-associate').get('filter[toAssociate]')).toBe('true')
    expect(query('state=to-associate').get('filter[toValidate]')).toBeNull()
    const full = query('page=2&search=orange&datedAfter=2026-01-01&datedBefore=2026-01-31&amountMin=0&amountMax=99.9')
    expect(Object.fromEntries(full)).toEqual({
      page: '2',
      pageSize: '50',
      'filter[search]': 'orange',
      'filter[datedAfter]': '2026-01-01',
      'filter[datedBefore]': '2026-01-31',
      'filter[amountMin]': '0',
      'filter[amountMax]': '99.9',
    })
  })

  it("turns the drawer's fields into the URL's: empty dropped, 0 kept, amounts as typed in French", () => {
    expect(filterPatch({ datedAfter: '', datedBefore: '2026-02-28', amountMin: '0', amountMax: '1 234,5' })).toEqual({
      datedAfter: undefined,
      datedBefore: '2026-02-28',
      amountMin: '0',
      amountMax: '1234.5',
    })
    expect(formOf(parse('amountMin=12.5&datedAfter=2026-03-01'))).toEqual({
      datedAfter: '2026-03-01',
      datedBefore: '',
      amountMin: '12,5',
      amountMax: '',
    })
  })

  it("gives each tab the spec's empty text", () => {
    expect(emptyText('all')).toBe('Tu n’as importé aucun justificatif')
    expect(emptyText('to-associate')).toBe('Aucun justificatif à associer')
    expect(emptyText('to-process')).toBe('Aucun justificatif à traiter')
  })
})

describe('downloadName', () => {
  it('keeps the name and gives it the extension of its type', () => {
    expect(downloadName({ name: 'facture.pdf', mimeType: 'application/pdf', extension: 'pdf' })).toBe('facture.pdf')
    expect(downloadName({ name: 'ticket.jpeg', mimeType: 'image/jpeg', extension: 'jpeg' })).toBe('ticket.jpg')
    expect(downloadName({ name: 'scan', mimeType: 'image/png', extension: 'png' })).toBe('scan.png')
    expect(downloadName({ name: '.pdf', mimeType: 'application/pdf', extension: 'pdf' })).toBe('justificatif.pdf')
  })
})

describe('refusedFile', () => {
  const files = [new File(['a'], 'un.pdf'), new File(['b'], 'deux.pdf')]
  const refusal = (message: string) => new ApiError(415, { message, code: 'UNSUPPORTED_FILE' })

  it("finds the file the server's message names by its position", () => {
    expect(refusedFile(refusal(messages.files.invalidFormat(2, RECEIPT_FORMATS)), files)?.name).toBe('deux.pdf')
    expect(refusedFile(refusal(messages.files.tooLarge(1, '5 Mo')), files)?.name).toBe('un.pdf')
  })

  it('takes the only file sent, and none among several when the message names none', () => {
    expect(refusedFile(refusal('Autre chose'), files.slice(0, 1))?.name).toBe('un.pdf')
    expect(refusedFile(refusal('Autre chose'), files)).toBeNull()
  })
})
