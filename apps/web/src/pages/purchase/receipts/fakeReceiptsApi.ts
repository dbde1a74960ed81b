import {
  type ContactDto,
  messages,
  RECEIPT_FORMATS,
  RECEIPT_MAX_FILES,
  RECEIPT_STATE_IDS,
  type ReceiptDto,
  receiptBadge,
  receiptMergedSchema,
  sniffReceiptType,
} from '@app/domain'
import { bodiesSent, fakeServer, jsonResponse, type Route } from '../../../components/test-utils'
import { stubXhr, type XhrRequest } from '../../../lib/fakeXhr'
import { meBody } from '../../../test-support/fakeTransactionsApi'
import { receivedEInvoice } from './fakeReceivedEInvoice'

const STATES = {
  [RECEIPT_STATE_IDS.PENDING]: { code: 'PENDING', name: 'En attente' },
  [RECEIPT_STATE_IDS.PROCESSING]: { code: 'PROCESSING', name: 'En cours' },
  [RECEIPT_STATE_IDS.VALIDATED]: { code: 'VALIDATED', name: 'Validé' },
  [RECEIPT_STATE_IDS.FAILED]: { code: 'FAILED', name: 'Échec' },
} as Record<number, { code: string; name: string }>

const stateOf = (stateId: number) => ({ id: stateId, ...(STATES[stateId] ?? { code: 'PENDING', name: '' }) })

/** A receipt as the API answers it: a PDF sent on 4 March 2026, still to process. */
export const receipt = (overrides: Partial<ReceiptDto> = {}): ReceiptDto => {
  const base: ReceiptDto = {
    id: 1,
    name: 'facture-orange.pdf',
    extension: 'pdf',
    mimeType: 'application/pdf',
    size: 12_345,
    origin: 'upload',
    stateId: RECEIPT_STATE_IDS.PENDING,
    state: stateOf(RECEIPT_STATE_IDS.PENDING),
    receiptTypeId: 1,
    badge: 'toProcess',
    reference: null,
    description: null,
    contactId: null,
    contact: null,
    supplierName: null,
    reading: false,
    datedAt: null,
    currencyId: 1,
    taxExcluded: null,
    taxAmount: null,
    taxIncluded: null,
    failure: null,
    dueAt: null,
    iban: null,
    eInvoiceFormat: null,
    eInvoicing: null,
    vatLines: null,
    transactions: [],
    createdAt: '2026-03-04T08:00:00Z',
    updatedAt: '2026-03-04T08:00:00Z',
    ...overrides,
  }
  const stateId = overrides.stateId ?? base.stateId
  return {
    ...base,
    state: overrides.state ?? stateOf(stateId),
    badge: overrides.badge ?? receiptBadge({ stateId, transactionCount: base.transactions.length }),
  }
}

/** A supplier as GET /contacts answers it (only what the picker reads matters). */
export const supplier = (id: number, name: string) =>
  ({
    id,
    name,
    relation: 'supplier',
  }) as unknown as ContactDto

export const CURRENCIES = [
  { id: 1, code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
  { id: 2, code: 'USD', name: 'Dollar américain', symbol: '$', decimals: 2 },
]

export type FakeReceipts = {
  receipts: ReceiptDto[]
  suppliers?: ContactDto[]
}

const list = (data: unknown[], page = 1, pageSize = 25) =>
  jsonResponse(200, {
    data: data.slice((page - 1) * pageSize, page * pageSize),
    meta: { total: data.length, page, pageSize },
  })

/** The bytes of a file as the server reads them. */
const bytesOf = (file: File) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer))
    reader.onerror = () => reject(reader.error)
    reader.readAsArrayBuffer(file)
  })

const MIME_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'application/pdf': 'pdf' }

