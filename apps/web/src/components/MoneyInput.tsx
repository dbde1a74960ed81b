import { normalizeMoneyOnBlur, normalizeQuantityOnBlur } from '@app/domain'
import { TextInput, type TextInputProps } from '@mantine/core'
import { useRef } from 'react'

export type MoneyInputProps = Omit<TextInputProps, 'value' | 'onChange'> & {
  value: string
  onChange: (value: string) => void
  /** Money: at most 3 decimals once left; quantity: at most 5 (spec/money.md "Inputs"). */
  kind?: 'money' | 'quantity'
  /** An optional amount: emptying the field leaves it empty instead of reverting it. */
  allowEmpty?: boolean
}

/**
 * A number input as the spec wants it: typed freely ("1 234,5"), then on leaving formatted to at most 3 decimals
 * (5 for a quantity), without grouping, with a comma; an invalid entry reverts to the value it had on entering, or
 * '0'. Right-aligned, tabular figures.
 */
export function MoneyInput({
  value,
  onChange,
  onBlur,
  onFocus,
  kind = 'money',
  allowEmpty = false,
  styles,
  ...props
}: MoneyInputProps) {
  const initial = useRef(value)
  const normalize = kind === 'money' ? normalizeMoneyOnBlur : normalizeQuantityOnBlur
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      maxLength={40}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onFocus={(event) => {
        initial.current = value
        onFocus?.(event)
      }}
      onBlur={(event) => {
        const text = event.currentTarget.value
        const next =
          allowEmpty && text.trim() === '' ? '' : normalize(text, initial.current || null, { decimalSeparator: ',' })
        initial.current = next
        onChange(next)
        onBlur?.(event)
      }}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }, ...(styles as object) }}
      {...props}
    />
  )
}
