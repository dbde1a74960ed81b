import {
  ADDRESS_TYPE_IDS,
  CONDITION_FUNCTION_IDS,
  CONDITION_TARGET_IDS,
  CONTACT_TYPE_IDS,
  CURRENCY_IDS,
  type Feature,
  INVOICE_STATE_IDS,
  ITEM_TYPE_IDS,
  JOURNAL_TYPE_IDS,
  PAYMENT_MODE_IDS,
  PLAN_IDS,
  type PlanCode,
  PREMIUM_FEATURES,
  QUOTE_STATE_IDS,
  RECEIPT_STATE_IDS,
  RECEIPT_TYPE_IDS,
  ROLE_IDS,
  TAX_AREA_IDS,
  TAX_RATE_IDS,
  TAX_REGIME_IDS,
  TAX_TYPE_IDS,
  UNIT_IDS,
} from '@app/domain'

/**
 * The reference lists that have no source file: names and attributes keyed by the codes of @app/domain, which holds
 * the ids. Read by build-seed.ts only (the app reads the seeded tables).
 */

/** Every code of the domain's id map must have an entry, and no other: a typo fails the build of the seed. */
type ByCode<M extends Record<string, number>, V> = { [K in keyof M]: V }

export type CodeNameRow = { id: number; code: string; name: string }

export function rowsOf<M extends Record<string, number>, V extends object>(
  ids: M,
  values: ByCode<M, V>,
): ({ id: number; code: string } & V)[] {
  return Object.entries(ids)
    .map(([code, id]) => ({ id, code, ...(values[code] as V) }))
    .sort((a, b) => a.id - b.id)
}

export const currencies = rowsOf(CURRENCY_IDS, {
  EUR: { name: 'Euro', symbol: '€', decimals: 2 },
  USD: { name: 'Dollar américain', symbol: '$', decimals: 2 },
  GBP: { name: 'Livre sterling', symbol: '£', decimals: 2 },
  CHF: { name: 'Franc suisse', symbol: 'CHF', decimals: 2 },
  CAD: { name: 'Dollar canadien', symbol: '$ CA', decimals: 2 },
  JPY: { name: 'Yen japonais', symbol: '¥', decimals: 0 },
  AUD: { name: 'Dollar australien', symbol: '$ AU', decimals: 2 },
  CNY: { name: 'Yuan renminbi', symbol: 'CN¥', decimals: 2 },
  SEK: { name: 'Couronne suédoise', symbol: 'kr', decimals: 2 },
  NOK: { name: 'Couronne norvégienne', symbol: 'kr', decimals: 2 },
  DKK: { name: 'Couronne danoise', symbol: 'kr', decimals: 2 },
  PLN: { name: 'Złoty polonais', symbol: 'zł', decimals: 2 },
  CZK: { name: 'Couronne tchèque', symbol: 'Kč', decimals: 2 },
  HUF: { name: 'Forint hongrois', symbol: 'Ft', decimals: 2 },
  RON: { name: 'Leu roumain', symbol: 'lei', decimals: 2 },
  MAD: { name: 'Dirham marocain', symbol: 'DH', decimals: 2 },
  TND: { name: 'Dinar tunisien', symbol: 'DT', decimals: 3 },
  DZD: { name: 'Dinar algérien', symbol: 'DA', decimals: 2 },
  XOF: { name: 'Franc CFA (BCEAO)', symbol: 'F CFA', decimals: 0 },
  XAF: { name: 'Franc CFA (BEAC)', symbol: 'F CFA', decimals: 0 },
  XPF: { name: 'Franc CFP', symbol: 'F CFP', decimals: 0 },
})

export const contactTypes = rowsOf(CONTACT_TYPE_IDS, {
  BUSINESS: { name: 'Professionnel' },
  PRIVATE: { name: 'Particulier' },
})

export const addressTypes = rowsOf(ADDRESS_TYPE_IDS, {
  BILLING: { name: 'Adresse de facturation' },
  COMPANY: { name: "Adresse de l'entreprise" },
  PRIVATE: { name: 'Adresse personnelle' },
})

/** QUARTER: réel normal with quarterly CA3, allowed when the yearly VAT due is under 4 000 €. */
export const taxRegimes = rowsOf(TAX_REGIME_IDS, {
  FREE: { name: 'Franchise en base de TVA', isTaxFree: true },
  MONTH: { name: 'Réel normal (déclaration mensuelle)', isTaxFree: false },
  QUARTER: { name: 'Réel normal (déclaration trimestrielle)', isTaxFree: false },
  YEAR: { name: 'Réel simplifié (déclaration annuelle)', isTaxFree: false },
})

