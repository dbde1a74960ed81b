import { add, equals, isNegative, isZero, negate, roundTo, subtract, sum, toCents } from '../../money/arithmetic'

/**
 * The French VAT return 3310-CA3-SD (régime réel normal, monthly or quarterly), computed from the VAT that falls due
 * in the period. Box codes and their meaning follow the form and its notice 3310-NOT-CA3-SD, as encoded by
 * OCA/l10n-france (l10n_fr_account_vat_return).
 *
 * The form accepts no negative amount. When credit notes outweigh sales, what would be negative moves to the form's
 * regularisation boxes, written positive (as the notice and OCA do):
 * - a rate line whose net tax is negative is left empty; its tax goes to line 21 (autre TVA à déduire) and its base
 *   to B5 (régularisations of taxed operations); so does a negative A1 or B2 left over;
 * - a negative E1, E2 or F2 goes to F8 (régularisations of non-taxed operations);
 * - a negative line 19 or 20 (supplier credit notes outweighing purchases) goes to line 15 (TVA antérieurement
 *   déduite à reverser).
 */

export type VatDueOperation = 'domestic' | 'intraCommunitySupply' | 'export' | 'exempt' | 'intraCommunityAcquisition'

/**
 * VAT falling due in the period, as the server gathers it (restricted to the period and to what is due in it).
 * Amounts are signed decimal strings: a credit note is a negative row.
 *
 * An intra-EU acquisition is passed once (whatever its kind): the return self-assesses it, its base in B2, its tax on
 * the rate line (and in 17) and the same tax deductible in 19 or 20.
 */
export type VatDueRow = {
  kind: 'collected' | 'deductible'
  /** Canonical percent: "20", "10", "5.5", "2.1", "0". */
  ratePercent: string
  base: string
  tax: string
  operation: VatDueOperation
  fixedAsset: boolean
}

/** The form's lines of gross VAT for metropolitan France, in the form's order. */
export const CA3_RATE_LINES = [
  { code: '08', ratePercent: '20' },
  { code: '09', ratePercent: '5.5' },
  { code: '9B', ratePercent: '10' },
  // 2,1 % in France continentale has its own line since the 2022 form (it was on annex 3310-A before).
  { code: 'T6', ratePercent: '2.1' },
] as const

export type Ca3RateLineCode = (typeof CA3_RATE_LINES)[number]['code']
export type Ca3RateLine = { base: string; tax: string }

/** Every amount is a non-negative decimal string with two decimals ("1200.00"). */
export type Ca3Boxes = {
  /** A. Opérations taxées (H.T.): ventes, prestations de services. */
  A1: string
  /** Acquisitions intracommunautaires. */
  B2: string
  /** Régularisations (taxed operations cancelled by credit notes). */
  B5: string
  /** A. Opérations non taxées: exportations hors UE. */
  E1: string
  /** Autres opérations non imposables. */
  E2: string
  /** Livraisons intracommunautaires à destination d'une personne assujettie. */
  F2: string
  /** Régularisations (non-taxed operations cancelled by credit notes). */
  F8: string
  /** B. TVA brute, base and tax per rate. */
  lines: Record<Ca3RateLineCode, Ca3RateLine>
  /** TVA antérieurement déduite à reverser. */
  '15': string
  /** Total de la TVA brute due (08 to 5B). */
  '16': string
  /** Dont TVA sur acquisitions intracommunautaires. */
  '17': string
  /** TVA déductible sur immobilisations. */
  '19': string
  /** TVA déductible sur autres biens et services. */
  '20': string
  /** Autre TVA à déduire. */
  '21': string
  /** Report du crédit de la déclaration précédente (its line 27). */
  '22': string
  /** Total de la TVA déductible (19 to 2C). */
  '23': string
  /** Crédit de TVA (23 − 16). */
  '25': string
  /** Crédit à reporter (25, no refund requested). */
  '27': string
  /** TVA nette due (16 − 23). */
  TD: string
  /** TVA nette due (TD, nothing imputed). */
  '28': string
  /** Total à payer (28, no taxes assimilées). */
  '32': string
}

