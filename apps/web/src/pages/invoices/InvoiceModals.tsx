import { formatEuro, type InvoiceDto, messages, parseMoneyInput, todayInParis } from '@app/domain'
import { Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { MoneyInput } from '../../components/MoneyInput'
import { ApiError } from '../../lib/api'
import { toastSuccess, toastWithTitle } from '../../lib/toast'
import { useCreditNote, useMarkInvoiceAsPaid } from '../documents/documentQueries'
import { FormModal } from '../documents/FormModal'
import { toastActionError } from './documentUi'
import { modalTexts } from './invoiceModalTexts'
import { PaymentDateInput } from './PaymentDateInput'

/** "Marquer comme payée": asks the payment date, today by default. */
export function MarkAsPaidModal({ invoice, onClose }: { invoice: InvoiceDto | null; onClose: () => void }) {
  const [date, setDate] = useState<string | null>(todayInParis())
  const markAsPaid = useMarkInvoiceAsPaid()
  useEffect(() => {
    if (invoice) setDate(todayInParis())
  }, [invoice])
  return (
    <FormModal
      opened={invoice !== null}
      onClose={onClose}
      title={modalTexts.markAsPaidTitle}
      onSubmit={() => {
        if (!invoice || !date) return
        markAsPaid.mutate(
          { id: invoice.id, paymentDateAt: date },
          {
            onSuccess: () => {
              toastSuccess()
              onClose()
            },
            onError: toastActionError,
          },
        )
      }}
      cancelLabel={modalTexts.cancel}
      submitLabel={modalTexts.save}
      loading={markAsPaid.isPending}
      disabled={!date}
    >
      <PaymentDateInput label={modalTexts.paymentDate} required value={date} onChange={setDate} />
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
