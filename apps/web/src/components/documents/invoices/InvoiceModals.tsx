import {
  compare,
  formatEuro,
  type InvoiceDto,
  invoicePaymentSchema,
  isIsoDate,
  isPositive,
  messages,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type PaymentMethod,
  parseMoneyInput,
  paymentMessages,
  toCents,
  todayInParis,
} from '@app/domain'
import { Select, SimpleGrid, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { ApiError } from '../../../lib/api'
import { zodValidate } from '../../../lib/form'
import { toastSuccess, toastWithTitle } from '../../../lib/toast'
import { MoneyInput } from '../../MoneyInput'
import { useCreditNote, useMarkInvoiceAsPaid, useRecordInvoicePayment } from '../documentQueries'
import { toastActionError } from '../documentUi'
import { FormModal } from '../FormModal'
import { modalTexts } from './invoiceModalTexts'
import { PaymentDateInput } from './PaymentDateInput'

const METHOD_OPTIONS = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))

/** How the customer paid: the six means, a transfer first (the server's default). */
function PaymentMethodSelect({
  value,
  onChange,
  error,
}: {
  value: PaymentMethod
  onChange: (method: PaymentMethod) => void
  error?: string
}) {
  return (
    <Select
      label={modalTexts.paymentMethod}
      required
      data={METHOD_OPTIONS}
      value={value}
      onChange={(method) => method && onChange(method as PaymentMethod)}
      allowDeselect={false}
      checkIconPosition="right"
      comboboxProps={{ withinPortal: true }}
      error={error}
    />
  )
}

/** The server's errors keyed by one of `fields`; null when it said nothing about them (a toast then). */
function fieldErrorsOf(error: unknown, fields: readonly string[]): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null
  const known = Object.entries(error.fieldErrors).filter(([field]) => fields.includes(field))
  return known.length > 0 ? Object.fromEntries(known) : null
}

/**
 * "Marquer comme payée": asks the payment date (today by default) and how it was paid; the server records a payment
 * of all that is left. A credit note marked paid (refunded) keeps only its date: no means asked.
 */
export function MarkAsPaidModal({ invoice, onClose }: { invoice: InvoiceDto | null; onClose: () => void }) {
  const [date, setDate] = useState<string | null>(todayInParis())
  const [method, setMethod] = useState<PaymentMethod>('TRANSFER')
  const [dateError, setDateError] = useState<string | null>(null)
  const markAsPaid = useMarkInvoiceAsPaid()
  useEffect(() => {
    if (invoice) {
      setDate(todayInParis())
      setMethod('TRANSFER')
      setDateError(null)
    }
  }, [invoice])
  const withMethod = invoice !== null && !invoice.isCreditNote
  return (
    <FormModal
      opened={invoice !== null}
      onClose={onClose}
      title={modalTexts.markAsPaidTitle}
      onSubmit={() => {
        if (!invoice || !isIsoDate(date)) return
        setDateError(null)
        markAsPaid.mutate(
          { id: invoice.id, paymentDateAt: date, ...(withMethod ? { method } : {}) },
          {
            onSuccess: () => {
              toastSuccess()
              onClose()
            },
            onError: (failure) => {
              const fieldErrors = fieldErrorsOf(failure, ['paymentDateAt'])
              if (fieldErrors?.paymentDateAt) setDateError(fieldErrors.paymentDateAt)
              else toastActionError(failure)
            },
          },
        )
      }}
      cancelLabel={modalTexts.cancel}
      submitLabel={modalTexts.save}
      loading={markAsPaid.isPending}
      disabled={!isIsoDate(date)}
    >
      {withMethod && isPositive(invoice.remainingToPay) ? (
        <Text size="sm" c="dimmed">
          {modalTexts.paysWhatIsLeft(formatEuro(invoice.remainingToPay))}
        </Text>
      ) : null}
      <PaymentDateInput label={modalTexts.paymentDate} required value={date} onChange={setDate} error={dateError} />
      {withMethod ? <PaymentMethodSelect value={method} onChange={setMethod} /> : null}
    </FormModal>
  )
}

type PaymentValues = { paidAt: string | null; amount: string; method: PaymentMethod }
type PaymentErrors = Partial<Record<keyof PaymentValues, string>>

const PAYMENT_FIELDS = ['paidAt', 'amount', 'method'] as const
const validatePayment = zodValidate(invoicePaymentSchema)

/** "700.00" as the amount field shows it: "700,00". */
const asTyped = (amount: string) => amount.replace('.', ',')

/**
 * The shared schema's checks (amount, 2 decimals, means), then what the form knows of the invoice: a date is asked,
 * not before the invoice's own, and at most what is left to pay (the server says the same, in the same words).
 */
