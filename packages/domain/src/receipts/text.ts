import { abs, add, compare, divide, equals, isPositive, multiply, subtract, sum, toCents } from '../money/arithmetic'
import { dateOf } from './text-dates'

/** What a receipt's text says, as far as it can be read: each field only when it is found without doubt. */
export type ReceiptTextFields = {
  datedAt: string | null
  taxIncluded: string | null
  taxExcluded: string | null
  reference: string | null
  supplierName: string | null
}

/**
 * Lowercase, without accents, with every space kept: columns stay apart, so "3    45,60" (a quantity,
 * then a price) is not read as 345,60, while "1 234,56" with one space, or a non-breaking one, is.
 */
const fold = (text: string) =>
  text
    .replace(/\t/g, '  ')
    .replace(/[\u00a0\u2007\u2009\u202f]/g, ' ')
    .replace(/[’`]/g, "'")
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()

type Amount = { value: string; start: number; end: number; negative: boolean }

// Thousands by one space, or dots before a decimal comma, or commas before a decimal point; never a rate ("20,00 %"),
// a part of a longer number ("1,859" €/L) or of a date ("12.03.2026").
const AMOUNT =
  /(?<![\d.,])(-\s?)?(\d{1,3}(?: \d{3})+[.,]\d{2}|\d{1,3}(?:\.\d{3})+,\d{2}|\d{1,3}(?:,\d{3})+\.\d{2}|\d+[.,]\d{2})(?![.,]?\d)(?!\s*%)/g

const decimalOf = (written: string): string => {
  const digits = written.replace(/ /g, '')
  const whole = digits.slice(0, -3).replace(/[.,]/g, '')
  return toCents(`${whole}.${digits.slice(-2)}`)
}

function amountsIn(line: string): Amount[] {
  return [...line.matchAll(AMOUNT)].map((match) => ({
    value: decimalOf(match[2] as string),
    start: match.index,
    end: match.index + match[0].length,
    negative: Boolean(match[1]),
  }))
}

const CURRENCY = '(?:€|eur(?:os?)?)?'
const BARE_AMOUNT = new RegExp(String.raw`^${CURRENCY}\s*${AMOUNT.source}\s*${CURRENCY}\s*(?:ttc)?$`)

/** A line holding an amount and nothing else, as some layouts print a total under its label. */
const bareAmount = (line: string | undefined): Amount | null =>
  line !== undefined && BARE_AMOUNT.test(line) ? (amountsIn(line)[0] ?? null) : null

/**
 * The amount printed alone on the line below a label, unless the line after it is a lone amount too: then labels and
 * amounts are two columns printed one after the other, and which amount goes with which label is a guess.
 */
function amountBelow(lines: string[], index: number): Amount | null {
  const below = bareAmount(lines[index + 1])
  return below && !bareAmount(lines[index + 2]) ? below : null
}

type Found = { amount: Amount; below: boolean }

/** A label heading its line ("NET A PAYER", "dont TVA 20 %"), not said at the end of an article's line. */
const headsLine = (line: string, labelStart: number) =>
  /^[^a-z\d]*(?:[a-z]+[^a-z\d]*)?$/.test(line.slice(0, labelStart))

/**
 * The first amount after a label, on its line or, when the label heads a line with nothing after it, alone below it.
 * `rest` says what may follow the label on its line then.
 */
function amountAfterLabel(
  lines: string[],
  index: number,
  label: { start: number; end: number },
  rest = /^[\s:=]*(?:ttc|€|eur)?[\s:=]*$/,
  amounts = amountsIn(lines[index] as string),
): Found | null {
  const line = lines[index] as string
  const onLine = amounts.find((amount) => amount.start >= label.end)
  if (onLine) return { amount: onLine, below: false }
  const below = headsLine(line, label.start) && rest.test(line.slice(label.end)) ? amountBelow(lines, index) : null
  return below ? { amount: below, below: true } : null
}

// What is paid or given back (cash, card, change), a subtotal, a discount or a per-unit price: never the total.
const NOT_A_TOTAL =
  /sous[\s-]*total|\bs\/total|unitaire|\bp\.?\s?u\b|rendu|rendre|espece|monnaie|\bcb\b|carte|cheque|acompte|deja|reste|report|remise|reduction|economi|avantage|fidelite|cagnotte|\bnb\b|nombre|quantite/
// Between a total's label and its amount: the label was another one's ("Total HT", "Total TVA").
const OTHER_TOTAL = /t\.?v\.?a|\bh\.?t\b|hors\s+tax/
const TAX_INCLUDED_MARK = /\bttc\b|toutes\s+taxes/

type Tier = { label: RegExp; taxIncludedMark: boolean }

/** The labels of the total TTC, the surest first: those saying TTC, then those saying what is to pay, then "Total". */
const TOTAL_TIERS: Tier[] = [
  { label: /\b(?:total|montant|prix|net|somme)\b/g, taxIncludedMark: true },
  {
    label:
      /\bnet\s+a\s+payer\b|\ba\s+payer\b|\ba\s+regler\b|\bprix\s+total\b|\bmontant\s+total\b|\btotal\s+general\b|\btotal\s+net\b|\bnet\s+total\b|\bmontant\s+du\b|\bsomme\s+due\b/g,
    taxIncludedMark: false,
  },
  { label: /\btotal\b/g, taxIncludedMark: false },
]

/** The total a line gives under one tier of labels: the last label of the line with a clean amount after it. */
function totalOnLine(lines: string[], index: number, tier: Tier): string | null {
  const line = lines[index] as string
  const amounts = amountsIn(line)
  let total: string | null = null
  for (const label of line.matchAll(tier.label)) {
    const labelEnd = label.index + label[0].length
    const found = amountAfterLabel(lines, index, { start: label.index, end: labelEnd }, undefined, amounts)
    if (!found || found.amount.negative || !isPositive(found.amount.value)) continue
    const { amount, below } = found
    const between = below ? line.slice(labelEnd) : line.slice(labelEnd, amount.start)
    if (OTHER_TOTAL.test(between) || NOT_A_TOTAL.test(below ? line : line.slice(0, amount.end))) continue
    const after = (below ? (lines[index + 1] as string).slice(amount.end) : line.slice(amount.end)).slice(0, 12)
    if (tier.taxIncludedMark && !TAX_INCLUDED_MARK.test(between) && !TAX_INCLUDED_MARK.test(after)) continue
    total = amount.value
  }
  return total
}

function lastTotal(lines: string[], tier: Tier): string | null {
  for (let index = lines.length - 1; index >= 0; index--) {
    const found = totalOnLine(lines, index, tier)
    if (found) return found
  }
  return null
}

/**
 * The total TTC: the last one said TTC, else the last one to pay, else the last "Total". When a total TTC and an
 * amount to pay disagree (a deposit, a discount after the total), which one is meant is a guess: none is given.
 */
function taxIncludedOf(lines: string[]): string | null {
  const [stated, toPay, plain] = TOTAL_TIERS.map((tier) => lastTotal(lines, tier))
  if (stated && toPay) return equals(stated, toPay) ? stated : null
  return stated ?? toPay ?? plain ?? null
}

const TAX_EXCLUDED_LABEL = /\b(?:total|montant)\s+(?:net\s+)?(?:h\.?t\b\.?|hors\s+taxes?)|\bhors\s+taxes?\b/g

function taxExcludedOf(lines: string[]): string | null {
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index] as string
    if (/unitaire|\bp\.?\s?u\b/.test(line)) continue
    const label = [...line.matchAll(TAX_EXCLUDED_LABEL)].pop()
    if (!label) continue
    const found = amountAfterLabel(lines, index, { start: label.index, end: label.index + label[0].length })
    if (found && !found.amount.negative) return found.amount.value
  }
  return null
}

type VatLine = { amount: string; rate: string | null; total: boolean }

const VAT = /\bt\.?v\.?a\b\.?/
// The supplier's VAT number, an exemption, a heading: a VAT line without a VAT amount.
const NOT_A_VAT_AMOUNT =
  /intra|n[°o]\.?\s*(?:de\s+)?t\.?v\.?a|numero|non\s+applicable|exoner|t\.?v\.?a\.?\s*:?\s*fr\s?\d|acquittee|autoliquidation|identifi/
const VAT_TOTAL =
  /total\s+(?:de\s+la\s+)?t\.?v\.?a|montant\s+(?:de\s+la\s+)?t\.?v\.?a|t\.?v\.?a\.?\s+totale?\b|total\s+taxes/

const rateOf = (written: string): string => add(written.replace(',', '.'), '0')

function rateIn(line: string): string | null {
  const found = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,3})?)\s*%/.exec(line)
  return found ? rateOf(found[1] as string) : null
}

const closeTo = (a: string, b: string) => compare(abs(subtract(a, b)), '0.01') <= 0

/** A rate printed without "%" just before a row's amounts ("5,50   41,23   2,27   43,50"). */
const rateBefore = (values: string[], index: number): string | null => {
  const before = values[index - 1]
  return before !== undefined && isPositive(before) && compare(before, '30') < 0 ? rateOf(before) : null
}

/**
 * The VAT among a row's amounts, only when the arithmetic says which one it is: base + VAT = TTC, or base × rate =
 * VAT (the rate printed with "%", or just before the pair). A VAT line's lone amount is its VAT.
 */
function vatAmongst(values: string[], rate: string | null, labelled: boolean): VatLine | null {
  if (labelled && values.length === 1) return { amount: values[0] as string, rate, total: false }
  for (let index = 0; index + 2 < values.length; index++) {
    const [base, vat, gross] = values.slice(index, index + 3) as [string, string, string]
    if (equals(add(base, vat), gross)) return { amount: vat, rate: rate ?? rateBefore(values, index), total: false }
  }
  for (let index = 0; index + 1 < values.length; index++) {
    const [base, vat] = values.slice(index, index + 2) as [string, string]
    const pairRate = rate ?? rateBefore(values, index)
    if (pairRate && closeTo(toCents(divide(multiply(base, pairRate), '100')), vat))
      return { amount: vat, rate: pairRate, total: false }
  }
  return null
}

// The words of a VAT table's heading; an articles' table ("Désignation  Qté  PU HT  TVA  TTC") has others.
const VAT_TABLE_WORDS =
  /\b(?:code|taux|tx|t\.?v\.?a|h\.?t|base|ttc|montants?|total|hors|taxes?|net|eur|euros?)\b|[€%():./|-]/g

/** A heading of a VAT table ("Taux  HT  TVA  TTC"): its column names only, its rows below. */
const isVatTableHeading = (line: string) =>
  VAT.test(line) && /\bh\.?t\b|\bbase\b|\bttc\b/.test(line) && line.replace(VAT_TABLE_WORDS, '').trim() === ''

/** The rows of a VAT table, up to the first line whose amounts do not add up as a row's. */
function vatTableRows(lines: string[], heading: number): { rows: VatLine[]; next: number } {
  const rows: VatLine[] = []
  let index = heading + 1
  for (; index < lines.length; index++) {
    const line = lines[index] as string
    const row = vatAmongst(
      amountsIn(line).map((amount) => amount.value),
      rateIn(line),
      false,
    )
    if (!row) break
    rows.push({ ...row, total: /\btotal\b/.test(line) })
  }
  return { rows, next: index }
}

const RATE_ONLY = /^[\s:=]*(?:\(?\d{1,2}(?:[.,]\d{1,3})?\s*%\)?)?[\s:=]*$/

/** One VAT line: its amount after "TVA", or null when it has none or when which amount is the VAT is a guess. */
function vatLineOf(lines: string[], index: number): VatLine | 'doubt' | null {
  const line = lines[index] as string
  const label = VAT.exec(line)
  if (!label || NOT_A_VAT_AMOUNT.test(line)) return null
  const labelEnd = label.index + label[0].length
  const onLine = amountsIn(line).filter((amount) => amount.start >= labelEnd)
  const below = onLine.length ? null : amountAfterLabel(lines, index, { start: label.index, end: labelEnd }, RATE_ONLY)
  const found = below ? [below.amount] : onLine
  if (found.length === 0) return null
  if (found.some((amount) => amount.negative)) return 'doubt'
  const vat = vatAmongst(
    found.map((amount) => amount.value),
    rateIn(line.slice(labelEnd)),
    true,
  )
  return vat ? { ...vat, total: VAT_TOTAL.test(line) } : 'doubt'
}

/** Every VAT amount printed, from "TVA 20 % …" lines and VAT tables; null when one of them cannot be read. */
function vatLinesOf(lines: string[]): VatLine[] | null {
  const found: VatLine[] = []
  for (let index = 0; index < lines.length; index++) {
    if (isVatTableHeading(lines[index] as string)) {
      const table = vatTableRows(lines, index)
      if (table.rows.length > 0) {
        found.push(...table.rows)
        index = table.next - 1
        continue
      }
    }
    const line = vatLineOf(lines, index)
    if (line === 'doubt') return null
    if (line) found.push(line)
  }
  return found
}

/**
 * The VAT of the receipt: its total VAT when printed, else the sum of its rates' amounts (one amount per rate: a rate
 * printed twice with two amounts is a doubt). Above what the highest rate read allows on the total, it is a misreading.
 */
function vatOf(lines: string[], taxIncluded: string): string | null {
  const found = vatLinesOf(lines)
  if (!found || found.length === 0) return null
  const totals = found.filter((line) => line.total)
  let vat: string
  if (totals.length > 0) vat = (totals.at(-1) as VatLine).amount
  else {
    const byRate = new Map<string, string>()
    const unrated: string[] = []
    for (const line of found) {
      if (line.rate === null) unrated.push(line.amount)
      else if (!byRate.has(line.rate)) byRate.set(line.rate, line.amount)
      else if (!equals(byRate.get(line.rate) as string, line.amount)) return null
    }
    vat = toCents(sum([...byRate.values(), ...unrated]))
  }
  const rates = found.map((line) => line.rate)
  const highest = rates.every((rate) => rate !== null)
    ? (rates as string[]).reduce((top, rate) => (compare(rate, top) > 0 ? rate : top))
    : '20'
  const ceiling = add(divide(multiply(taxIncluded, highest), add('100', highest)), multiply('0.01', found.length))
  return compare(vat, ceiling) <= 0 ? vat : null
}

function referenceOf(text: string): string | null {
  const found =
    /(?:facture|invoice|fact\.)\s*(?:n(?:\s?[°º]|o(?![a-z])|(?=\s))\.?|num[eé]ro|number|#)\s*:?\s*([A-Z0-9][A-Z0-9\-_/.]{2,30})/i.exec(
      text,
    ) ?? /(?:n[°oº]|num[eé]ro)\s*(?:de\s+)?facture\s*:?\s*([A-Z0-9][A-Z0-9\-_/.]{2,30})/i.exec(text)
  return found ? (found[1] as string).replace(/[.\-/]+$/, '') : null
}

const COMPANY = /\b(SAS|SASU|SARL|EURL|SA|SNC|SCI|SCOP|SELARL|EI|Inc|Ltd|GmbH)\b/
// A legal mention ("SAS au capital de…", "RCS Lyon…"): the company's form is there, its trade name is not.
const LEGAL_MENTION = /capital|\brcs\b|siret|siren|\bnaf\b|\bape\b|\btva\b|intracom/i
// Headings and greetings printed above the name, or beside it.
const NOT_A_NAME =
  /^(?:facture|invoice|devis|ticket|re[cç]u|note|duplicata|bienvenue|justificatif|copie|avoir|page|merci|bon\s+de|t[eé]l|fax|www|https?|e-?mail|siret|siren|rcs|tva|capital)\b/i

/** The cells of the top lines (columns apart by two spaces or more), without their stars and dashes. */
const topCells = (text: string) =>
  text
    .split(/\r?\n/)
    .slice(0, 12)
    .flatMap((line) => line.replace(/\u00a0/g, ' ').split(/\s{2,}|\t/))
    .map((cell) =>
      cell
        .replace(/^[\s*=#~•_-]+|[\s*=#~•_-]+$/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((cell) => /[A-Za-zÀ-ÿ]{2}/.test(cell) && !NOT_A_NAME.test(cell))

/** The supplier: a cell naming a company form near the top, else the first one with letters. */
function supplierOf(text: string): string | null {
  const top = topCells(text)
  // "SAS" alone on its line is the form of the name above it, not a name.
  const company = top.find(
    (cell) =>
      COMPANY.test(cell) &&
      !LEGAL_MENTION.test(cell) &&
      cell.replace(COMPANY, '').replace(/[^A-Za-zÀ-ÿ]/g, '').length >= 2 &&
      cell.length <= 80,
  )
  const chosen = company ?? top[0]
  if (!chosen) return null
  const name = chosen.replace(/\s+(facture|invoice|re[cç]u|ticket)\s*$/i, '')
  return name.slice(0, 120) || null
}

/**
 * The total HT: printed, or the total TTC less the VAT read. Printed above the TTC, or not what the VAT gives, one of
 * them is misread: none is given.
 */
function taxExcludedFrom(lines: string[], taxIncluded: string | null): string | null {
  const printed = taxExcludedOf(lines)
  if (!taxIncluded) return printed
  if (printed && compare(printed, taxIncluded) > 0) return null
  const vat = vatOf(lines, taxIncluded)
  if (!vat) return printed
  const derived = toCents(subtract(taxIncluded, vat))
  return printed === null || equals(printed, derived) ? derived : null
}

/**
 * Reads a receipt's text layer (a PDF's, or one day an OCR engine's) into the editor's fields: the date, the totals
 * TTC and HT, the invoice number and the supplier. A field is left empty rather than guessed wrong: HT above TTC, a
 * VAT that does not add up, or a date that does not exist, is dropped.
 */
export function readReceiptText(text: string): ReceiptTextFields {
  const lines = text
    .split(/\r?\n/)
    .map((line) => fold(line).trim())
    .filter(Boolean)
  const taxIncluded = taxIncludedOf(lines)
  return {
    datedAt: dateOf(lines),
    taxIncluded,
    taxExcluded: taxExcludedFrom(lines, taxIncluded),
    reference: referenceOf(text),
    supplierName: supplierOf(text),
  }
}
