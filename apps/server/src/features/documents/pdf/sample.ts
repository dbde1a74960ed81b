import {
  addDays,
  documentTotals,
  type InvoiceDto,
  type InvoicePrint,
  legalMentions,
  type PrintedBranding,
  type PrintedPayment,
  type PrintedSeller,
  paymentTermLabel,
  toCents,
  todayInParis,
} from '@app/domain'

const SAMPLE_LINES = [
  {
    name: 'Atelier de cadrage',
    description: 'Objectifs, publics et arborescence du site',
    quantity: '1',
    amount: '650',
    unit: { id: 7, code: 'flat', name: 'Forfait' },
  },
  {
    name: 'Maquettes graphiques',
    description: "Page d'accueil et 4 gabarits, deux allers-retours",
    quantity: '3',
    amount: '450',
    unit: { id: 3, code: 'day', name: 'Jour' },
  },
  {
    name: 'Intégration et développement',
    description: null,
    quantity: '12.5',
    amount: '65',
    unit: { id: 2, code: 'hour', name: 'Heure' },
  },
  {
    name: 'Hébergement et maintenance',
    description: '12 mois, sauvegardes quotidiennes',
    quantity: '1',
    amount: '240',
    unit: { id: 6, code: 'year', name: 'Année' },
  },
]

/**
 * A realistic made-up invoice with the organisation's real identity, payment modes and (possibly unsaved) branding:
 * what the branding page previews.
 */
export function sampleInvoicePrint(parts: {
  seller: PrintedSeller
  payment: PrintedPayment
  branding: PrintedBranding
  today?: string
}): InvoicePrint {
  const taxFree = parts.seller.taxFree
  const rate = taxFree ? '0' : '20'
  const datedAt = parts.today ?? todayInParis()
  const totals = documentTotals({
    lines: SAMPLE_LINES.map((line) => ({ quantity: line.quantity, amount: line.amount, ratePercent: rate })),
    taxFree,
  })
  // Fixed instants: the same sample gives the same PDF, and the render cache can serve it again.
  const now = `${datedAt}T08:00:00.000Z`
  const document: InvoiceDto = {
    id: 0,
    name: 'Nouveau site vitrine',
    reference: 'F-0001',
    description: null,
    terms: null,
    amount: totals.totalTaxIncluded,
    payments: [],
    remainingToPay: totals.totalTaxIncluded,
    totalTaxExcluded: totals.totalTaxExcluded,
    totalTaxes: totals.totalTaxes,
    totalTaxIncluded: totals.totalTaxIncluded,
    discount: null,
    deliveryFees: null,
    disbursement: null,
    latePenalties: null,
    datedAt,
    paymentLimitAt: addDays(datedAt, 30),
    contactId: null,
    contact: null,
    billingAddressId: null,
    deliveryAddressId: null,
    customer: null,
    currencyId: 1,
    stateId: 2,
    state: { id: 2, code: 'PENDING', name: 'En attente', color: 'orange' },
    nature: 'SERVICES',
    vatOnDebits: false,
    taxFree,
    documentUrl: null,
    previewUrl: null,
    origin: null,
    commentsCount: 0,
    user: null,
    createdAt: now,
    updatedAt: now,
    validatedAt: now,
    type: 'F',
    isCreditNote: false,
    isDeposit: false,
    isFinal: false,
    isRecurring: false,
    recurringParams: null,
    subscriptionId: null,
    deliveredAt: null,
    paymentLimit: 30,
    paymentEndOfMonth: false,
    paymentDateAt: null,
    quoteId: null,
    quote: null,
    creditedInvoiceId: null,
    creditedInvoice: null,
    transactions: [],
    lines: SAMPLE_LINES.map((line, index) => ({
      id: index + 1,
      position: index + 1,
      name: line.name,
      description: line.description,
      reference: null,
      type: 'SERVICE',
      quantity: line.quantity,
      amount: line.amount,
      unitId: line.unit.id,
      unit: line.unit,
      taxId: taxFree ? 6 : 1,
      tax: { id: taxFree ? 6 : 1, code: taxFree ? 'VT_NUL' : 'VT_FR_20', name: 'TVA', amount: toCents(rate) },
      itemId: null,
      discount: null,
      totalTaxExcluded: totals.lines[index]?.totalTaxExcluded ?? '0.00',
      depositInvoiceId: null,
    })),
    vatBreakdown: totals.byRate,
    creditNotes: [],
    remainingToCredit: '0.00',
    finalInvoiceSources: null,
  }
  return {
    kind: 'invoice',
    document,
    seller: parts.seller,
    buyer: {
      name: 'Boulangerie Dupain',
      contactTypeId: 1,
      siren: '732829320',
      vatNumber: 'FR44732829320',
      email: null,
      billingAddress: {
        name: null,
        street: '8 rue des Lilas',
        complement1: null,
        complement2: null,
        postcode: '69003',
        city: 'Lyon',
        countryCode: 'FR',
        countryName: 'France',
      },
      deliveryAddress: null,
    },
    payment: parts.payment,
    branding: parts.branding,
    mentions: legalMentions({
      kind: 'invoice',
      taxFree,
      vatOnDebits: false,
      nature: 'SERVICES',
      customerContactTypeId: 1,
      latePenalties: '10',
    }),
    paymentTerms: paymentTermLabel(30, false),
    paid: false,
    deductedDeposits: [],
  }
}