function paymentErrors(values: PaymentValues, invoice: InvoiceDto): PaymentErrors {
  const errors: PaymentErrors = validatePayment(values)
  if (!values.paidAt) errors.paidAt ??= messages.validation.required
  else if (values.paidAt < invoice.datedAt) errors.paidAt ??= messages.documents.paymentDateBeforeIssue
  const amount = parseMoneyInput(values.amount)
  if (!errors.amount && amount !== null && compare(amount, invoice.remainingToPay) > 0)
    errors.amount = paymentMessages.amountTooHigh(formatEuro(invoice.remainingToPay))
  return errors
}

/**
 * "Enregistrer un paiement": a payment received by hand (a cheque, cash, a transfer not imported yet): its date (today
 * by default), its amount (what is left to pay by default, less for an instalment) and its means. The server's field
 * errors go under their field; what was typed stays.
 */
export function RecordPaymentModal({ invoice, onClose }: { invoice: InvoiceDto | null; onClose: () => void }) {
  const [values, setValues] = useState<PaymentValues>({ paidAt: todayInParis(), amount: '', method: 'TRANSFER' })
  const [errors, setErrors] = useState<PaymentErrors>({})
  const record = useRecordInvoicePayment()
  useEffect(() => {
    if (invoice) {
      setValues({ paidAt: todayInParis(), amount: asTyped(invoice.remainingToPay), method: 'TRANSFER' })
      setErrors({})
    }
  }, [invoice])
  const change = <K extends keyof PaymentValues>(field: K, value: PaymentValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }
  return (
    <FormModal
      opened={invoice !== null}
      onClose={onClose}
      title={modalTexts.recordPaymentTitle}
      noValidate
      onSubmit={() => {
        if (!invoice) return
        const found = paymentErrors(values, invoice)
        setErrors(found)
        if (Object.values(found).some(Boolean)) return
        const body = invoicePaymentSchema.parse(values)
        record.mutate(
          { id: invoice.id, ...body, amount: toCents(body.amount) },
          {
            onSuccess: () => {
              toastSuccess(paymentMessages.recorded)
              onClose()
            },
            onError: (failure) => {
              const fieldErrors = fieldErrorsOf(failure, PAYMENT_FIELDS)
              if (fieldErrors) setErrors(fieldErrors)
              else toastActionError(failure)
            },
          },
        )
      }}
      cancelLabel={modalTexts.cancel}
      submitLabel={modalTexts.save}
      loading={record.isPending}
    >
      {invoice ? (
        <Text size="sm" c="dimmed">
          {modalTexts.remainingToPay(formatEuro(invoice.remainingToPay))}
        </Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <PaymentDateInput
          label={modalTexts.paymentDate}
          required
          value={values.paidAt}
          onChange={(date) => change('paidAt', date)}
          error={errors.paidAt}
        />
        <MoneyInput
          label={modalTexts.paymentAmount}
          required
          rightSection="€"
          value={values.amount}
          onChange={(amount) => change('amount', amount)}
          error={errors.amount}
          data-autofocus
        />
      </SimpleGrid>
      <PaymentMethodSelect
        value={values.method}
        onChange={(method) => change('method', method)}
        error={errors.method}
      />
    </FormModal>
  )
}

/** "Avoir partiel": an amount TTC, at most what remains to credit; the server's field errors go under the field. */
export function PartialCreditModal({ invoice, onClose }: { invoice: InvoiceDto | null; onClose: () => void }) {
  const [amount, setAmount] = useState('')
  const [error, setError] = useState<string | null>(null)
  const creditNote = useCreditNote()
  useEffect(() => {
    if (invoice) {
      setAmount('')
      setError(null)
    }
  }, [invoice])
  const remaining = invoice?.remainingToCredit ?? '0'
  return (
    <FormModal
      opened={invoice !== null}
      onClose={onClose}
      title={modalTexts.partialTitle}
      noValidate
      onSubmit={() => {
        if (!invoice) return
        const value = parseMoneyInput(amount)
        if (value === null) return setError(messages.validation.required)
        if (Number(value) <= 0) return setError(messages.documents.amountPositive)
        if (Number(value) > Number(remaining)) return setError(messages.documents.creditTooHigh(formatEuro(remaining)))
        setError(null)
        creditNote.mutate(
          { id: invoice.id, partial: true, amount: value },
          {
            onSuccess: () => {
              toastWithTitle({
                title: messages.documents.creditNoteCreated,
                message: messages.documents.creditNoteCreatedText,
              })
              onClose()
            },
            onError: (failure) => {
              const fieldError = failure instanceof ApiError ? failure.fieldErrors.amount : undefined
              if (fieldError) setError(fieldError)
              else toastActionError(failure)
            },
          },
        )
      }}
      cancelLabel={modalTexts.cancel}
      submitLabel={modalTexts.createCreditNote}
      loading={creditNote.isPending}
    >
      <Text size="sm" c="dimmed">
        {modalTexts.remainingToCredit(formatEuro(remaining))}
      </Text>
      <MoneyInput
        label={modalTexts.partialAmount}
        required
        value={amount}
        onChange={setAmount}
        error={error}
        data-autofocus
      />
    </FormModal>
  )
}
