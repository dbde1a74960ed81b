import { formatPercentFr } from '../money/format'
import { TAX_AREA_IDS, TAX_RATE_IDS, TAX_TYPE_IDS } from '../reference/ids'

/** A tax of GET /taxes, as far as offering it in a VAT picker goes. */
export type VatChoiceTax = {
  id: number
  /** Percentage, e.g. "20.00". */
  amount: string
  /** The reference row's own name ("TVA collectée 20 % (Corse)"), said of a tax kept only because it is chosen. */
  name: string
  taxTypeId: number
  taxRateId: number
  taxAreaId: number | null
}

/** One line of a VAT picker: the tax it stands for, its short label (the field) and what the list says of it. */
export type VatChoice<T extends VatChoiceTax = VatChoiceTax> = {
  tax: T
  /** What a narrow field shows once chosen: "20 %", "Exonéré", "Sans TVA". */
  short: string
  /** What the list says: "20 % · taux normal", "0 % · exonéré ou autoliquidation". */
  label: string
  /** Why one would choose it, for the rates a non-accountant cannot tell apart by their percentage. */
  reason: string | null
}

const RATE_WORDS: Record<number, string> = {
  [TAX_RATE_IDS.NOR]: 'taux normal',
  [TAX_RATE_IDS.INT]: 'taux intermédiaire',
  [TAX_RATE_IDS.RED]: 'taux réduit',
  [TAX_RATE_IDS.SRED]: 'taux super-réduit',
  [TAX_RATE_IDS.PART]: 'taux particulier',
}

const EXEMPT_REASON =
  "Export hors de l'UE, vente ou service à un professionnel d'un autre pays de l'UE (il autoliquide la TVA), " +
  'activité exonérée (formation, santé…)'
const OUT_OF_SCOPE_REASON =
  'Pas de TVA : franchise en base, Guyane et Mayotte, opération hors du champ de la TVA française'
const NOT_SUBJECT_REASON = 'Opération sans TVA : salaires, cotisations, impôts, assurances, emprunts, apports…'

/** Where a rate kind comes in the list: percentages first (highest first), then the 0 % kinds in this order. */
const ZERO_ORDER: Record<number, number> = { [TAX_RATE_IDS.EXO]: 0, [TAX_RATE_IDS.NUL]: 1 }

/** The label of one tax, whatever the list around it. */
export function vatChoiceOf<T extends VatChoiceTax>(tax: T): VatChoice<T> {
  if (tax.taxTypeId === TAX_TYPE_IDS.ns)
    return { tax, short: 'Non soumis', label: '0 % · non soumis à la TVA', reason: NOT_SUBJECT_REASON }
  if (tax.taxRateId === TAX_RATE_IDS.EXO)
    return { tax, short: 'Exonéré', label: '0 % · exonéré ou autoliquidation', reason: EXEMPT_REASON }
  if (tax.taxRateId === TAX_RATE_IDS.NUL)
    return { tax, short: 'Sans TVA', label: '0 % · hors champ, sans TVA', reason: OUT_OF_SCOPE_REASON }
  const percent = formatPercentFr(tax.amount)
  const words = RATE_WORDS[tax.taxRateId]
  return { tax, short: percent, label: words ? `${percent} · ${words}` : percent, reason: null }
}

/** What makes two taxes the same choice for the user: no VAT and "not subject" are one (nothing is charged). */
const sameness = (tax: VatChoiceTax) =>
  tax.taxTypeId === TAX_TYPE_IDS.ns || tax.taxRateId === TAX_RATE_IDS.NUL
    ? 'none'
    : `${tax.taxRateId}|${Number(tax.amount)}`

/**
 * The VAT picker's choices (issue 31): each rate once, with a label a non-accountant reads — "20 % · taux normal",
 * "0 % · exonéré ou autoliquidation" with its reason. Only the taxes of the organisation's area (mainland France when
 * it has none) and those of every area are offered; of two rows that are one choice for the user (the same kind and
 * percentage; no VAT and "not subject"), the one of the area comes first, then a sales tax rather than "not subject".
 * The taxes in `keep` (what a line already carries) stay offered, named by their own row when that would be
 * ambiguous, so that an older document still shows what it has.
 */
export function vatChoices<T extends VatChoiceTax>(
  taxes: readonly T[],
  { taxAreaId, keep = [] }: { taxAreaId: number | null | undefined; keep?: readonly number[] },
): VatChoice<T>[] {
  const area = taxAreaId ?? TAX_AREA_IDS.FRANCE
  const preference = (tax: T) => (tax.taxAreaId === area ? 0 : 1) + (tax.taxTypeId === TAX_TYPE_IDS.ns ? 2 : 0)
  const offered = taxes
    .filter((tax) => tax.taxAreaId == null || tax.taxAreaId === area)
    .sort((a, b) => preference(a) - preference(b) || a.id - b.id)
  const chosen = new Map<string, T>()
  for (const tax of offered) if (!chosen.has(sameness(tax))) chosen.set(sameness(tax), tax)
  const choices = [...chosen.values()].map(vatChoiceOf)
  for (const id of keep) {
    if (choices.some((choice) => choice.tax.id === id)) continue
    const tax = taxes.find((candidate) => candidate.id === id)
    if (!tax) continue
    const choice = vatChoiceOf(tax)
    const clash = choices.some((other) => other.label === choice.label)
    choices.push(clash ? { ...choice, short: tax.name, label: tax.name } : choice)
  }
  return choices.sort(
    (a, b) =>
      Number(b.tax.amount) - Number(a.tax.amount) ||
      (ZERO_ORDER[a.tax.taxRateId] ?? -1) - (ZERO_ORDER[b.tax.taxRateId] ?? -1) ||
      a.tax.taxRateId - b.tax.taxRateId ||
      a.tax.id - b.tax.id,
  )
}
