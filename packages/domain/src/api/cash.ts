import { z } from 'zod'
import { transactionDtoSchema } from './transactions'

const balance = z
  .string()
  .meta({ description: 'Solde de la caisse : soldes de départ + tous les mouvements (pas seulement ceux filtrés)' })
const warning = z.string().nullable().meta({
  description:
    'Présent quand le solde de la caisse est négatif : « Attention : le solde de ta caisse devient négatif (…). » ; null sinon',
})

/**
 * GET /cash-operations: a page of cash movements, newest first, and in `meta` the cash balance (the starting values of
 * the listed cash boxes plus all their movements, whatever the page and filters) with its warning when negative.
 */
export const cashOperationListSchema = z
  .object({
    data: z.array(transactionDtoSchema),
    meta: z
      .object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), balance, warning })
      .meta({ id: 'CashListMeta', description: 'Pagination, et le solde de la caisse' }),
  })
  .meta({ id: 'CashOperationList', description: 'Mouvements de caisse et solde de la caisse' })
export type CashOperationList = z.infer<typeof cashOperationListSchema>

/**
 * POST and PATCH /cash-operations: the operation, the balance of its cash box, and the warning when that balance is
 * negative on the operation's date or any later day (saved anyway: a cash book is corrected by a later entry).
 */
export const cashOperationSavedSchema = z
  .object({
    data: transactionDtoSchema,
    balance: balance.meta({ description: 'Solde de la caisse du mouvement après l’enregistrement' }),
    warning,
  })
  .meta({ id: 'CashOperationSaved', description: 'Mouvement de caisse enregistré, avec le solde de sa caisse' })
export type CashOperationSaved = z.infer<typeof cashOperationSavedSchema>