export const taxAreas = rowsOf(TAX_AREA_IDS, {
  FRANCE: { name: 'France métropolitaine', hasVat: true },
  CORSE: { name: 'Corse', hasVat: true },
  DOM: { name: 'Guadeloupe, Martinique, La Réunion', hasVat: true },
  GUYANE_MAYOTTE: { name: 'Guyane, Mayotte (TVA non applicable)', hasVat: false },
  EU: { name: 'Union européenne (hors France)', hasVat: false },
  EXPORT: { name: 'Hors Union européenne', hasVat: false },
})

export const taxTypes = rowsOf(TAX_TYPE_IDS, {
  vt: { name: 'Ventes et prestations (TVA collectée)' },
  bs: { name: 'Biens et services (TVA déductible)' },
  im: { name: 'Immobilisations (TVA déductible)' },
  ns: { name: 'Non soumis à la TVA' },
})

export const taxRates = rowsOf(TAX_RATE_IDS, {
  NOR: { name: 'Taux normal' },
  INT: { name: 'Taux intermédiaire' },
  RED: { name: 'Taux réduit' },
  SRED: { name: 'Taux super réduit' },
  PART: { name: 'Taux particulier' },
  EXO: { name: 'Exonéré (0 %)' },
  NUL: { name: 'Pas de TVA' },
})

/** UN/ECE Recommendation 20 codes: C62 one, HUR hour, DAY, WEE, MON, ANN, LS lump sum, H87 piece, SET… */
export const units = rowsOf(UNIT_IDS, {
  unit: { name: 'Unité', shortName: 'u', uneceCode: 'C62' },
  hour: { name: 'Heure', shortName: 'h', uneceCode: 'HUR' },
  day: { name: 'Jour', shortName: 'j', uneceCode: 'DAY' },
  week: { name: 'Semaine', shortName: 'sem.', uneceCode: 'WEE' },
  month: { name: 'Mois', shortName: 'mois', uneceCode: 'MON' },
  year: { name: 'Année', shortName: 'an', uneceCode: 'ANN' },
  flat: { name: 'Forfait', shortName: 'forfait', uneceCode: 'LS' },
  minute: { name: 'Minute', shortName: 'min', uneceCode: 'MIN' },
  piece: { name: 'Pièce', shortName: 'pce', uneceCode: 'H87' },
  set: { name: 'Lot', shortName: 'lot', uneceCode: 'SET' },
  kg: { name: 'Kilogramme', shortName: 'kg', uneceCode: 'KGM' },
  g: { name: 'Gramme', shortName: 'g', uneceCode: 'GRM' },
  t: { name: 'Tonne', shortName: 't', uneceCode: 'TNE' },
  m: { name: 'Mètre', shortName: 'm', uneceCode: 'MTR' },
  km: { name: 'Kilomètre', shortName: 'km', uneceCode: 'KMT' },
  m2: { name: 'Mètre carré', shortName: 'm²', uneceCode: 'MTK' },
  m3: { name: 'Mètre cube', shortName: 'm³', uneceCode: 'MTQ' },
  l: { name: 'Litre', shortName: 'l', uneceCode: 'LTR' },
})

/**
 * Payment limits (invoices) and validity durations (quotes). 0 days reads "Paiement comptant" (spec/sales.md §9);
 * invoices stop at 60 days, the legal maximum (Code de commerce L441-10); quotes go to 90 days.
 */
export const periods: { id: number; days: number; name: string; forQuotes: boolean; forInvoices: boolean }[] = [
  { id: 1, days: 0, name: 'Paiement comptant', forQuotes: false, forInvoices: true },
  { id: 2, days: 7, name: '7 jours', forQuotes: true, forInvoices: true },
  { id: 3, days: 10, name: '10 jours', forQuotes: false, forInvoices: true },
  { id: 4, days: 14, name: '14 jours', forQuotes: false, forInvoices: true },
  { id: 5, days: 15, name: '15 jours', forQuotes: true, forInvoices: true },
  { id: 6, days: 30, name: '30 jours', forQuotes: true, forInvoices: true },
  { id: 7, days: 45, name: '45 jours', forQuotes: true, forInvoices: true },
  { id: 8, days: 60, name: '60 jours', forQuotes: true, forInvoices: true },
  { id: 9, days: 90, name: '90 jours', forQuotes: true, forInvoices: false },
]

