import type { ReceivedInvoice, ReceivedLine } from './index'

/** What readEInvoice answers for the samples of samples.test-helper.ts, field for field. */

const FRANCE = { subdivision: null, country: 'FR' }
const ONLY_FRANCE = { lines: [], postcode: null, city: null, ...FRANCE }

const line = (id: string, name: string, values: Partial<ReceivedLine>): ReceivedLine => ({
  id,
  name,
  description: null,
  quantity: null,
  unitCode: 'C62',
  netUnitPrice: null,
  priceBaseQuantity: null,
  netAmount: null,
  vatCategoryCode: 'S',
  vatRatePercent: null,
  ...values,
})

const NO_REFERENCES = { buyerReference: null, purchaseOrder: null, precedingInvoices: [] }

export const CII_INVOICE_READ: ReceivedInvoice = {
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
    address: { lines: ['4 quai Saint-Antoine'], postcode: '69002', city: 'Lyon', ...FRANCE },
  },
  buyer: { name: 'Atelier Martin & Fils', siren: '732829320', vatNumber: 'FR44732829320', address: ONLY_FRANCE },
  totalTaxExcluded: '1150.00',
  totalTax: '215.00',
  totalTaxIncluded: '1365.00',
  amountDue: '1365.00',
  vatBreakdown: [
    { ratePercent: '20.00', taxableAmount: '1000.00', taxAmount: '200.00', categoryCode: 'S' },
    { ratePercent: '10.00', taxableAmount: '150.00', taxAmount: '15.00', categoryCode: 'S' },
  ],
  linesTotal: '1150.00',
  prepaidAmount: null,
  notes: ['Escompte pour paiement anticipé : néant.'],
  paymentTerms: 'Paiement à 30 jours fin de mois.',
  ...NO_REFERENCES,
  lines: [
    line('1', 'Impression catalogue 32 pages', {
      quantity: '500',
      unitCode: 'H87',
      netUnitPrice: '2',
      netAmount: '1000.00',
      vatRatePercent: '20.00',
    }),
    line('2', 'Transport', { quantity: '1', netUnitPrice: '150', netAmount: '150.00', vatRatePercent: '10.00' }),
  ],
  allowancesCharges: [],
}

export const UBL_INVOICE_READ: ReceivedInvoice = {
  number: 'FA-2026-0457',
  issueDate: '2026-11-04',
  dueDate: '2026-12-04',
  typeCode: '380',
  currency: 'EUR',
  seller: {
    name: 'Papeterie Lefèvre & Fils SARL',
    siren: '798456125',
    siret: '79845612500011',
    vatNumber: 'FR44798456125',
    iban: 'FR7630004000031234567890143',
    address: { lines: ['8 rue des Carmes'], postcode: '45000', city: 'Orléans', ...FRANCE },
  },
  buyer: {
    name: 'Atelier Martin & Fils',
    siren: '732829320',
    vatNumber: 'FR44732829320',
    address: { lines: ['12 rue de la Paix'], postcode: '75002', city: 'Paris', ...FRANCE },
  },
  totalTaxExcluded: '330.00',
  totalTax: '54.40',
  totalTaxIncluded: '384.40',
  amountDue: '284.40',
  vatBreakdown: [
    { ratePercent: '20.00', taxableAmount: '250.00', taxAmount: '50.00', categoryCode: 'S' },
    { ratePercent: '5.50', taxableAmount: '80.00', taxAmount: '4.40', categoryCode: 'S' },
  ],
  linesTotal: '330.00',
  prepaidAmount: '100.00',
  notes: [
    "Pénalités de retard : trois fois le taux d'intérêt légal. Indemnité forfaitaire pour frais de recouvrement : 40 €.",
  ],
  paymentTerms: 'Paiement à 30 jours.',
  ...NO_REFERENCES,
  buyerReference: 'Commande 2026-118',
  lines: [
    line('1', 'Ramette papier A4 80 g', {
      quantity: '50',
      netUnitPrice: '5',
      netAmount: '250.00',
      vatRatePercent: '20.00',
    }),
    line('2', 'Guide « Tenir sa comptabilité »', {
      quantity: '4',
      netUnitPrice: '20',
      netAmount: '80.00',
      vatRatePercent: '5.50',
    }),
  ],
  allowancesCharges: [],
}

export const UBL_CREDIT_NOTE_READ: ReceivedInvoice = {
  number: 'AV-2026-0012',
  issueDate: '2026-11-20',
  dueDate: '2026-11-30',
  typeCode: '381',
  currency: 'EUR',
  seller: {
    name: 'Papeterie Lefèvre & Fils SARL',
    siren: '798456125',
    siret: null,
    vatNumber: 'FR44798456125',
    iban: null,
    address: ONLY_FRANCE,
  },
  buyer: { name: 'Atelier Martin & Fils', siren: '732829320', vatNumber: null, address: ONLY_FRANCE },
  totalTaxExcluded: '70.00',
  totalTax: '11.10',
  totalTaxIncluded: '81.10',
  amountDue: '81.10',
  vatBreakdown: [
    { ratePercent: '20.00', taxableAmount: '50.00', taxAmount: '10.00', categoryCode: 'S' },
    { ratePercent: '5.50', taxableAmount: '20.00', taxAmount: '1.10', categoryCode: 'S' },
  ],
  linesTotal: '70.00',
  prepaidAmount: null,
  notes: [],
  paymentTerms: null,
  ...NO_REFERENCES,
  precedingInvoices: [{ number: 'FA-2026-0457', issueDate: '2026-11-04' }],
  lines: [
    line('1', 'Ramette papier A4 80 g (retour)', {
      quantity: '10',
      netUnitPrice: '5',
      netAmount: '50.00',
      vatRatePercent: '20.00',
    }),
    line('2', 'Guide « Tenir sa comptabilité » (retour)', {
      quantity: '1',
      netUnitPrice: '20',
      netAmount: '20.00',
      vatRatePercent: '5.50',
    }),
  ],
  allowancesCharges: [],
}