export type Ca3Options = { previousCredit?: string }

/** The boxes the totals are computed from: everything but 16, 23, 25, 27, TD, 28 and 32. */
type Ca3Entries = Omit<Ca3Boxes, '16' | '23' | '25' | '27' | 'TD' | '28' | '32'>

const ZERO_LINE: Ca3RateLine = { base: '0', tax: '0' }

export function ca3RateLineOf(ratePercent: string): Ca3RateLineCode {
  const line = CA3_RATE_LINES.find((candidate) => equals(candidate.ratePercent, ratePercent))
  if (!line) throw new RangeError(`No line of the 3310-CA3-SD for the VAT rate ${ratePercent} %`)
  return line.code
}

type Taxed = { domesticBase: string; acquisitionBase: string; domesticTax: string; acquisitionTax: string }

/** A negative amount moved to its regularisation box: [what stays, what the regularisation box gains]. */
const splitNegative = (amount: string): [string, string] => (isNegative(amount) ? ['0', negate(amount)] : [amount, '0'])

export function computeCa3(rows: readonly VatDueRow[], options: Ca3Options = {}): Ca3Boxes {
  const previousCredit = options.previousCredit ?? '0'
  if (isNegative(previousCredit)) throw new RangeError(`A previous VAT credit cannot be negative: ${previousCredit}`)

  const taxed = Object.fromEntries(
    CA3_RATE_LINES.map(({ code }) => [
      code,
      { domesticBase: '0', acquisitionBase: '0', domesticTax: '0', acquisitionTax: '0' },
    ]),
  ) as Record<Ca3RateLineCode, Taxed>
  const untaxed = { E1: '0', E2: '0', F2: '0' }
  const deductible = { fixedAssets: '0', other: '0' }

  for (const row of rows) {
    if (row.operation === 'intraCommunityAcquisition') {
      const line = taxed[ca3RateLineOf(row.ratePercent)]
      line.acquisitionBase = add(line.acquisitionBase, row.base)
      line.acquisitionTax = add(line.acquisitionTax, row.tax)
      deduct(deductible, row)
    } else if (row.kind === 'deductible') {
      deduct(deductible, row)
    } else if (row.operation === 'domestic' && !isZero(row.ratePercent)) {
      const line = taxed[ca3RateLineOf(row.ratePercent)]
      line.domesticBase = add(line.domesticBase, row.base)
      line.domesticTax = add(line.domesticTax, row.tax)
    } else {
      if (!isZero(row.tax)) throw new RangeError(`A ${row.operation} operation carries no VAT, got ${row.tax}`)
      const box = row.operation === 'export' ? 'E1' : row.operation === 'intraCommunitySupply' ? 'F2' : 'E2'
      untaxed[box] = add(untaxed[box], row.base)
    }
  }

  const lines = {} as Record<Ca3RateLineCode, Ca3RateLine>
  let A1 = '0'
  let B2 = '0'
  let B5 = '0'
  let box21 = '0'
  let box17 = '0'
  for (const { code } of CA3_RATE_LINES) {
    const { domesticBase, acquisitionBase, domesticTax, acquisitionTax } = taxed[code]
    const base = add(domesticBase, acquisitionBase)
    const tax = add(domesticTax, acquisitionTax)
    if (isNegative(tax) || (isZero(tax) && isNegative(base))) {
      lines[code] = ZERO_LINE
      box21 = subtract(box21, tax)
      B5 = subtract(B5, base)
    } else {
      lines[code] = { base, tax }
      A1 = add(A1, domesticBase)
      B2 = add(B2, acquisitionBase)
      box17 = add(box17, acquisitionTax)
    }
  }
  const [a1, a1Regularised] = splitNegative(A1)
  const [b2, b2Regularised] = splitNegative(B2)
  const [e1, e1Regularised] = splitNegative(untaxed.E1)
  const [e2, e2Regularised] = splitNegative(untaxed.E2)
  const [f2, f2Regularised] = splitNegative(untaxed.F2)
  const [box19, box19Reversed] = splitNegative(deductible.fixedAssets)
  const [box20, box20Reversed] = splitNegative(deductible.other)

  return settle({
    A1: a1,
    B2: b2,
    B5: sum([B5, a1Regularised, b2Regularised]),
    E1: e1,
    E2: e2,
    F2: f2,
    F8: sum([e1Regularised, e2Regularised, f2Regularised]),
    lines,
    '15': add(box19Reversed, box20Reversed),
    '17': splitNegative(box17)[0],
    '19': box19,
    '20': box20,
    '21': box21,
    '22': previousCredit,
  })
}

