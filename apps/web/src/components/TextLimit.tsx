import { Input } from '@mantine/core'
import { type ChangeEvent, cloneElement, isValidElement, type ReactNode, useState } from 'react'
import { fieldLimitTexts } from './TextLimitTexts'

type FieldProps = {
  value?: unknown
  maxLength?: number
  error?: ReactNode
  onChange?: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void
}

/**
 * Holds a text field's `maxLength` as a limit to tell, not a cut: the browser would shorten a paste without a word
 * (a 10,000-character name saved as its first 249). The field keeps everything typed, turns red and says the maximum
 * and how much was typed; the form's own check (the domain's schema, same maximum) then refuses to send it.
 * Mantine's `inputContainer` hands us the input element: every TextInput and Textarea gets this through the theme.
 */
export function TextLimit({ children }: { children: ReactNode }) {
  // An uncontrolled field (no `value`) is measured as it changes.
  const [typedLength, setTypedLength] = useState(0)
  if (!isValidElement<FieldProps>(children)) return children
  const { maxLength, value, error, onChange } = children.props
  if (typeof maxLength !== 'number') return children
  const length = typeof value === 'string' ? value.length : typedLength
  const over = length > maxLength
  const input = cloneElement(children, {
    maxLength: undefined,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      setTypedLength(event.currentTarget.value.length)
      onChange?.(event)
    },
    ...(over && !error ? { error: true } : {}),
  })
  return (
    <>
      {input}
      {over && !error ? (
        <Input.Error role="status" mt={5}>
          {fieldLimitTexts.textTooLong(maxLength, length)}
        </Input.Error>
      ) : null}
    </>
  )
}

/** The theme's `inputContainer` for text fields. */
export const textLimitContainer = (children: ReactNode) => <TextLimit>{children}</TextLimit>
