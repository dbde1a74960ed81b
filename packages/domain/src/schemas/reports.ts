import { z } from 'zod'
import { messages } from '../messages/index'

const m = messages.ledger

/** ?year=2026: a fiscal year or a calendar year, as the reports and the FEC take it. */
export const yearField = () =>
  z.coerce
    .number({ error: m.yearInvalid })
    .int({ error: m.yearInvalid })
    .min(2000, { error: m.yearInvalid })
    .max(2100, { error: m.yearInvalid })

export const fecQuerySchema = z.strictObject({ year: yearField() })
export type FecQuery = z.infer<typeof fecQuerySchema>