/**
 * Stubs fetch and XMLHttpRequest with a small receipts server over copies of `initial`: the list (newest created
 * first, as given; the tabs' filters toValidate and toAssociate; the other filters are read from the spy), one
 * receipt, PATCH checked by the domain's schema (422 keyed by field, 409 once validated), DELETE, the download (the
 * file's type), the readable view of an XML e-invoice (receivedEInvoice, numbered as the receipt), the suppliers and
 * the currencies; uploads (POST /receipts, multipart) read each file's first bytes and answer 415 with the spec's
 * message for a file that is none of the formats. `routes` answer first.
 */
export function stubReceiptsApi(initial: FakeReceipts, routes: Route[] = []) {
  const receipts = initial.receipts.map((item) => structuredClone(item))
  const suppliers = [...(initial.suppliers ?? [supplier(31, 'Orange'), supplier(32, 'Papeterie Dupuis')])]
  let nextId = Math.max(100, ...receipts.map((item) => item.id)) + 1

  const notes = new Map<number, string>()
  const spy = fakeServer(routes, async ({ url, method, path, body }) => {
    const filter = (name: string) => url.searchParams.get(`filter[${name}]`)
    if (path === '/me') return jsonResponse(200, meBody())
    if (path === '/contacts') return list(suppliers, 1, 1000)
    if (path === '/currencies') return list(CURRENCIES, 1, 999)
    if (path === '/receipts' && method === 'GET') {
      const data = receipts.filter(
        (item) =>
          (filter('toValidate') !== 'true' || item.stateId !== RECEIPT_STATE_IDS.VALIDATED) &&
          (filter('toAssociate') !== 'true' ||
            (item.stateId === RECEIPT_STATE_IDS.VALIDATED && item.transactions.length === 0)),
      )
      return list(data, Number(url.searchParams.get('page') ?? 1), Number(url.searchParams.get('pageSize') ?? 25))
    }
    const note = /^\/receipts\/(\d+)\/note$/.exec(path)
    if (note) {
      // The private note (PUT /receipts/{id}/note): kept per receipt, as the server does.
      if (method === 'PUT') notes.set(Number(note[1]), String((body as { comment?: string }).comment ?? ''))
      return jsonResponse(200, {
        data: { comment: notes.get(Number(note[1])) ?? '', updatedAt: '2026-03-05T10:00:00Z', commentator: null },
      })
    }
    const eInvoice = /^\/receipts\/(\d+)\/e-invoice$/.exec(path)
    if (eInvoice) {
      const xml = receipts.find((item) => item.id === Number(eInvoice[1]) && item.mimeType === 'application/xml')
      return xml
        ? jsonResponse(200, { data: receivedEInvoice({ number: xml.reference ?? '2026/IB/0931' }) })
        : jsonResponse(404, { message: messages.http.notFound, code: 'NOT_FOUND' })
    }
    const match = /^\/receipts\/(\d+)(\/download)?$/.exec(path)
    const index = match ? receipts.findIndex((item) => item.id === Number(match[1])) : -1
    const found = receipts[index]
    if (!match || !found) return jsonResponse(404, { message: messages.http.notFound, code: 'NOT_FOUND' })
    if (match[2])
      return new Response(found.mimeType === 'application/pdf' ? '%PDF-1.7 fake' : 'image', {
        status: 200,
        headers: {
          'Content-Type': found.mimeType,
          'Content-Disposition': `attachment; filename="${found.name}"`,
        },
      })
    if (method === 'DELETE') {
      receipts.splice(index, 1)
      return jsonResponse(204, null)
    }
    if (method === 'PATCH') {
      if (found.stateId === RECEIPT_STATE_IDS.VALIDATED)
        return jsonResponse(409, { message: messages.receipts.validatedLocked, code: 'RECEIPT_VALIDATED' })
      const merged = {
        reference: found.reference,
        description: found.description,
        contactId: found.contactId,
        supplierName: found.supplierName,
        datedAt: found.datedAt,
        currencyId: found.currencyId,
        taxExcluded: found.taxExcluded,
        taxIncluded: found.taxIncluded,
        stateId: found.stateId,
        ...body,
      }
      const checked = receiptMergedSchema.safeParse(merged)
      if (!checked.success) {
        const errors: Record<string, string[]> = {}
        for (const issue of checked.error.issues) errors[issue.path.join('.')] ??= [issue.message]
        return jsonResponse(422, { message: messages.validation.invalidData, code: 'VALIDATION_FAILED', errors })
      }
      const saved = checked.data
      const stateId = saved.stateId ?? found.stateId
      // Validated with no supplier chosen: the name read on it becomes a supplier, as the server does.
      if (
        saved.contactId == null &&
        saved.supplierName &&
        stateId === RECEIPT_STATE_IDS.VALIDATED &&
        found.stateId !== RECEIPT_STATE_IDS.VALIDATED
      ) {
        const made = supplier(Math.max(0, ...suppliers.map((item) => item.id)) + 1, saved.supplierName)
        suppliers.push(made)
        saved.contactId = made.id
      }
      const contact = suppliers.find((item) => item.id === saved.contactId)
      const updated = receipt({
        ...found,
        reference: saved.reference,
        description: saved.description,
        contactId: contact?.id ?? null,
        contact: contact ? { id: contact.id, name: contact.name } : null,
        supplierName: saved.supplierName,
        datedAt: saved.datedAt,
        currencyId: saved.currencyId ?? found.currencyId,
        taxExcluded: saved.taxExcluded ?? null,
        taxIncluded: saved.taxIncluded ?? null,
        stateId,
        state: undefined,
        badge: undefined,
      })
      receipts[index] = updated
      return jsonResponse(200, { data: updated })
    }
    return jsonResponse(200, { data: found })
  })

  const uploads = stubXhr(async (request: XhrRequest) => {
    if (request.path !== '/receipts' || request.method !== 'POST')
      return { status: 404, body: { message: messages.http.notFound, code: 'NOT_FOUND' } }
    const files = request.body.getAll('document').filter((part): part is File => part instanceof File)
    if (files.length === 0 || files.length > RECEIPT_MAX_FILES)
      return {
        status: 422,
        body: {
          message: messages.validation.invalidData,
          code: 'VALIDATION_FAILED',
          errors: {
            document: [files.length === 0 ? messages.receipts.fileMissing : messages.files.tooMany(RECEIPT_MAX_FILES)],
          },
        },
      }
    const types: string[] = []
    for (const [position, file] of files.entries()) {
      const type = sniffReceiptType(await bytesOf(file))
      if (!type)
        return {
          status: 415,
          body: { message: messages.files.invalidFormat(position + 1, RECEIPT_FORMATS), code: 'UNSUPPORTED_FILE' },
        }
      types.push(type)
    }
    const created = files.map((file, position) =>
      receipt({
        id: nextId++,
        name: file.name,
        mimeType: types[position] ?? 'application/pdf',
        extension: MIME_EXTENSIONS[types[position] ?? ''] ?? 'pdf',
        size: file.size,
        origin: String(request.body.get('origin') ?? 'upload'),
        createdAt: '2026-04-02T09:00:00Z',
        updatedAt: '2026-04-02T09:00:00Z',
      }),
    )
    receipts.unshift(...created.slice().reverse())
    return { status: 201, body: { data: created } }
  })

  return { spy, uploads, receipts, suppliers }
}

/** The URLs of the GET requests made to `path` (exact, without the query string). */
export const getsTo = (spy: ReturnType<typeof fakeServer>, path: string) =>
  spy.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? 'GET') === 'GET' && new URL(String(input), 'http://localhost').pathname === `/api/v1${path}`,
    )
    .map(([input]) => new URL(String(input), 'http://localhost'))

export { bodiesSent }

/** Minimal real files: a PDF and a PNG by their first bytes, and a text file renamed as a PDF. */
export const pdfFile = (name = 'facture.pdf') => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' })
export const pngFile = (name = 'ticket.png') =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])], name, {
    type: 'image/png',
  })
export const fakePdfFile = (name = 'faux.pdf') => new File(['bonjour'], name, { type: 'application/pdf' })
