import type {
  ContactDto,
  DocumentLineDto,
  DocumentStateDto,
  InvoiceDto,
  InvoiceListItemDto,
  QuoteDto,
  QuoteListItemDto,
  SalesSettingsDto,
} from '@app/domain'
import { fireEvent, screen } from '@testing-library/react'
import type { Route, stubApi } from '../components/test-utils'

/**
 * Test data of the sales documents' tests (lists, drawers, editor): documents, lines, a customer, taxes at 20 % and
 * 5,5 %, settings. Each builder gives a blank draft; a test passes the fields it is about.
 */

export const DRAFT_STATE: DocumentStateDto = { id: 1, code: 'DRAFT', name: 'Brouillon', color: 'gray' }

/** `state('PAID')` among `states`, a draft when missing. */
export const stateIn = (states: DocumentStateDto[]) => (code: string) =>
  states.find((entry) => entry.code === code) ?? DRAFT_STATE

/** GET /me: the organisation (tax-free or not) and the user's preferences (a list's display, its page size). */
export const me = ({
  isTaxFree = false,
  preferences = {},
  features = ['recurring_invoices'],
}: {
  isTaxFree?: boolean
  preferences?: object
  /** The plan's features (`recurring_invoices` is the premium gate of recurring invoices). */
  features?: string[]
} = {}) => ({
  data: { id: 1, preferences, currentOrganization: { id: 1, taxAreaId: 1, isTaxFree, features } },
})

const ref = (id: number, name: string) => ({ id, code: name.toLowerCase(), name })
/** A collected tax of GET /taxes: type vt (1), a rate kind (1 NOR, 3 RED, 6 EXO, 7 NUL) and an area (null: all). */
const tax = (id: number, code: string, amount: string, taxRateId: number, taxAreaId: number | null) => ({
  id,
  code,
  name: `TVA ${code}`,
  amount,
  isCollected: true,
  taxTypeId: 1,
  taxRateId,
  taxAreaId,
})

export function line(id: number, position: number, fields: Partial<DocumentLineDto> = {}): DocumentLineDto {
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

/** What invoices and quotes have in common. */
type DocumentCommon = Omit<QuoteListItemDto, 'validityLimit' | 'invoiceId' | 'depositsCount'>

/** A blank draft of 2 March 2026, without customer. */
function common(): DocumentCommon {
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
    state: DRAFT_STATE,
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
  }
}

/** An invoice as the lists give it (GET /invoices). */
export function invoiceListItem(fields: Partial<InvoiceListItemDto> = {}): InvoiceListItemDto {
  return {
    ...common(),
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
    recurringParams: null,
    subscriptionId: null,
    ...fields,
  }
}

/** A full invoice (GET /invoices/{id}). */
export function invoice(fields: Partial<InvoiceDto> = {}): InvoiceDto {
  return {
    ...invoiceListItem(),
    lines: [],
    vatBreakdown: [],
    creditNotes: [],
    remainingToCredit: '0.00',
    payments: [],
    remainingToPay: '0.00',
    finalInvoiceSources: null,
    ...fields,
  }
}

/** A quote as the lists give it (GET /quotes). */
export function quoteListItem(fields: Partial<QuoteListItemDto> = {}): QuoteListItemDto {
  return { ...common(), id: 9, name: 'Devis site', validityLimit: 30, invoiceId: null, depositsCount: 0, ...fields }
}

/** A full quote (GET /quotes/{id}). */
export function quote(fields: Partial<QuoteDto> = {}): QuoteDto {
  return {
    ...quoteListItem(),
    lines: [],
    vatBreakdown: [],
    deposits: [],
    depositsTotalTaxExcluded: '0.00',
    depositsTotalTaxIncluded: '0.00',
    availableStates: [],
    ...fields,
  }
}

// What the list tests read -------------------------------------------------------------------------------------------

/** The JSON bodies sent to `path` (the end of the URL) with `method`. */
export const bodiesOf = (spy: ReturnType<typeof stubApi>, method: string, path: string) =>
  spy.mock.calls
    .filter(([url, init]) => init?.method === method && String(url).endsWith(path))
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : undefined))

/** Opens the "…" menu of the row `name`; its entries, once the document is loaded. */
export const rowMenu = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: `Actions pour ${name}` }))
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent)
}

// The editor's reference data ---------------------------------------------------------------------------------------

export const settings: SalesSettingsDto = {
  invoiceEmail: null,
  quoteEmail: null,
  recurringEmail: null,
  recurringUnit: 'month',
  recurringCreationOption: 'draft',
  recurringEndingType: 'date',
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
  lateInvoiceReminders: true,
  creditNotePrefix: 'AV',
  invoiceReference: {} as SalesSettingsDto['invoiceReference'],
  creditNoteReference: {} as SalesSettingsDto['creditNoteReference'],
  quoteReference: {} as SalesSettingsDto['quoteReference'],
  invoiceCurrentChrono: 1,
  quoteCurrentChrono: 1,
  colorPrimary: '#000000',
  fontId: 1,
  fontTitle: 'Inter',
  logoUrl: null,
  iconUrl: null,
  backgroundUrl: null,
  backgroundNextPagesUrl: null,
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

/** The reference data and lists every editor loads. */
export function baseRoutes({
  salesSettings = settings,
  taxFree = false,
}: {
  salesSettings?: SalesSettingsDto
  taxFree?: boolean
} = {}): Route[] {
  return [
    { path: '/me', body: me({ isTaxFree: taxFree }) },
    { path: '/settings', body: { data: salesSettings } },
    { path: '/contacts', body: { data: [customer], meta: { total: 1, page: 1, pageSize: 1000 } } },
    { path: '/items', body: { data: [], meta: { total: 0, page: 1, pageSize: 999 } } },
    { path: '/units', body: { data: [ref(1, 'Unité'), ref(2, 'Heure')] } },
    {
      path: '/taxes',
      body: {
        data: [
          // As the reference data has them: the mainland and Corsica's 20 %, exempt, no VAT and not subject.
          tax(1, 'VT_FR_20', '20.00', 1, 1),
          tax(3, 'VT_FR_5_5', '5.50', 3, 1),
          tax(5, 'VT_EXO_0', '0.00', 6, null),
          tax(6, 'VT_NUL', '0.00', 7, null),
          tax(7, 'VT_CO_20', '20.00', 1, 2),
          { ...tax(301, 'NS_COLLECTED', '0.00', 7, null), taxTypeId: 4 },
        ],
      },
    },
  ]
}
