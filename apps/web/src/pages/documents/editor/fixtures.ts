import type { ContactDto, DocumentLineDto, InvoiceDto, QuoteDto, SalesSettingsDto } from '@app/domain'
import type { Route } from '../../../components/test-utils'

/** Test data of the editor's tests: a customer, taxes at 20 % and 5,5 %, settings, invoices. */
export const settings: SalesSettingsDto = {
  invoiceEmail: null,
  quoteEmail: null,
  recurringEmail: null,
  emailSignature: null,
  invoiceEmailSubject: null,
  quoteEmailSubject: null,
  invoiceTerms: 'Paiement par virement.',
  quoteTerms: null,
  quoteValidityPeriod: null,
  invoicePaymentLimit: null,
  invoicePaymentEndOfMonth: false,
  hasDeliveryFees: false,
  hasLatePenalties: false,
  hasDisbursement: false,
  hasDiscounts: false,
  latePenaltyRate: null,
  vatOnDebits: false,
  creditNotePrefix: 'AV',
  invoiceReference: {} as SalesSettingsDto['invoiceReference'],
  creditNoteReference: {} as SalesSettingsDto['creditNoteReference'],
  quoteReference: {} as SalesSettingsDto['quoteReference'],
  invoiceCurrentChrono: 1,
  quoteCurrentChrono: 1,
}

const address = (id: number, addressTypeId: number, city: string) => ({
  id,
  addressableType: 'contact',
  addressableId: 7,
  addressTypeId,
  addressTypeCode: addressTypeId === 1 ? 'BILLING' : 'COMPANY',
  name: null,
  street: `${id} rue de la Paix`,
  complement1: null,
  complement2: null,
  postcode: '75002',
  city,
  countryId: 71,
  isDefault: false,
})

export const customer = {
  id: 7,
  name: 'ACME',
  contactTypeId: 1,
  addresses: [address(30, 2, 'Lyon'), address(31, 1, 'Paris'), address(32, 1, 'Lille')],
  contacts: [],
} as unknown as ContactDto

export const me = (isTaxFree = false) => ({
  data: { id: 1, preferences: {}, currentOrganization: { id: 1, taxAreaId: 1, isTaxFree } },
})

const ref = (id: number, name: string) => ({ id, code: name.toLowerCase(), name })

export function line(id: number, position: number, fields: Partial<DocumentLineDto>): DocumentLineDto {
  return {
    id,
    position,
    name: `Ligne ${id}`,
    description: null,
    reference: null,
    type: 'SERVICE',
    quantity: '1',
    amount: '100',
    unitId: 1,
    unit: ref(1, 'Unité'),
    taxId: 1,
    tax: { ...ref(1, '20 %'), amount: '20.00' },
    itemId: null,
    discount: null,
    totalTaxExcluded: '100.00',
    depositInvoiceId: null,
    ...fields,
  }
}

export function invoice(fields: Partial<InvoiceDto> = {}): InvoiceDto {
  return {
    id: 5,
    name: 'Site web',
    reference: null,
    description: null,
    terms: null,
    amount: '0.00',
    totalTaxExcluded: '0.00',
    totalTaxes: '0.00',
    totalTaxIncluded: '0.00',
    discount: null,
    deliveryFees: null,
    disbursement: null,
    latePenalties: null,
    datedAt: '2026-03-02',
    paymentLimitAt: '2026-04-01',
    contactId: null,
    contact: null,
    billingAddressId: null,
    deliveryAddressId: null,
    customer: null,
    currencyId: 1,
    stateId: 1,
    state: { id: 1, code: 'DRAFT', name: 'Brouillon', color: 'gray' },
    nature: 'SERVICES',
    vatOnDebits: false,
    taxFree: false,
    documentUrl: null,
    previewUrl: null,
    origin: null,
    commentsCount: 0,
    user: null,
    createdAt: '2026-03-02T09:00:00Z',
    updatedAt: '2026-03-02T09:00:00Z',
    validatedAt: null,
    type: 'F',
    isCreditNote: false,
    isDeposit: false,
    isFinal: false,
    isRecurring: false,
    deliveredAt: null,
    paymentLimit: 30,
    paymentEndOfMonth: false,
    paymentDateAt: null,
    quoteId: null,
    quote: null,
    creditedInvoiceId: null,
    creditedInvoice: null,
    transactions: [],
    lines: [],
    vatBreakdown: [],
    creditNotes: [],
    remainingToCredit: '0.00',
    finalInvoiceSources: null,
    ...fields,
  }
}

export function quote(fields: Partial<QuoteDto> = {}): QuoteDto {
  const { type: _t, isCreditNote: _c, isDeposit: _d, isFinal: _f, isRecurring: _r, ...common } = invoice()
  return {
    ...(common as unknown as QuoteDto),
    id: 9,
    name: 'Devis site',
    validityLimit: 30,
    invoiceId: null,
    depositsCount: 0,
    deposits: [],
    depositsTotalTaxExcluded: '0.00',
    depositsTotalTaxIncluded: '0.00',
    availableStates: [],
    state: { id: 1, code: 'DRAFT', name: 'Brouillon', color: 'gray' },
    ...fields,
  }
}

/** The reference data and lists every editor loads. */
export function baseRoutes({
  salesSettings = settings,
  taxFree = false,
}: {
  salesSettings?: SalesSettingsDto
  taxFree?: boolean
} = {}): Route[] {
  return [
    { path: '/me', body: me(taxFree) },
    { path: '/settings', body: { data: salesSettings } },
    { path: '/contacts', body: { data: [customer], meta: { total: 1, page: 1, pageSize: 1000 } } },
    { path: '/items', body: { data: [], meta: { total: 0, page: 1, pageSize: 999 } } },
    { path: '/units', body: { data: [ref(1, 'Unité'), ref(2, 'Heure')] } },
    {
      path: '/taxes',
      body: {
        data: [
          { id: 1, code: 'VT_FR_20', name: '20 %', amount: '20.00' },
          { id: 3, code: 'VT_FR_5_5', name: '5,5 %', amount: '5.50' },
          { id: 6, code: 'VT_NUL', name: 'Pas de TVA', amount: '0.00' },
        ],
      },
    },
  ]
}
