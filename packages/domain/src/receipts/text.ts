import { isIsoDate } from '../dates/calendar'
import { compare, subtract, toCents } from '../money/arithmetic'

/** What a receipt's text says, as far as it can be read: each field only when it is found without doubt. */
export type ReceiptTextFields = {
  datedAt: string | null
  taxIncluded: string | null
  taxExcluded: string | null
  reference: string | null
  supplierName: string | null
}

const MONTHS: Record<string, number> = {
  janvier: 1,
  fevrier: 2,
  mars: 3,
  avril: 4,
  mai: 5,
  juin: 6,
  juillet: 7,
  aout: 8,
  septembre: 9,
  octobre: 10,
  novembre: 11,
  decembre: 12,
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

/** "1 234,56", "1.234,56", "1234.56", "1 234,56 €" → "1234.56"; null when it is not an amount. */
function amountOf(raw: string): string | null {
  let text = raw.replace(/[€\s\u00a0\u202f]/g, '').replace(/^\+/, '')
  if (/^\d{1,3}(\.\d{3})+,\d{2}$/.test(text)) text = text.replace(/\./g, '').replace(',', '.')
  else if (/^\d+,\d{2}$/.test(text)) text = text.replace(',', '.')
  else if (/^\d{1,3}(,\d{3})+\.\d{2}$/.test(text)) text = text.replace(/,/g, '')
  else if (!/^\d+\.\d{2}$/.test(text)) return null
  return toCents(text)
}

const AMOUNT = String.raw`(\d{1,3}(?:[ \u00a0\u202f.,]\d{3})*[.,]\d{2}|\d+[.,]\d{2})\s*€?`

/** The amount after the last label that matches (totals come at the end of an invoice). */
function amountAfter(lines: string[], labels: RegExp): string | null {
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index] as string
    if (!labels.test(fold(line))) continue
    const found = [...line.matchAll(new RegExp(AMOUNT, 'g'))].map((match) => amountOf(match[1] as string))
    const last = found.filter((value): value is string => value !== null).pop()
    if (last) return last
    // The amount on the next line, as some layouts put it.
    const next = lines[index + 1]
    const below = next ? new RegExp(`^\\s*${AMOUNT}\\s*$`).exec(next) : null
    if (below) return amountOf(below[1] as string)
  }
  return null
}

function dateOf(text: string): string | null {
  const folded = fold(text)
  const labelled =
    /(?:date(?: de (?:la )?facture| d'emission)?|emise? le|du)\s*:?\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(folded)
  const numeric = labelled ?? /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/.exec(folded)
  if (numeric) {
    const iso = `${numeric[3]}-${(numeric[2] as string).padStart(2, '0')}-${(numeric[1] as string).padStart(2, '0')}`
    if (isIsoDate(iso)) return iso
  }
  const written =
    /\b(\d{1,2})(?:er)?\s+(janvier|fevrier|mars|avril|mai|juin|juillet|aout|septembre|octobre|novembre|decembre)\s+(\d{4})\b/.exec(
      folded,
    )
  if (written) {
    const iso = `${written[3]}-${String(MONTHS[written[2] as string]).padStart(2, '0')}-${(written[1] as string).padStart(2, '0')}`
    if (isIsoDate(iso)) return iso
  }
  const iso = /\b(\d{4})-(\d{2})-(\d{2})\b/.exec(folded)
  return iso && isIsoDate(iso[0]) ? iso[0] : null
}

function referenceOf(text: string): string | null {
  const found =
    /(?:facture|invoice|fact\.)\s*(?:n[°o º]|num[eé]ro|number|#)\s*:?\s*([A-Z0-9][A-Z0-9\-_/.]{2,30})/i.exec(text)
  return found ? (found[1] as string).replace(/[.\-/]+$/, '') : null
}

const COMPANY = /\b(SAS|SASU|SARL|EURL|SA|SNC|SCI|SCOP|SELARL|EI|Inc|Ltd|GmbH)\b/

/** The supplier: a line naming a company form near the top, else the first line with letters. */
function supplierOf(lines: string[]): string | null {
  const top = lines
    .slice(0, 12)
    .map((line) => line.trim())
    .filter((line) => /[A-Za-zÀ-ÿ]{2}/.test(line))
  // "SAS" alone on its line is the form of the name above it, not a name.
  const company = top.find(
    (line) =>
      COMPANY.test(line) && line.replace(COMPANY, '').replace(/[^A-Za-zÀ-ÿ]/g, '').length >= 2 && line.length <= 80,
  )
  const chosen = company ?? top.find((line) => !/^(facture|invoice|devis|ticket|re[cç]u)\b/i.test(line))
  if (!chosen) return null
  const name = chosen.replace(/\s+(facture|invoice|re[cç]u|ticket)\s*$/i, '').replace(/\s{2,}/g, ' ')
  return name.slice(0, 120) || null
}

/**
 * Reads a receipt's text layer (a PDF's, or one day an OCR engine's) into the editor's fields: the date, the totals
 * TTC and HT, the invoice number and the supplier. A field is left empty rather than guessed wrong: HT above TTC, or
 * a date that does not exist, is dropped.
 */
export function readReceiptText(text: string): ReceiptTextFields {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
  const taxIncluded = amountAfter(
    lines,
    /(total|montant|net)\s*(a payer\s*)?(ttc|toutes taxes)|net a payer|total a payer|montant du|total ttc/,
  )
  let taxExcluded = amountAfter(lines, /(total|montant)\s*(net\s*)?h\.?t\.?\b|hors taxes?/)
  if (taxIncluded && taxExcluded && compare(taxExcluded, taxIncluded) > 0) taxExcluded = null
  // With TTC and the VAT only, HT is their difference.
  if (taxIncluded && !taxExcluded) {
    const vat = amountAfter(lines, /^(total\s*)?t\.?v\.?a\.?\b|montant tva/)
    if (vat && compare(vat, taxIncluded) < 0) taxExcluded = toCents(subtract(taxIncluded, vat))
  }
  return {
    datedAt: dateOf(text),
    taxIncluded,
    taxExcluded,
    reference: referenceOf(text),
    supplierName: supplierOf(lines),
  }
}