/** Badge colours in the spec's order (spec/sales.md §4): neutral, pink, blue, yellow, green, red. */
export const quoteStates = rowsOf(QUOTE_STATE_IDS, {
  DRAFT: { name: 'Brouillon', color: 'gray' },
  NEGO: { name: 'En négociation', color: 'pink' },
  VALIDATED: { name: 'Validé', color: 'blue' },
  SENT: { name: 'Envoyé', color: 'yellow' },
  WON: { name: 'Gagné', color: 'green' },
  LOST: { name: 'Perdu', color: 'red' },
})

/**
 * The spec gives six colours for seven states "in order" (neutral, blue, yellow, pink, green, orange): they are taken
 * in order, so ARCHIVED (recurring invoices) is orange, and CANCELED, which has none, is dark.
 */
export const invoiceStates = rowsOf(INVOICE_STATE_IDS, {
  DRAFT: { name: 'Brouillon', color: 'gray' },
  VALIDATED: { name: 'Validée', color: 'blue' },
  PENDING: { name: 'En attente', color: 'yellow' },
  LATE: { name: 'En retard', color: 'pink' },
  PAID: { name: 'Payée', color: 'green' },
  ARCHIVED: { name: 'Archivée', color: 'orange' },
  CANCELED: { name: 'Annulée', color: 'dark' },
})

/** A receipt is processed until VALIDATED; FAILED is shown in red (spec/money.md §3). */
export const receiptStates = rowsOf(RECEIPT_STATE_IDS, {
  PENDING: { name: 'À traiter', color: 'yellow' },
  PROCESSING: { name: "En cours d'analyse", color: 'blue' },
  VALIDATED: { name: 'Traité', color: 'green' },
  FAILED: { name: 'Échec', color: 'red' },
})

export const receiptTypes = rowsOf(RECEIPT_TYPE_IDS, {
  INVOICE: { name: 'Facture' },
  EXPENSES: { name: 'Note de frais' },
  CASH: { name: 'Caisse' },
})

/** UNTDID 4461: 58 SEPA credit transfer, 48 bank card, 20 cheque, 10 cash, 59 SEPA direct debit, ZZZ mutually defined. */
export const paymentModes = rowsOf(PAYMENT_MODE_IDS, {
  TRANSFERT: { name: 'Virement bancaire', untdidCode: '58', isActiveByDefault: true },
  STRIPE: { name: 'Paiement par carte en ligne', untdidCode: '48', isActiveByDefault: false },
  CHEQUE: { name: 'Chèque', untdidCode: '20', isActiveByDefault: true },
  CASH: { name: 'Espèces', untdidCode: '10', isActiveByDefault: false },
  CARD: { name: 'Carte bancaire', untdidCode: '48', isActiveByDefault: false },
  DIRECT_DEBIT: { name: 'Prélèvement SEPA', untdidCode: '59', isActiveByDefault: false },
  OTHER: { name: 'Autre', untdidCode: 'ZZZ', isActiveByDefault: false },
})

export const itemTypes = rowsOf(ITEM_TYPE_IDS, {
  PRO: { name: 'Produit' },
  SER: { name: 'Service' },
})

export const journalTypes = rowsOf(JOURNAL_TYPE_IDS, {
  BQ: { name: 'Banque', accountCode: '512' },
  CC: { name: "Compte courant d'associé", accountCode: '455' },
  EX: { name: "Compte de l'exploitant", accountCode: '108' },
  CAI: { name: 'Caisse', accountCode: '530' },
  ES: { name: 'Ventes au comptant', accountCode: '530' },
})

/** valueType: text (label targets), number (amount), journal (a bank account's id) or any. */
export const conditionFunctions = rowsOf(CONDITION_FUNCTION_IDS, {
  LIKE: { name: 'contient', valueType: 'text' },
  NOT_LIKE: { name: 'ne contient pas', valueType: 'text' },
  START_LIKE: { name: 'commence par', valueType: 'text' },
  END_LIKE: { name: 'se termine par', valueType: 'text' },
  '=': { name: 'est égal à', valueType: 'any' },
  '>': { name: 'est supérieur à', valueType: 'number' },
  '<': { name: 'est inférieur à', valueType: 'number' },
  BETWEEN: { name: 'est compris entre', valueType: 'number' },
})

