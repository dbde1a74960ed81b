import { z } from 'zod'
import { messages } from '../messages/index'

const v = messages.validation
const column = z.number({ error: v.choiceInvalid }).int({ error: v.choiceInvalid }).min(0).max(199)

/**
 * How a CSV statement's columns are read (the mapping step of the import, remembered per bank account): encoding,
 * delimiter, rows to skip before the header or the data, which column holds the date (and its format), the label
 * (one or several columns joined), and the amount (one signed column, or debit and credit columns).
 */
export const csvMappingSchema = z.strictObject({
  encoding: z.enum(['utf-8', 'windows-1252'], { error: v.choiceInvalid }),
  delimiter: z.enum([';', ',', '\t', '|'], { error: v.choiceInvalid }),
  skipRows: z.number({ error: v.choiceInvalid }).int().min(0).max(100),
  hasHeader: z.boolean({ error: v.required }),
  dateColumn: column,
  dateFormat: z.enum(['DD/MM/YYYY', 'YYYY-MM-DD', 'MM/DD/YYYY', 'DD.MM.YYYY', 'DD/MM/YY'], { error: v.choiceInvalid }),
  labelColumns: z.array(column).min(1, { error: v.required }).max(10),
  amount: z.union([z.strictObject({ column }), z.strictObject({ debitColumn: column, creditColumn: column })], {
    error: v.choiceInvalid,
  }),
  decimalSeparator: z.enum([',', '.'], { error: v.choiceInvalid }),
})
export type CsvMappingBody = z.output<typeof csvMappingSchema>
