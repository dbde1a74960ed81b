import { z } from 'zod'
import { add, compare, isNegative, subtract, toCents } from '../money/arithmetic'
import { moneyString } from '../money/schema'
import { optionalBusinessDateField } from '../schemas/date-fields'

/**
 * Payments of an invoice (issue 30 "one model"): what the customer paid, when and how. A payment recorded by hand
 * (a cheque, cash, a transfer not imported yet) waits for its bank line; once reconciled with it, the bank line is the
 * payment. An invoice is paid when its payments and its credit notes cover its net to pay.
 */
export const PAYMENT_METHODS = ['TRANSFER', 'CARD', 'CHEQUE', 'CASH', 'DIRECT_DEBIT', 'OTHER'] as const
export type PaymentMethod = (typeof PAYMENT_METHODS)[number]

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  TRANSFER: 'Virement',
  CARD: 'Carte',
  CHEQUE: 'Chèque',
  CASH: 'Espèces',
  DIRECT_DEBIT: 'Prélèvement',
  OTHER: 'Autre',
}

export const paymentMessages = {
  methodInvalid: 'Choisis un moyen de paiement : virement, carte, chèque, espèces, prélèvement ou autre.',
  amountPositive: 'Le montant doit être supérieur à 0',
  amountTooHigh: (remaining: string) => `Le montant ne peut pas dépasser ce qui reste à payer (${remaining}).`,
  nothingToPay: 'Cette facture est déjà entièrement réglée.',
  notPayable: "Seule une facture validée d'un client peut recevoir un paiement.",
  reconciledPayment:
    'Ce paiement est rapproché de sa ligne bancaire : détache la ligne de la facture pour le supprimer.',
  recorded: 'Paiement enregistré.',
  deleted: 'Paiement supprimé.',
}

/** POST /invoices/{id}/payments: a payment recorded by hand; today and by transfer when not said. */
export const invoicePaymentSchema = z.strictObject({
  paidAt: optionalBusinessDateField(),
  amount: moneyString({ maxDecimals: 2 }).refine((value) => !isNegative(value) && value !== '0', {
    error: paymentMessages.amountPositive,
  }),
  method: z.enum(PAYMENT_METHODS, { error: paymentMessages.methodInvalid }).default('TRANSFER'),
})
export type InvoicePaymentBody = z.output<typeof invoicePaymentSchema>

/** What is left to pay of `netToPay` once `paid` (payments) and `credited` (credit notes, as positive amounts) count. */
export function remainingToPay(netToPay: string, paid: readonly string[], credited: readonly string[] = []): string {
  const left = subtract(
    netToPay,
    [...paid, ...credited].reduce((total, amount) => add(total, amount), '0'),
  )
  return toCents(isNegative(left) ? '0' : left)
}

/** Whether payments of `paid` in all settle a net to pay (to the cent). */
export const settles = (netToPay: string, paid: string): boolean => compare(paid, netToPay) >= 0

/**
 * The payments recorded by hand that a bank line attached to their invoice carries (decision 0034): the first one of
 * the line's amount, else all of them when together they make it (a remittance of several cheques), else none — the
 * line then pays what they leave, and they keep waiting for their own.
 */
export function paymentsCarriedBy<P extends { id: number; amount: string }>(
  waiting: readonly P[],
  lineAmount: string,
): P[] {
  const single = waiting.find((payment) => compare(payment.amount, lineAmount) === 0)
  if (single) return [single]
  const total = waiting.reduce((sum, payment) => add(sum, payment.amount), '0')
  return waiting.length > 1 && compare(total, lineAmount) === 0 ? [...waiting] : []
}
