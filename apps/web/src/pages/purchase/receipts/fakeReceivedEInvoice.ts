import type { ReceivedEInvoiceDto } from '@app/domain'

/**
 * A received e-invoice as GET /receipts/{id}/e-invoice answers it: Imprimerie Beaulieu's CII invoice to Atelier
 * Martin, two lines at 20 % and 10 %, with its addresses, terms, IBAN and a note.
 */
export const receivedEInvoice = (overrides: Partial<ReceivedEInvoiceDto> = {}): ReceivedEInvoiceDto => ({
  format: 'cii',
  number: '2026/IB/0931',
  issueDate: '2026-11-15',
  dueDate: '2026-12-31',
  typeCode: '380',
  currency: 'EUR',
  seller: {
    name: 'Imprimerie Beaulieu SAS',
    siren: '412345670',
    siret: '41234567000019',
    vatNumber: 'FR96412345670',
    iban: 'FR1420041010050500013M02606',
    address: { lines: ['4 quai Saint-Antoine'], postcode: '69002', city: 'Lyon', subdivision: null, country: 'FR' },
  },
  buyer: {
    name: 'Atelier Martin & Fils',
    siren: '732829320',
    vatNumber: 'FR44732829320',
    address: { lines: ['12 rue de la Paix'], postcode: '75002', city: 'Paris', subdivision: null, country: 'FR' },
  },
  lines: [
    {
      id: '1',
      name: 'Impression catalogue 32 pages',
      description: 'Quadrichromie, papier couché 135 g',
      quantity: '500',
      unitCode: 'H87',
      netUnitPrice: '2',
      priceBaseQuantity: null,
      netAmount: '1000.00',
      vatCategoryCode: 'S',
      vatRatePercent: '20.00',
    },
    {
      id: '2',
      name: 'Transport',
      description: null,
      quantity: '1',
      unitCode: 'C62',
      netUnitPrice: '150',
      priceBaseQuantity: null,
      netAmount: '150.00',
      vatCategoryCode: 'S',
      vatRatePercent: '10.00',
    },
  ],
  allowancesCharges: [],
  linesTotal: '1150.00',
  totalTaxExcluded: '1150.00',
  totalTax: '215.00',
  totalTaxIncluded: '1365.00',
  prepaidAmount: null,
  amountDue: '1365.00',
  vatBreakdown: [
    { ratePercent: '20.00', taxableAmount: '1000.00', taxAmount: '200.00', categoryCode: 'S' },
    { ratePercent: '10.00', taxableAmount: '150.00', taxAmount: '15.00', categoryCode: 'S' },
  ],
  notes: ['Escompte pour paiement anticipé : néant.'],
  paymentTerms: 'Paiement à 30 jours fin de mois.',
  buyerReference: null,
  purchaseOrder: null,
  precedingInvoices: [],
  ...overrides,
})
