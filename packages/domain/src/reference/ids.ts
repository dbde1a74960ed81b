/**
 * Fixed ids and codes of the reference data (seeded by the server's migrations, see
 * apps/server/scripts/generate-reference-seed.ts). Server and web share them from here: never write a reference id
 * as a bare number elsewhere. The seed generator reads these maps, so an id changed here changes the seed too; once
 * a seed has shipped, ids never change (new rows get new ids).
 */

// Countries and currencies ------------------------------------------------------------------------------------------

/** Countries are numbered in French alphabetical order of their ISO names: France is 71 (API.md, spec). */
export const COUNTRY_FRANCE_ID = 71
export const COUNTRY_FRANCE_CODE = 'FR'

export const CURRENCY_IDS = {
  EUR: 1,
  USD: 2,
  GBP: 3,
  CHF: 4,
  CAD: 5,
  JPY: 6,
  AUD: 7,
  CNY: 8,
  SEK: 9,
  NOK: 10,
  DKK: 11,
  PLN: 12,
  CZK: 13,
  HUF: 14,
  RON: 15,
  MAD: 16,
  TND: 17,
  DZD: 18,
  XOF: 19,
  XAF: 20,
  XPF: 21,
} as const
export type CurrencyCode = keyof typeof CURRENCY_IDS
/** Default currency id 1 (spec). */
export const CURRENCY_EUR_ID = CURRENCY_IDS.EUR
export const CURRENCY_EUR_CODE = 'EUR'

// Contacts and addresses --------------------------------------------------------------------------------------------

export const CONTACT_TYPE_IDS = { BUSINESS: 1, PRIVATE: 2 } as const
export type ContactTypeCode = keyof typeof CONTACT_TYPE_IDS
export const CONTACT_TYPE_BUSINESS_ID = CONTACT_TYPE_IDS.BUSINESS
export const CONTACT_TYPE_INDIVIDUAL_ID = CONTACT_TYPE_IDS.PRIVATE

export const ADDRESS_TYPE_IDS = { BILLING: 1, COMPANY: 2, PRIVATE: 3 } as const
export type AddressTypeCode = keyof typeof ADDRESS_TYPE_IDS
export const ADDRESS_TYPE_BILLING_ID = ADDRESS_TYPE_IDS.BILLING
export const ADDRESS_TYPE_COMPANY_ID = ADDRESS_TYPE_IDS.COMPANY
export const ADDRESS_TYPE_PRIVATE_ID = ADDRESS_TYPE_IDS.PRIVATE
/** "Default address type COMPANY" (spec/account.md §9). */
export const ADDRESS_TYPE_DEFAULT_ID = ADDRESS_TYPE_COMPANY_ID

// Organisations -----------------------------------------------------------------------------------------------------

/** Legal forms, in the order of the source file (legal_forms.csv). */
export const LEGAL_FORM_IDS = {
  EI: 1,
  ME: 2,
  EIRL: 3,
  PL: 4,
  SNC: 5,
  SCS: 6,
  SCA: 7,
  SARL: 8,
  EURL: 9,
  SELARL: 10,
  SCOP_SARL: 11,
  SA: 12,
  SA_DIRECTOIRE: 13,
  SAS: 14,
  SASU: 15,
  SELAS: 16,
  SE: 17,
  GIE: 18,
  SCI: 19,
  SCM: 20,
  SCP: 21,
  SC: 22,
  EARL: 23,
  GAEC: 24,
  ASSOCIATION: 25,
  ASSOCIATION_RUP: 26,
  ASSOCIATION_LOCAL: 27,
} as const
export type LegalFormCode = keyof typeof LEGAL_FORM_IDS

/** legal_forms.type: EI (EI, EIRL), PL, ME (individual businesses) or SO (companies and other bodies). */
export const LEGAL_FORM_TYPES = ['EI', 'PL', 'ME', 'SO'] as const
export type LegalFormType = (typeof LEGAL_FORM_TYPES)[number]
/** Capital and company-form fields show only for this type (spec/account.md §5). */
export const LEGAL_FORM_TYPE_COMPANY = 'SO'
/** Types whose expense notes go through an operator account (EX) rather than an associate account (CC). */
export const LEGAL_FORM_INDIVIDUAL_TYPES = ['EI', 'PL', 'ME'] as const

/** Sectors are the NAF rév. 2 sections A–U, numbered 1–21 in letter order. */
export const SECTOR_IDS = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  I: 9,
  J: 10,
  K: 11,
  L: 12,
  M: 13,
  N: 14,
  O: 15,
  P: 16,
  Q: 17,
  R: 18,
  S: 19,
  T: 20,
  U: 21,
} as const
export type SectorCode = keyof typeof SECTOR_IDS

