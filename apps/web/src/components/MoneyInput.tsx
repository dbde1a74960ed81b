import {
  isValidAmount,
  isValidQuantity,
  MONEY_INPUT_DECIMALS,
  normalizeMoneyOnBlur,
  normalizeQuantityOnBlur,
  QUANTITY_INPUT_DECIMALS,
  readUserNumber,
  roundTo,
} from '@app/domain'
import { TextInput, type TextInputProps } from '@mantine/core'
import { type ReactNode, useRef, useState } from 'react'
import { fieldLimitTexts } from './TextLimitTexts'

export type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string
  onChange: (value: string) => void
  /** Money: at most 3 decimals once left; quantity: at most 5 (spec/money.md "Inputs"). */
  kind?: 'money' | 'quantity'
  /** An optional amount: emptying the field leaves it empty instead of reverting it. */
  allowEmpty?: boolean
}

/** Why a typed text is put back on leaving the field, or null when it is kept. */
export function revertReason(text: string, kind: 'money' | 'quantity' = 'money'): string | null {
  if (text.trim() === '') return null
  const read = readUserNumber(text)
  const money = kind === 'money'
  if (read === null) return money ? fieldLimitTexts.amountInvalid : fieldLimitTexts.quantityInvalid
  const rounded = roundTo(read.toFixed(), money ? MONEY_INPUT_DECIMALS : QUANTITY_INPUT_DECIMALS)
  if (money ? isValidAmount(rounded) : isValidQuantity(rounded)) return null
  return money ? fieldLimitTexts.amountTooLarge : fieldLimitTexts.quantityTooLarge
}

/**
 * A number input as the spec wants it: typed freely ("1 234,5"), then on leaving formatted to at most 3 decimals
 * (5 for a quantity), without grouping, with a comma; an invalid entry reverts to the value it had on entering, or
 * '0', and the field says why until it is typed in again (99 999 999 999 999 € is beyond what an amount holds).
 * Right-aligned, tabular figures.
 */
export function MoneyInput({
  value,
  onChange,
  onBlur,
  onFocus,
  kind = 'money',
  allowEmpty = false,
  styles,
  error,
  ...props
}: MoneyInputProps) {
  const initial = useRef(value)
  const [reverted, setReverted] = useState<string | null>(null)
  const normalize = kind === 'money' ? normalizeMoneyOnBlur : normalizeQuantityOnBlur
  const shownError: ReactNode =
    reverted && error ? (
      <>
        {reverted}
        <br />
        {error}
      </>
    ) : (
      (reverted ?? error)
    )
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      // No length limit: a long number is refused by its value, with the reason, not cut by the browser.
      inputContainer={(children) => children}
      value={value}
      onChange={(event) => {
        setReverted(null)
        onChange(event.currentTarget.value)
      }}
      onFocus={(event) => {
        initial.current = value
        onFocus?.(event)
      }}
      onBlur={(event) => {
        const text = event.currentTarget.value
        const empty = allowEmpty && text.trim() === ''
        const next = empty ? '' : normalize(text, initial.current || null, { decimalSeparator: ',' })
        setReverted(empty ? null : revertReason(text, kind))
        initial.current = next
        onChange(next)
        onBlur?.(event)
      }}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }, ...(styles as object) }}
      error={shownError}
      {...props}
    />
  )
}
