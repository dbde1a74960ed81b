import {
  type InvoiceSuggestionDto,
  type OpenInvoice,
  type PaymentMethod,
  remainingToPay,
  suggestInvoicesForLine,
} from '@app/domain'
import type { Db } from '../../../db/client'
import type { Tenant } from '../../../lib/tenant'
import { paymentsOf, waitingPaymentsOf } from '../../sales/invoices/payments'
import { createInvoiceSuggestionRepo } from './invoice-suggestions-repo'

/**
 * GET /transactions/{id}/invoice-suggestions (issue 30): the invoices an incoming line may pay, with their reasons
 * (domain suggestInvoicesForLine). A line that pays invoices already is settled: it gets none.
 */
export function createInvoiceSuggestions(deps: { db: Db }) {
  return async function invoiceSuggestions(
    tenant: Tenant,
    line: { amount: string; name: string; datedAt: string; paysInvoices: boolean },
  ): Promise<InvoiceSuggestionDto[]> {
    if (line.paysInvoices || line.amount.startsWith('-')) return []
    const organizationId = tenant.organizationId
    const repo = createInvoiceSuggestionRepo(deps.db)
    const rows = await repo.candidates(organizationId)
    const ids = rows.map((row) => row.id)
    const payments = await paymentsOf(deps.db, organizationId, ids)
    const credited = await repo.credited(organizationId, ids)
    const waiting = await waitingPaymentsOf(deps.db, organizationId, ids)
    const open: OpenInvoice[] = rows.map((row) => ({
      id: row.id,
      reference: row.reference ?? '',
      customerId: row.contactId,
      customerName: row.snapshotName ?? row.contactName ?? '',
      datedAt: row.datedAt,
      leftToPay: remainingToPay(
        row.amount,
        payments(row.id).map((payment) => payment.amount),
        [credited.get(row.id) ?? '0'],
      ),
      waiting: waiting
        .filter((payment) => payment.invoiceId === row.id)
        .map((payment) => ({
          amount: payment.amount,
          paidAt: payment.paidAt,
          method: payment.method as PaymentMethod,
        })),
    }))
    const byId = new Map(open.map((invoice) => [invoice.id, invoice]))
    return suggestInvoicesForLine({ amount: line.amount, label: line.name, datedAt: line.datedAt }, open).map(
      (suggestion) => ({
        kind: suggestion.kind,
        reasons: suggestion.reasons,
        invoices: suggestion.invoiceIds.map((id) => {
          const invoice = byId.get(id) as OpenInvoice
          return {
            id,
            reference: invoice.reference,
            customerName: invoice.customerName,
            datedAt: invoice.datedAt,
            leftToPay: invoice.leftToPay,
          }
        }),
      }),
    )
  }
}
