import {
  formatEuro,
  formatNumberFr,
  formatPercentFr,
  type ItemResponse,
  NBSP,
  type ReceivedEInvoiceAddressDto,
  type ReceivedEInvoiceDto,
} from '@app/domain'
import { useQuery } from '@tanstack/react-query'
import { receiptsKey } from '../../../components/receipts/receiptsKey'
import { get } from '../../../lib/api'
import { countryName } from '../../../lib/countries'

/** The readable view of a received e-invoice: its query and the words and figures it is written with. */

export function useReceivedEInvoice(receiptId: number) {
  return useQuery({
    queryKey: [...receiptsKey, 'e-invoice', receiptId],
    queryFn: async () => (await get<ItemResponse<ReceivedEInvoiceDto>>(`/receipts/${receiptId}/e-invoice`)).data,
    // The file never changes: it is the legal original.
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export const FORMAT_LABELS: Record<ReceivedEInvoiceDto['format'], string> = {
  'factur-x': 'Factur-X',
  cii: 'CII',
  ubl: 'UBL',
}

/** UNTDID 1001 codes of a credit (EN 16931 allows these for BT-3); the others read as invoices. */
const CREDIT_TYPE_CODES = new Set(['81', '83', '261', '262', '296', '308', '381', '396', '420', '458', '532'])

export const isCreditNote = (typeCode: string) => CREDIT_TYPE_CODES.has(typeCode)

/** « Avoir », « Facture d'acompte », « Facture rectificative » or « Facture ». */
export function documentTitle(typeCode: string): string {
  if (isCreditNote(typeCode)) return 'Avoir'
  if (typeCode === '386') return "Facture d'acompte"
  if (typeCode === '384') return 'Facture rectificative'
  return 'Facture'
}

/** An amount in the invoice's currency: the app's euros, or the ISO code after the figure for another currency. */
export function money(amount: string | null, currency: string, maxDecimals = 2): string {
  if (amount === null) return '—'
  if (currency === 'EUR') return formatEuro(amount, { maxDecimals })
  return `${formatNumberFr(amount, { decimals: 2, maxDecimals })}${NBSP}${currency}`
}

/** UN/ECE Recommendation 20 codes as the app's units write them; "C62" (one) is no unit at all. */
const UNIT_SHORT_NAMES: Record<string, string> = {
  C62: '',
  H87: 'pce',
  HUR: 'h',
  DAY: 'j',
  WEE: 'sem.',
  MON: 'mois',
  ANN: 'an',
  LS: 'forfait',
  MIN: 'min',
  SET: 'lot',
  KGM: 'kg',
  GRM: 'g',
  TNE: 't',
  MTR: 'm',
  KMT: 'km',
  MTK: 'm²',
  MTQ: 'm³',
  LTR: 'l',
}

/** "500 pce", "1,5 j", "3": the quantity with its unit; an unknown unit shows its code. */
export function quantityLabel(quantity: string | null, unitCode: string | null): string {
  if (quantity === null) return '—'
  const unit = unitCode === null ? '' : (UNIT_SHORT_NAMES[unitCode.toUpperCase()] ?? unitCode)
  return unit ? `${formatNumberFr(quantity)}${NBSP}${unit}` : formatNumberFr(quantity)
}

/** UNTDID 5305 categories other than a plain rate, in the words French invoices use for them. */
const VAT_CATEGORY_LABELS: Record<string, string> = {
  E: 'Exonérée',
  AE: 'Autoliquidation',
  K: 'Livraison intracommunautaire',
  G: 'Exportation',
  O: 'Hors champ de la TVA',
}

/** "20 %", "Autoliquidation", "0 %"; "—" when the document gives neither. */
export function vatLabel(categoryCode: string | null, ratePercent: string | null): string {
  const category = categoryCode ? VAT_CATEGORY_LABELS[categoryCode] : undefined
  if (category) return category
  if (ratePercent !== null) return formatPercentFr(ratePercent)
  return categoryCode ?? '—'
}

/** The lines an envelope would carry; France is left out, as on the app's own documents. */
export function addressLines(address: ReceivedEInvoiceAddressDto | null): string[] {
  if (!address) return []
  const town = [address.postcode, address.city].filter(Boolean).join(' ')
  const country = address.country && address.country !== 'FR' ? countryName(address.country) : null
  return [...address.lines, town, address.subdivision, country].filter((line): line is string => Boolean(line))
}

/** "412 345 670": a SIREN as the registry writes it. */
export const sirenLabel = (siren: string) => siren.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3')

/** A document allowance or charge's words: its reason, else what it is with its code. */
export function allowanceChargeLabel(entry: ReceivedEInvoiceDto['allowancesCharges'][number]): string {
  if (entry.reason) return entry.reason
  const kind = entry.charge ? 'Frais' : 'Remise'
  return entry.reasonCode ? `${kind} (code ${entry.reasonCode})` : kind
}
