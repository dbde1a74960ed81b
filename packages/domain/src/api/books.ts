import { z } from 'zod'

const money = () => z.string().meta({ description: 'Montant décimal en chaîne ("120.50")' })

export const BOOK_KINDS = ['income', 'expenses'] as const
export type BookKind = (typeof BOOK_KINDS)[number]

export const bookRowSchema = z.object({
  /** The day the money moved (YYYY-MM-DD). */
  date: z.string(),
  /**
   * In full: the invoice a payment settles, else the movement's own piece. The page shows its first 8 characters
   * (spec/money.md), the CSV all of it.
   */
  reference: z.string(),
  /** The customer (income) or supplier (expenses) of the movement, when the books name one. */
  contact: z.string().nullable(),
  category: z.string(),
  /** How the money moved: the bank account's or cash box's name, "Note de frais". */
  mode: z.string(),
  /** T.T.C., positive. */
  amount: money(),
})
export type BookRow = z.infer<typeof bookRowSchema>

export const bookMonthSchema = z.object({
  /** YYYY-MM. */
  month: z.string(),
  /** "janvier 2026". */
  label: z.string(),
  rows: z.array(bookRowSchema),
  totalMonth: money(),
})
export type BookMonth = z.infer<typeof bookMonthSchema>

export const bookDtoSchema = z
  .object({
    kind: z.enum(BOOK_KINDS),
    from: z.string(),
    to: z.string(),
    /** Only the months that hold a row, in order: an empty period has none. */
    months: z.array(bookMonthSchema),
    totalYear: money(),
    /** The years that have entries in the books, newest first (the page's year menu). */
    availableYears: z.array(z.number().int()),
  })
  .meta({
    id: 'Book',
    description: "Livre des recettes ou registre des achats : les mouvements d'argent de la période, mois par mois",
  })
export type BookDto = z.infer<typeof bookDtoSchema>

export const bookParamsSchema = z.object({ kind: z.enum(BOOK_KINDS) })
