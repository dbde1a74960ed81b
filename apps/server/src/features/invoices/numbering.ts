import { followsLastIssued, ISSUING_REFUSALS, issuingMessages, type NumberingSeries } from '@app/domain'
import type { DbOrTx } from '../../db/client'
import { conflict } from '../../lib/errors'
import type { SalesSettingsService } from '../sales-settings/service'
import { createInvoiceRepo } from './repo'

/**
 * The next number of an invoice or credit note series, given only to a date that does not precede the last one
 * numbered (domain followsLastIssued). The counter is taken first: its row lock makes the last document read here the
 * last one of the series, also under concurrent validations; a refusal rolls the number back with the transaction.
 */
export async function takeNumberInOrder(
  tx: DbOrTx,
  salesSettings: Pick<SalesSettingsService, 'takeReference'>,
  input: {
    organizationId: number
    series: Extract<NumberingSeries, 'invoice' | 'credit_note'>
    datedAt: string
    today: string
  },
) {
  const taken = await salesSettings.takeReference(tx, input.organizationId, input.series, input.datedAt)
  const last = await createInvoiceRepo(tx).lastIssued(input.organizationId, input.series)
  if (last && !followsLastIssued(input.datedAt, last))
    throw conflict(
      input.datedAt >= input.today
        ? issuingMessages.futureLastIssued(last)
        : issuingMessages.dateBeforeLastIssued(input.series === 'credit_note' ? 'creditNote' : 'invoice', last),
      ISSUING_REFUSALS.dateBeforeLastIssued,
    )
  return taken
}