export const TAX_REGIME_IDS = { FREE: 1, MONTH: 2, QUARTER: 3, YEAR: 4 } as const
export type TaxRegimeCode = keyof typeof TAX_REGIME_IDS

export const TAX_AREA_IDS = { FRANCE: 1, CORSE: 2, DOM: 3, GUYANE_MAYOTTE: 4, EU: 5, EXPORT: 6 } as const
export type TaxAreaCode = keyof typeof TAX_AREA_IDS

export const ROLE_IDS = { owner: 1, admin: 2, collaborator: 3, accountant: 4 } as const
export const ROLE_OWNER_ID = ROLE_IDS.owner
export const ROLE_ADMIN_ID = ROLE_IDS.admin
export const ROLE_COLLABORATOR_ID = ROLE_IDS.collaborator
export const ROLE_ACCOUNTANT_ID = ROLE_IDS.accountant

// Plans -------------------------------------------------------------------------------------------------------------

export const PLAN_IDS = {
  free: 1,
  'pop-monthly': 2,
  'pop-yearly': 3,
  'pop-plus-monthly': 4,
  'pop-plus-yearly': 5,
  monthly: 6,
  yearly: 7,
  'plus-monthly': 8,
  'plus-yearly': 9,
} as const
export type PlanCode = keyof typeof PLAN_IDS
export const PLAN_CODES = Object.keys(PLAN_IDS) as PlanCode[]
export const PLAN_FREE_CODE = 'free'

/** Plan features are organizations/access.ts PREMIUM_FEATURES; the free plan has none of them. */

// VAT ---------------------------------------------------------------------------------------------------------------

/** vt sales (collected), bs goods and services (deductible), im fixed assets (deductible), ns not subject to VAT. */
export const TAX_TYPE_IDS = { vt: 1, bs: 2, im: 3, ns: 4 } as const
export type TaxTypeCode = keyof typeof TAX_TYPE_IDS
export const TAX_TYPE_NOT_SUBJECT_CODE = 'ns'

/** NOR 20 %, INT 10 %, RED 5,5 %, SRED 2,1 % (mainland), PART (Corsica and DOM special rates), EXO 0 %, NUL no VAT. */
export const TAX_RATE_IDS = { NOR: 1, INT: 2, RED: 3, SRED: 4, PART: 5, EXO: 6, NUL: 7 } as const
export type TaxRateCode = keyof typeof TAX_RATE_IDS
export const TAX_RATE_NONE_CODE = 'NUL'

/**
 * Taxes are numbered by block: collected (vt) 1–99, deductible goods and services (bs) 101–199, deductible fixed
 * assets (im) 201–299, not subject (ns) 301–302. Within each block the same slot order (mainland, all areas,
 * Corsica, DOM), so bs = vt + 100 and im = vt + 200 for the same rate and area.
 */
export const TAX_IDS = {
  /** TVA collectée 20 %, mainland France: the default sales tax and the delivery-fees tax. */
  VT_FR_20: 1,
  VT_FR_10: 2,
  VT_FR_5_5: 3,
  VT_FR_2_1: 4,
  /** Exempt or out of scope, 0 % (exports, intra-EU B2B supplies): every area. */
  VT_EXO_0: 5,
  /** No VAT (franchise en base, Guyane, Mayotte): every area. The default sales tax of tax-free organisations. */
  VT_NUL: 6,
  BS_FR_20: 101,
  BS_NUL: 106,
  IM_FR_20: 201,
  IM_NUL: 206,
  NS_COLLECTED: 301,
  NS_DEDUCTIBLE: 302,
} as const
export const TAX_ID_BLOCKS = { vt: 0, bs: 100, im: 200, ns: 300 } as const
export const TAX_DEFAULT_SALES_ID = TAX_IDS.VT_FR_20
export const TAX_NO_VAT_SALES_ID = TAX_IDS.VT_NUL
export const TAX_DELIVERY_FEES_ID = TAX_IDS.VT_FR_20

// Sales -------------------------------------------------------------------------------------------------------------

export const UNIT_IDS = {
  unit: 1,
  hour: 2,
  day: 3,
  week: 4,
  month: 5,
  year: 6,
  flat: 7,
  minute: 8,
  piece: 9,
  set: 10,
  kg: 11,
  g: 12,
  t: 13,
  m: 14,
  km: 15,
  m2: 16,
  m3: 17,
  l: 18,
} as const
export type UnitCode = keyof typeof UNIT_IDS
/** "Default unit 1" (spec/account.md §9). */
export const UNIT_DEFAULT_ID = UNIT_IDS.unit