function deduct(deductible: { fixedAssets: string; other: string }, row: VatDueRow) {
  if (row.fixedAsset) deductible.fixedAssets = add(deductible.fixedAssets, row.tax)
  else deductible.other = add(deductible.other, row.tax)
}

/**
 * The same return in whole euros, as the form is filled: each entered box rounded half-up to the euro (a fraction of
 * 0,50 counts for one), then the totals (16, 23, 25, 27, TD, 28, 32) recomputed from the rounded boxes so that they
 * add up on paper.
 */
export function roundedToEuros(boxes: Ca3Boxes): Ca3Boxes {
  const euro = (amount: string) => roundTo(amount, 0)
  const lines = Object.fromEntries(
    CA3_RATE_LINES.map(({ code }) => [code, { base: euro(boxes.lines[code].base), tax: euro(boxes.lines[code].tax) }]),
  ) as Record<Ca3RateLineCode, Ca3RateLine>
  return settle({
    A1: euro(boxes.A1),
    B2: euro(boxes.B2),
    B5: euro(boxes.B5),
    E1: euro(boxes.E1),
    E2: euro(boxes.E2),
    F2: euro(boxes.F2),
    F8: euro(boxes.F8),
    lines,
    '15': euro(boxes['15']),
    '17': euro(boxes['17']),
    '19': euro(boxes['19']),
    '20': euro(boxes['20']),
    '21': euro(boxes['21']),
    '22': euro(boxes['22']),
  })
}

/** Totals from the entered boxes: gross VAT, deductible VAT, then either a credit to carry or VAT to pay. */
function settle(entries: Ca3Entries): Ca3Boxes {
  const gross = sum([...CA3_RATE_LINES.map(({ code }) => entries.lines[code].tax), entries['15']])
  const deductible = sum([entries['19'], entries['20'], entries['21'], entries['22']])
  const due = subtract(gross, deductible)
  const [toPay, credit] = splitNegative(due)
  const lines = Object.fromEntries(
    CA3_RATE_LINES.map(({ code }) => [
      code,
      { base: toCents(entries.lines[code].base), tax: toCents(entries.lines[code].tax) },
    ]),
  ) as Record<Ca3RateLineCode, Ca3RateLine>
  return {
    A1: toCents(entries.A1),
    B2: toCents(entries.B2),
    B5: toCents(entries.B5),
    E1: toCents(entries.E1),
    E2: toCents(entries.E2),
    F2: toCents(entries.F2),
    F8: toCents(entries.F8),
    lines,
    '15': toCents(entries['15']),
    '16': toCents(gross),
    '17': toCents(entries['17']),
    '19': toCents(entries['19']),
    '20': toCents(entries['20']),
    '21': toCents(entries['21']),
    '22': toCents(entries['22']),
    '23': toCents(deductible),
    '25': toCents(credit),
    '27': toCents(credit),
    TD: toCents(toPay),
    '28': toCents(toPay),
    '32': toCents(toPay),
  }
}
