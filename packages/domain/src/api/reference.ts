import { z } from 'zod'

/**
 * The rows of the reference lists (API.md "Reference lists"), as the server reads them from its tables
 * (apps/server/src/db/schema/reference.ts): columns in camelCase, numeric columns as decimal strings, dates as
 * YYYY-MM-DD, nullable columns as null.
 */

const id = z.number().int()
const codeNameFields = { id, code: z.string(), name: z.string() }
const stateFields = { ...codeNameFields, color: z.string(), position: z.number().int() }

export const unitRowSchema = z
  .object({ ...codeNameFields, shortName: z.string(), uneceCode: z.string() })
  .meta({ id: 'ReferenceUnit', description: 'Unité de ligne (uneceCode : code UN/ECE Rec. 20)' })

export const taxRowSchema = z
  .object({
    ...codeNameFields,
    amount: z.string().meta({ description: 'Taux en pourcentage, ex. "20.00"' }),
    isCollected: z.boolean(),
    taxTypeId: id,
    taxRateId: id,
    taxAreaId: id.nullable(),
    accountCode: z.string().nullable(),
    ca3Box: z.string().nullable(),
    description: z.string().nullable(),
    legalBasis: z.string().nullable(),
    validFrom: z.string().nullable(),
    validTo: z.string().nullable(),
  })
  .meta({ id: 'ReferenceTax', description: 'TVA : type × taux × zone, avec son pourcentage et son compte' })

export const taxTypeRowSchema = z.object(codeNameFields).meta({ id: 'ReferenceTaxType' })
export const taxRateRowSchema = z.object(codeNameFields).meta({ id: 'ReferenceTaxRate' })
export const taxAreaRowSchema = z.object({ ...codeNameFields, hasVat: z.boolean() }).meta({ id: 'ReferenceTaxArea' })
export const taxRegimeRowSchema = z
  .object({ ...codeNameFields, isTaxFree: z.boolean() })
  .meta({ id: 'ReferenceTaxRegime' })
export const countryRowSchema = z
  .object({ ...codeNameFields, alpha3: z.string(), isEu: z.boolean() })
  .meta({ id: 'ReferenceCountry' })
export const addressTypeRowSchema = z.object(codeNameFields).meta({ id: 'ReferenceAddressType' })
export const contactTypeRowSchema = z.object(codeNameFields).meta({ id: 'ReferenceContactType' })
export const legalFormRowSchema = z
  .object({ ...codeNameFields, inseeCode: z.string().nullable(), isPop: z.boolean(), type: z.string() })
  .meta({ id: 'ReferenceLegalForm' })
export const sectorRowSchema = z.object(codeNameFields).meta({ id: 'ReferenceSector' })
export const periodRowSchema = z
  .object({ id, days: z.number().int(), name: z.string(), forQuotes: z.boolean(), forInvoices: z.boolean() })
  .meta({ id: 'ReferencePeriod' })
export const quoteStateRowSchema = z.object(stateFields).meta({ id: 'ReferenceQuoteState' })
export const invoiceStateRowSchema = z.object(stateFields).meta({ id: 'ReferenceInvoiceState' })
export const receiptStateRowSchema = z.object(stateFields).meta({ id: 'ReferenceReceiptState' })
export const currencyRowSchema = z
  .object({ ...codeNameFields, symbol: z.string(), decimals: z.number().int() })
  .meta({ id: 'ReferenceCurrency' })
export const paymentModeRowSchema = z
  .object({ ...codeNameFields, untdidCode: z.string(), isActiveByDefault: z.boolean() })
  .meta({ id: 'ReferencePaymentMode' })
export const itemTypeRowSchema = z.object(codeNameFields).meta({ id: 'ReferenceItemType' })
export const fontRowSchema = z
  .object({ id, key: z.string(), name: z.string(), isDefault: z.boolean() })
  .meta({ id: 'ReferenceFont' })
export const conditionFunctionRowSchema = z
  .object({ ...codeNameFields, valueType: z.string() })
  .meta({ id: 'ReferenceConditionFunction' })
export const conditionTargetRowSchema = z
  .object({ ...codeNameFields, valueType: z.string() })
  .meta({ id: 'ReferenceConditionTarget' })
export const journalTypeRowSchema = z
  .object({
    ...codeNameFields,
    accountCode: z.string().meta({ description: 'Compte général des comptes de ce type (512, 455, 108, 530)' }),
  })
  .meta({
    id: 'ReferenceJournalType',
    description:
      'Type de compte (journal) : BQ banque, CC compte courant d’associé, EX compte de l’exploitant, CAI caisse, ES ventes au comptant ; son id est le journalTypeId de POST /journals',
  })
export const planRowSchema = z
  .object({
    ...codeNameFields,
    price: z.string(),
    isMonthly: z.boolean(),
    maxCollaborators: z.number().int(),
    features: z.array(z.string()),
    validFrom: z.string().nullable(),
  })
  .meta({ id: 'ReferencePlan' })