export const QUOTE_STATE_IDS = { DRAFT: 1, NEGO: 2, VALIDATED: 3, SENT: 4, WON: 5, LOST: 6 } as const
export type QuoteStateCode = keyof typeof QUOTE_STATE_IDS

export const INVOICE_STATE_IDS = {
  DRAFT: 1,
  VALIDATED: 2,
  PENDING: 3,
  LATE: 4,
  PAID: 5,
  ARCHIVED: 6,
  CANCELED: 7,
} as const
export type InvoiceStateCode = keyof typeof INVOICE_STATE_IDS
/** The code of an invoice state id (DRAFT for an id that is not one). */
export const invoiceStateCodeOf = (stateId: number): InvoiceStateCode =>
  (Object.entries(INVOICE_STATE_IDS).find(([, id]) => id === stateId)?.[0] ?? 'DRAFT') as InvoiceStateCode

export const PAYMENT_MODE_IDS = {
  TRANSFERT: 1,
  STRIPE: 2,
  CHEQUE: 3,
  CASH: 4,
  CARD: 5,
  DIRECT_DEBIT: 6,
  OTHER: 7,
} as const
export type PaymentModeCode = keyof typeof PAYMENT_MODE_IDS

export const ITEM_TYPE_IDS = { PRO: 1, SER: 2 } as const
export type ItemTypeCode = keyof typeof ITEM_TYPE_IDS

export const FONT_DEFAULT_ID = 1
export const FONT_DEFAULT_KEY = 'Inter'

// Money side --------------------------------------------------------------------------------------------------------

export const RECEIPT_STATE_IDS = { PENDING: 1, PROCESSING: 2, VALIDATED: 3, FAILED: 4 } as const
export type ReceiptStateCode = keyof typeof RECEIPT_STATE_IDS

/** Receipt and entry types (spec: type must be EXPENSES, CASH or INVOICE). */
export const RECEIPT_TYPE_IDS = { INVOICE: 1, EXPENSES: 2, CASH: 3 } as const
export type ReceiptTypeCode = keyof typeof RECEIPT_TYPE_IDS

/** BQ bank, CC associate current account, EX operator account (expense notes of EI/PL/ME), CAI cash, ES cash sales. */
export const JOURNAL_TYPE_IDS = { BQ: 1, CC: 2, EX: 3, CAI: 4, ES: 5 } as const
export type JournalTypeCode = keyof typeof JOURNAL_TYPE_IDS

export const CONDITION_FUNCTION_IDS = {
  LIKE: 1,
  NOT_LIKE: 2,
  START_LIKE: 3,
  END_LIKE: 4,
  '=': 5,
  '>': 6,
  '<': 7,
  /** Amount between two bounds, inclusive; the value is "min;max". */
  BETWEEN: 8,
} as const
export type ConditionFunctionCode = keyof typeof CONDITION_FUNCTION_IDS

/** COUNTERPARTY: the other party's name the bank gives (CAMT, Bridge, Qonto); JOURNAL: the bank account, by id. */
export const CONDITION_TARGET_IDS = { NAME: 1, RAW_NAME: 2, AMOUNT: 3, COUNTERPARTY: 4, JOURNAL: 5 } as const
export type ConditionTargetCode = keyof typeof CONDITION_TARGET_IDS

/** Accounting categories: a folder has code "0"; 471000 is the holding ("compte d'attente") category. */
export const ACCOUNTING_FOLDER_CODE = '0'
export const ACCOUNTING_HOLDING_CODE = '471000'
export const DEFAULT_ACCOUNTING_ENTRY_IDS = {
  /** Folder "Charges" (PCG class 6). */
  EXPENSES_FOLDER: 1,
  /** Folder "Produits" (PCG class 7). */
  INCOME_FOLDER: 2,
  /** Folder "Immobilisations". */
  FIXED_ASSETS_FOLDER: 3,
  /** Folder "Trésorerie, capitaux et tiers". */
  BALANCE_FOLDER: 4,
  /** 471000 Compte d'attente. */
  HOLDING: 5,
} as const
export const ACCOUNTING_TAGS = ['is_exp', 'is_cash', 'is_sale'] as const
export type AccountingTag = (typeof ACCOUNTING_TAGS)[number]
/** Categories allowed on catalogue items and sales lines (spec/sales.md §5). */
export const SALES_CATEGORY_CODES = { goods: ['701', '707'], services: ['706', '708'] } as const

export const THRESHOLD_KINDS = ['vat_franchise_base', 'vat_franchise_tolerance', 'micro_ceiling'] as const
export type ThresholdKind = (typeof THRESHOLD_KINDS)[number]
