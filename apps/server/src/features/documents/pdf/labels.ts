import {
  type DocumentPrint,
  formatDateFr,
  formatEuro,
  formatNumberFr,
  formatPercentFr,
  type PrintedAddress,
} from '@app/domain'

/** The big title of the document: Facture, Avoir, Facture d'acompte, Facture acquittée, Devis. */
export function documentTitle(print: DocumentPrint): string {
  if (print.kind === 'quote') return 'Devis'
  const invoice = print.document
  if (invoice.isCreditNote) return 'Avoir'
  if (print.paid) return 'Facture acquittée'
  if (invoice.isDeposit) return "Facture d'acompte"
  return 'Facture'
}

/** What a draft shows in place of its number. */
export const DRAFT = 'Brouillon'

export const isDraft = (print: DocumentPrint) => print.document.reference === null

/** "Facture F-2026-0001.pdf", "Devis D-2026-0003.pdf", "Brouillon facture 12.pdf", "Facture acquittée F-….pdf". */
export function pdfFilename(print: DocumentPrint): string {
  const reference = print.document.reference
  const title = documentTitle(print)
  const name = reference ? `${title} ${reference}` : `${DRAFT} ${title.toLowerCase()} ${print.document.id}`
  const safe = [...name].map((char) => (char < ' ' || '\\/:*?"<>|'.includes(char) ? '-' : char)).join('')
  return `${safe}.pdf`
}

export const euro = (amount: string) => formatEuro(amount)
/** Unit prices keep the decimals they were entered with (up to 6), never fewer than 2. */
export const unitPrice = (amount: string) => formatEuro(amount, { decimals: 2, maxDecimals: 6 })
export const date = (iso: string) => formatDateFr(iso)
export const percent = (rate: string) => formatPercentFr(rate)

/** Quantities as entered ("1", "2,5"), with the unit's short name when it says something ("3 h", "2 j"). */
const UNIT_SHORT: Record<string, string> = {
  unit: '',
  hour: 'h',
  day: 'j',
  week: 'sem.',
  month: 'mois',
  year: 'an',
  flat: 'forfait',
  minute: 'min',
  piece: 'pce',
  set: 'lot',
  kg: 'kg',
  g: 'g',
}

export function quantityText(quantity: string, unit: { code: string; name: string }): string {
  const short = UNIT_SHORT[unit.code] ?? unit.name.toLowerCase()
  const value = formatNumberFr(quantity)
  return short ? `${value}\u00a0${short}` : value
}

/** Address lines as printed: street, complements, "75009 Paris", and the country outside France. */
export function addressLines(address: PrintedAddress | null): string[] {
  if (!address) return []
  const lines = [address.street, address.complement1, address.complement2].filter((line): line is string =>
    Boolean(line?.trim()),
  )
  lines.push(`${address.postcode} ${address.city}`.trim())
  if (address.countryCode !== 'FR') lines.push(address.countryName)
  return lines
}
