import {
  computeDeposit,
  DEPOSIT_TYPES,
  type DepositType,
  depositRequestSchema,
  formatEuro,
  messages,
  parseMoneyInput,
  type QuoteDto,
} from '@app/domain'
import { SegmentedControl, Table, Text } from '@mantine/core'
import { useMediaQuery } from '@mantine/hooks'
import { useEffect, useState } from 'react'
import { ApiError } from '../../../lib/api'
import { toastSuccess } from '../../../lib/toast'
import { MoneyInput } from '../../MoneyInput'
import { useCreateDeposit } from '../documentQueries'
import { toastActionError } from '../documentUi'
import { FormModal } from '../FormModal'

export const depositTexts = {
  type: "Type d'acompte",
  labels: { percent: 'Pourcentage', amount_without_taxes: 'Montant HT', amount_with_taxes: 'Montant TTC' },
  percentage: 'Pourcentage (%)',
  amount: (type: DepositType) => (type === 'amount_with_taxes' ? 'Montant TTC' : 'Montant HT'),
  base: (type: DepositType) => (type === 'amount_with_taxes' ? 'Base TTC' : 'Base HT'),
  remaining: 'Reste à facturer',
  deposit: "Montant de l'acompte",
  submit: "Créer la facture d'acompte",
  cancel: 'Annuler',
} satisfies Record<string, unknown>

type Computed = { base: string; remaining: string; deposit: string | null }

/** base, remaining and the deposit, live, from the domain's computeDeposit (spec/sales.md §4). */
function compute(
  quote: QuoteDto,
  type: DepositType,
  amount: string | null,
  percentage: string | null,
): Computed | null {
  const input = {
    type,
    quote: { totalTaxExcluded: quote.totalTaxExcluded, totalTaxIncluded: quote.totalTaxIncluded },
    existing: quote.deposits
      .filter((deposit) => deposit.state.code !== 'CANCELED')
      .map((deposit) => ({ totalTaxExcluded: deposit.totalTaxExcluded, totalTaxIncluded: deposit.totalTaxIncluded })),
  }
  try {
    const given = amount !== null || percentage !== null
    const result = computeDeposit({ ...input, amount, percentage: given ? percentage : '0' })
    return { base: result.base, remaining: result.remaining, deposit: given ? result.deposit : null }
  } catch {
    return null
  }
}

/** 'Enregistrer un acompte': a type (percentage, amount HT or TTC), its value, and what it gives. */
export function DepositModal({ quote, onClose }: { quote: QuoteDto | null; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 30em)')
  const [type, setType] = useState<DepositType>('percent')
  const [percentage, setPercentage] = useState('')
  const [amount, setAmount] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const create = useCreateDeposit()
  useEffect(() => {
    if (quote) {
      setType('percent')
      setPercentage('')
      setAmount('')
      setErrors({})
    }
  }, [quote])

  const body = {
    amount: type === 'percent' ? null : parseMoneyInput(amount),
    percentage: type === 'percent' ? parseMoneyInput(percentage) : null,
    deposit_type: type,
  }
  const computed = quote ? compute(quote, type, body.amount, body.percentage) : null
  const show = (value: string | null | undefined) => (value == null ? '—' : formatEuro(value))

  return (
    <FormModal
      opened={quote !== null}
      onClose={onClose}
      title={messages.documents.depositTitle}
      noValidate
      onSubmit={() => {
        if (!quote) return
        const checked = depositRequestSchema.safeParse(body)
        if (!checked.success) {
          const found: Record<string, string> = {}
          for (const issue of checked.error.issues) found[issue.path.join('.')] ??= issue.message
          return setErrors(found)
        }
        setErrors({})
        create.mutate(
          { id: quote.id, ...body },
          {
            onSuccess: () => {
              toastSuccess(messages.documents.depositCreated)
              onClose()
            },
            onError: (error) => {
              const fields = error instanceof ApiError ? error.fieldErrors : {}
              if (fields.amount || fields.percentage) setErrors(fields)
              else toastActionError(error)
            },
          },
        )
      }}
      cancelLabel={depositTexts.cancel}
      submitLabel={depositTexts.submit}
      loading={create.isPending}
    >
      <SegmentedControl
        aria-label={depositTexts.type}
        fullWidth
        // On a phone the three labels only fit side by side in the smaller size ("Montant TTC" was cut off).
        size={phone ? 'xs' : 'sm'}
        value={type}
        onChange={(value) => {
          // Changing the type clears both values (spec/sales.md §4).
          setType(value as DepositType)
          setPercentage('')
          setAmount('')
          setErrors({})
        }}
        data={DEPOSIT_TYPES.map((value) => ({ value, label: depositTexts.labels[value] }))}
      />
      {type === 'percent' ? (
        <MoneyInput
          label={depositTexts.percentage}
          required
          value={percentage}
          onChange={setPercentage}
          error={errors.percentage}
          data-autofocus
        />
      ) : (
        <MoneyInput
          label={depositTexts.amount(type)}
          required
          value={amount}
          onChange={setAmount}
          error={errors.amount}
          data-autofocus
        />
      )}
      <Table fz="sm" aria-label="Calcul de l'acompte">
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{depositTexts.base(type)}</Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {show(computed?.base)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td>{depositTexts.remaining}</Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {show(computed?.remaining)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>{depositTexts.deposit}</Table.Td>
            <Table.Td ta="right" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
              {show(computed?.deposit)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {errors[''] ? (
        <Text c="red" size="sm">
          {errors['']}
        </Text>
      ) : null}
    </FormModal>
  )
}
