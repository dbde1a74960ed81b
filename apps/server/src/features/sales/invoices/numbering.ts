import {
  followsLastIssued,
  ISSUING_REFUSALS,
  issuingMessages,
  type LastIssued,
  type NumberingSeries,
} from '@app/domain'
import type { DbOrTx } from '../../../db/client'
import { conflict } from '../../../lib/errors'
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
    /** Dated as the last numbered document when that one is later (an occurrence the jobs issue late). */
    notBeforeLast?: boolean
  },
) {
  let last: LastIssued | null = null
  const taken = await salesSettings.takeReference(tx, input.organizationId, input.series, input.datedAt, async () => {
    last = await createInvoiceRepo(tx).lastIssued(input.organizationId, input.series)
    return input.notBeforeLast && last && last.datedAt > input.datedAt ? last.datedAt : input.datedAt
  })
  const before: LastIssued | null = last
  if (before && !followsLastIssued(taken.datedAt, before))
    throw conflict(
      taken.datedAt >= input.today
        ? issuingMessages.futureLastIssued(before)
        : issuingMessages.dateBeforeLastIssued(input.series === 'credit_note' ? 'creditNote' : 'invoice', before),
      ISSUING_REFUSALS.dateBeforeLastIssued,
    )
  return taken
}
