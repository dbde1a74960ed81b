import { CURRENCY_EUR_CODE, CURRENCY_IDS, type OperationNature } from '@app/domain'

/** Code lists of the Factur-X EN 16931 profile (UNTDID 1001, 1153, 2005, 4461, 5305, 5189, 7161; UNECE Rec. 20). */

/** UNTDID 1001 document type codes (BT-3). */
export const TYPE_CODES = { invoice: '380', creditNote: '381', deposit: '386' } as const

/**
 * UNECE Recommendation 20 code of each of our units (BT-130). Same values as the seeded `units.unece_code`
 * (db/reference-data/lists.ts; codes.test.ts keeps them equal): the document DTO names a unit by its code only.
 */
const UNECE_BY_UNIT_CODE: Record<string, string> = {
  unit: 'C62',
  hour: 'HUR',
  day: 'DAY',
  week: 'WEE',
  month: 'MON',
  year: 'ANN',
  flat: 'LS',
  minute: 'MIN',
  piece: 'H87',
  set: 'SET',
  kg: 'KGM',
  g: 'GRM',
  t: 'TNE',
  m: 'MTR',
  km: 'KMT',
  m2: 'MTK',
  m3: 'MTQ',
  l: 'LTR',
}

/** Our unit code ("hour") → UNECE Rec. 20 ("HUR"); "C62" (one) for a unit we do not know. */
export const uneceUnitCode = (unitCode: string): string => UNECE_BY_UNIT_CODE[unitCode] ?? 'C62'

/** ISO 4217 code of a currency id (BT-5); EUR when unknown. */
export function currencyCode(currencyId: number): string {
  const entry = Object.entries(CURRENCY_IDS).find(([, id]) => id === currencyId)
  return entry?.[0] ?? CURRENCY_EUR_CODE
}

/**
 * BT-23 "cadre de facturation" of the French reform (BR-FR-08): B goods, S services, M both; 1 an ordinary invoice
 * (also deposits and credit notes), 2 an invoice already paid when it is issued (BR-FR-CO-09 then wants it shown
 * paid in full), 4 the final invoice after deposits (BR-FR-CO-08 forbids 4 on a deposit). Paid wins over final: a
 * final invoice settled on issue owes nothing, which is what 2 tells the buyer's platform.
 */
export function billingMode(nature: OperationNature, isFinal: boolean, alreadyPaid = false): string {
  const letter = nature === 'GOODS' ? 'B' : nature === 'MIXED' ? 'M' : 'S'
  return `${letter}${alreadyPaid ? '2' : isFinal ? '4' : '1'}`
}

/** UNTDID 5189 allowance reason "Discount" (BT-98 / BT-140). */
export const ALLOWANCE_DISCOUNT = '95'
/** UNTDID 7161 charge reason "Delivery" (BT-105). */
export const CHARGE_DELIVERY = 'DL'

/** UNTDID 2005 VAT point date codes (BT-8): 5 invoice date (option for VAT on debits), 72 paid to date. */
export const VAT_DUE_ON_INVOICE = '5'
export const VAT_DUE_ON_PAYMENT = '72'

/** UNTDID 4461 SEPA credit transfer: BR-61 wants the payee's IBAN (BT-84) with it. */
export const PAYMENT_SEPA_TRANSFER = '58'
export const PAYMENT_TRANSFER = '30'

/** Identifier schemes (ISO 6523 ICD): 0002 SIREN, 0009 SIRET, 0225 French e-invoicing directory address. */
export const SCHEME_SIREN = '0002'
export const SCHEME_SIRET = '0009'
export const SCHEME_FR_DIRECTORY = '0225'
/** Electronic address scheme "EM" (e-mail), CEF EAS list. */
export const SCHEME_EMAIL = 'EM'
