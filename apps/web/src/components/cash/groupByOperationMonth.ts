import type { TransactionDto } from '@app/domain'
import { groupByMonth } from '../../lib/grouping'

/** Sections by month of the movement's date, newest first. */
export const groupByOperationMonth = (operations: TransactionDto[]) =>
  groupByMonth(operations, (operation) => operation.datedAt)
