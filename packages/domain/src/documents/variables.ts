import { dateParts, type IsoDate } from '../dates/calendar'
import { monthNameFr } from '../dates/format'

/**
 * Dynamic variables (spec/sales.md §5 "Dynamic variables"). Every month and year is taken from one business date:
 * the validation date for a document's texts, the document's date for an e-mail. With 2026-11-15:
 *
 * | Variable            | Yields                          | Where                               |
 * | ------------------- | ------------------------------- | ----------------------------------- |
 * | {mois}              | "novembre"                      | titles, descriptions, e-mails       |
 * | {annee}             | "2026"                          | titles, descriptions, e-mails       |
 * | {moisPrecedent}     | "octobre" (décembre in January) | titles, descriptions, e-mails       |
 * | {moisSuivant}       | "décembre" (janvier in December)| titles, descriptions, e-mails       |
 * | {2DerniersMois}     | "septembre et octobre"          | e-mails                             |
 * | {3DerniersMois}     | "août, septembre et octobre"    | e-mails                             |
 * | {2ProchainsMois}    | "décembre et janvier"           | e-mails                             |
 * | {3ProchainsMois}    | "décembre, janvier et février"  | e-mails                             |
 * | {anneePrecedente}   | "2025"                          | e-mails                             |
 * | {anneeSuivante}     | "2027"                          | e-mails                             |
 * | {reference}         | the document's number           | e-mails                             |
 * | {client}            | the customer's name             | e-mails                             |
 * | {signature}         | the organisation's signature    | e-mails                             |
 *
 * "Derniers" and "prochains" months exclude the date's own month: in November the last two months are September and
 * October. Month names are lower case, as French writes them inside a sentence. Unknown names in braces stay as typed.
 */
export const DOCUMENT_VARIABLES = ['mois', 'annee', 'moisPrecedent', 'moisSuivant'] as const
export const MAIL_VARIABLES = [
  ...DOCUMENT_VARIABLES,
  '2DerniersMois',
  '3DerniersMois',
  '2ProchainsMois',
  '3ProchainsMois',
  'anneePrecedente',
  'anneeSuivante',
  'reference',
  'client',
  'signature',
] as const
export type MailVariable = (typeof MAIL_VARIABLES)[number]

/** What the help panel says of each variable (spec "dynamic-variables help panel"). */
export const VARIABLE_HELP: Record<MailVariable, string> = {
  mois: 'le mois en cours (ex. : novembre)',
  annee: "l'année en cours (ex. : 2026)",
  moisPrecedent: 'le mois précédent (ex. : octobre)',
  moisSuivant: 'le mois suivant (ex. : décembre)',
  '2DerniersMois': 'les 2 derniers mois (ex. : septembre et octobre)',
  '3DerniersMois': 'les 3 derniers mois (ex. : août, septembre et octobre)',
  '2ProchainsMois': 'les 2 prochains mois (ex. : décembre et janvier)',
  '3ProchainsMois': 'les 3 prochains mois (ex. : décembre, janvier et février)',
  anneePrecedente: "l'année précédente (ex. : 2025)",
  anneeSuivante: "l'année suivante (ex. : 2027)",
  reference: 'le numéro du document',
  client: 'le nom du client',
  signature: 'ta signature (paramètres de vente)',
}

export type VariableContext = {
  /** The business date the months and years are taken from. */
  date: IsoDate
  /** Given (even null) → replaced, null by nothing; absent → the variable stays as typed. */
  reference?: string | null
  client?: string | null
  signature?: string | null
}

/** "a", "a et b", "a, b et c". */
const frenchList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} et ${items[items.length - 1]}`

/** The month `offset` months away from the date's month (1 = January). */
const monthAt = (month: number, offset: number) => ((((month - 1 + offset) % 12) + 12) % 12) + 1

const monthsAround = (month: number, offsets: number[]) =>
  frenchList(offsets.map((offset) => monthNameFr(monthAt(month, offset))))

function dateValues(date: IsoDate): Record<string, string> {
  const { year, month } = dateParts(date)
  return {
    mois: monthNameFr(month),
    annee: String(year),
    moisPrecedent: monthNameFr(monthAt(month, -1)),
    moisSuivant: monthNameFr(monthAt(month, 1)),
    '2DerniersMois': monthsAround(month, [-2, -1]),
    '3DerniersMois': monthsAround(month, [-3, -2, -1]),
    '2ProchainsMois': monthsAround(month, [1, 2]),
    '3ProchainsMois': monthsAround(month, [1, 2, 3]),
    anneePrecedente: String(year - 1),
    anneeSuivante: String(year + 1),
  }
}

const replaceKnown = (text: string, values: Record<string, string>) =>
  text.replace(/\{([A-Za-z0-9]+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? (values[name] as string) : whole,
  )

/** The e-mail templates' variables (subject and body): every variable of the table above. */
export function resolveVariables(text: string, context: VariableContext): string {
  const values: Record<string, string> = dateValues(context.date)
  for (const key of ['reference', 'client', 'signature'] as const) {
    if (key in context) values[key] = context[key] ?? ''
  }
  return replaceKnown(text, values)
}

/** Titles and descriptions of documents and lines: only {mois}, {annee}, {moisPrecedent}, {moisSuivant}. */
export function resolveDocumentVariables(text: string, date: IsoDate): string
export function resolveDocumentVariables(text: string | null, date: IsoDate): string | null
export function resolveDocumentVariables(text: string | null, date: IsoDate): string | null {
  if (text === null || !text.includes('{')) return text
  const all = dateValues(date)
  return replaceKnown(text, Object.fromEntries(DOCUMENT_VARIABLES.map((name) => [name, all[name] as string])))
}
