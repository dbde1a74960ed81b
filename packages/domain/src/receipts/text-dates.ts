import { isBusinessDate } from '../dates/calendar'

// The date of a receipt's text, read from lines already folded (lowercase, no accents) by text.ts.

const MONTHS: Record<string, number> = {
  jan: 1,
  fev: 2,
  mar: 3,
  avr: 4,
  mai: 5,
  juin: 6,
  juil: 7,
  aou: 8,
  sep: 9,
  oct: 10,
  nov: 11,
  dec: 12,
}

// Groups: 1-4 "12/03/2026" or "12.03.26" (day, separator, month, year), 5-7 "5 mars 2026", 8-10 "2026-03-05".
const DATE = String.raw`(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?!\d|[/.-]\d)|(?<!\d)(\d{1,2})(?:er)?\s+(janv?(?:ier)?|fevr?(?:ier)?|mars?|avr(?:il)?|mai|juin|juil(?:let)?|aout|sept?(?:embre)?|oct(?:obre)?|nov(?:embre)?|dec(?:embre)?)\b\.?\s+(\d{4})\b|(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)`

function isoOf(match: RegExpExecArray): string | null {
  const group = (index: number) => match[index] as string
  let iso: string
  if (match[1] !== undefined) {
    const year = group(4).length === 2 ? `20${group(4)}` : group(4)
    iso = `${year}-${group(3).padStart(2, '0')}-${group(1).padStart(2, '0')}`
  } else if (match[5] !== undefined) {
    const word = group(6)
    const month = MONTHS[word.startsWith('jui') ? word.slice(0, 4) : word.slice(0, 3)] as number
    iso = `${group(7)}-${String(month).padStart(2, '0')}-${group(5).padStart(2, '0')}`
  } else iso = `${group(8)}-${group(9)}-${group(10)}`
  return isBusinessDate(iso) ? iso : null
}

/** The labels of the receipt's own date, surest first: the invoice's date, then a sale's or a payment's. */
const DATE_LABELS = [
  /(?:\bdate\s+(?:de\s+(?:la\s+)?)?factur(?:e|ation)|date\s+d'emission|facture\s+du|emise?\s+le)/,
  /(?:\bdate(?:\s+(?:d'achat|de\s+vente|de\s+paiement|du\s+ticket|de\s+(?:la\s+)?transaction|et\s+heure|d'operation|de\s+l'operation))?|\bsortie(?:\s+le)?|\bticket\s+du|\bpayee?\s+le|\breglee?\s+le)/,
]
// Before a date, what makes it another day than the receipt's: a due date, a stay's arrival, a delivery, a journey.
const OTHER_DAY =
  /(?:(?:echeance|avant|jusqu'au|expir|validite|valable|naissance|livraison|commande|depart|arrivee|entree|retour|peremption)\D{0,20}|\bau\s*)$/

/** The receipt's own date in its folded lines: a labelled one first, else the first that is not another day's. */
export function dateOf(lines: string[]): string | null {
  for (const label of DATE_LABELS) {
    const labelled = new RegExp(`${label.source}\\s*:?\\s*(?:${DATE})`)
    for (const line of lines) {
      const found = labelled.exec(line)
      const iso = found ? isoOf(found) : null
      if (iso) return iso
    }
  }
  const any = new RegExp(DATE, 'g')
  for (const line of lines)
    for (const found of line.matchAll(any)) {
      const iso = isoOf(found)
      if (iso && !OTHER_DAY.test(line.slice(Math.max(0, found.index - 30), found.index))) return iso
    }
  return null
}