export const conditionTargets = rowsOf(CONDITION_TARGET_IDS, {
  NAME: { name: 'Libellé', valueType: 'text' },
  RAW_NAME: { name: "Libellé bancaire d'origine", valueType: 'text' },
  AMOUNT: { name: 'Montant', valueType: 'number' },
  COUNTERPARTY: { name: 'Contrepartie', valueType: 'text' },
  JOURNAL: { name: 'Compte bancaire', valueType: 'journal' },
})

/** Open-licence families (SIL OFL / Apache 2.0); the PDF renderer must ship and embed each TTF. */
export const fonts: { id: number; key: string; name: string; isDefault: boolean }[] = [
  { id: 1, key: 'Inter', name: 'Inter', isDefault: true },
  { id: 2, key: 'Roboto', name: 'Roboto', isDefault: false },
  { id: 3, key: 'Open Sans', name: 'Open Sans', isDefault: false },
  { id: 4, key: 'Lato', name: 'Lato', isDefault: false },
  { id: 5, key: 'Montserrat', name: 'Montserrat', isDefault: false },
  { id: 6, key: 'Merriweather', name: 'Merriweather', isDefault: false },
]

/** name: the role's name; label: the form shown in pickers and invitations (inclusive writing, as the spec's texts). */
export const roles = rowsOf(ROLE_IDS, {
  owner: { name: 'Propriétaire', label: 'Propriétaire' },
  admin: { name: 'Administrateur', label: 'Administrateur·rice' },
  collaborator: { name: 'Collaborateur', label: 'Collaborateur·rice' },
  accountant: { name: 'Expert-comptable', label: 'Expert-comptable' },
})

/**
 * Plans. Prices are ours (the spec gives none): euros excluding VAT per month or per year, in line with the French
 * market for freelancers' invoicing and bookkeeping tools in 2025–2026 (roughly 9 to 30 € a month); a yearly plan
 * costs ten months. Collaborators: Pop 1, Pop+ 5, Classic 5, Classic+ 10 (spec/account.md §6); free 1.
 * Features: every paid plan has the base premium features; recurring invoices only where the code contains "plus"
 * (spec/sales.md §6); the income-and-expense ledger only in Pop and Pop+.
 */
const PLAN_BASE_FEATURES: Feature[] = PREMIUM_FEATURES.filter(
  (feature) => feature !== 'recurring_invoices' && feature !== 'ledger',
)
const planFeatures = (code: PlanCode): Feature[] => {
  if (code === 'free') return []
  const features = [...PLAN_BASE_FEATURES]
  if (code.includes('plus')) features.push('recurring_invoices')
  if (code.startsWith('pop')) features.push('ledger')
  return features
}
const plan = (code: PlanCode, name: string, price: string, isMonthly: boolean, maxCollaborators: number) => ({
  name,
  price,
  isMonthly,
  maxCollaborators,
  features: planFeatures(code),
})
export const plans = rowsOf(PLAN_IDS, {
  free: plan('free', 'Gratuit', '0.00', true, 1),
  'pop-monthly': plan('pop-monthly', 'Pop', '9.00', true, 1),
  'pop-yearly': plan('pop-yearly', 'Pop', '90.00', false, 1),
  'pop-plus-monthly': plan('pop-plus-monthly', 'Pop+', '15.00', true, 5),
  'pop-plus-yearly': plan('pop-plus-yearly', 'Pop+', '150.00', false, 5),
  monthly: plan('monthly', 'Classic', '19.00', true, 5),
  yearly: plan('yearly', 'Classic', '190.00', false, 5),
  'plus-monthly': plan('plus-monthly', 'Classic+', '29.00', true, 10),
  'plus-yearly': plan('plus-yearly', 'Classic+', '290.00', false, 10),
})

/**
 * Countries whose ISO French name is inverted ("Réunion, Île de la") and has no common name in the source: the
 * natural form is shown. Display only: the ids follow the ISO names (see build-seed.ts).
 */
export const countryNameOverrides: Record<string, string> = {
  AX: 'Îles Åland',
  CC: 'Îles Cocos (Keeling)',
  CX: 'Île Christmas',
  FK: 'Îles Malouines (Falkland)',
  FM: 'Micronésie',
  PS: 'Palestine',
  RE: 'La Réunion',
  RU: 'Russie',
  SB: 'Îles Salomon',
  VI: 'Îles Vierges des États-Unis',
}
