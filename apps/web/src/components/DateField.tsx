import { formatDateFr, isIsoDate, parseDateFr } from '@app/domain'
import { DateInput, type DateInputProps } from '@mantine/dates'
import { useRef, useState } from 'react'
import { fieldLimitTexts } from './TextLimitTexts'

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'fixOnBlur'
> & {
  /** 'YYYY-MM-DD'; empty or null for no date; any other text is what was typed and is not a day. */
  value?: string | null
  /**
   * A day 'YYYY-MM-DD', null once emptied, or, on leaving the field, the text typed when it is not a day: a form that
   * holds it refuses it (the domain's date fields), so an impossible date is never saved as the previous one.
   */
  onChange: (value: string | null) => void
}

const LOOKS_LIKE_A_DATE = /^\d{1,2}\/\d{1,2}\/\d{4}$/

/** Why a text typed in a date field is not a day, or null when it is one (or nothing). */
export function dateFieldError(value: string | null | undefined): string | null {
  const text = value?.trim() ?? ''
  if (text === '' || isIsoDate(text)) return null
  return LOOKS_LIKE_A_DATE.test(text) ? fieldLimitTexts.dateImpossible(text) : fieldLimitTexts.dateUnreadable
}

/**
 * A date typed or picked as "03/03/2026" (DESIGN.md "Web"). Mantine's DateInput puts the previous date back when the
 * text is not a day (31/02/2026), without a word; here the text stays, the field says why it is not a date, and the
 * form is given that text so that it cannot be sent as if nothing had been typed.
 */
export function DateField({ value, onChange, onFocus, onBlur, error, ...props }: DateFieldProps) {
  const invalid = dateFieldError(value)
  // The day the calendar keeps while the text is not one, so that DateInput does not write over what was typed.
  const lastDay = useRef<string | null>(null)
  if (isIsoDate(value)) lastDay.current = value
  else if (!invalid) lastDay.current = null
  // DateInput's text cannot be set from outside: a fresh one shows the value. Used when a day typed as "3/3/2026" is
  // left (shown as 03/03/2026) and when a form puts a day back over a typed text (reset, saved values).
  const [generation, setGeneration] = useState(0)
  const focused = useRef(false)
  const wasInvalid = useRef(false)
  if (wasInvalid.current && !invalid && !focused.current) setGeneration(generation + 1)
  wasInvalid.current = invalid !== null

  return (
    <DateInput
      key={generation}
      valueFormat="DD/MM/YYYY"
      placeholder="jj/mm/aaaa"
      {...props}
      dateParser={(text) => parseDateFr(text)}
      fixOnBlur={false}
      value={isIsoDate(value) ? value : invalid ? lastDay.current : null}
      onChange={(day) => {
        // The day picked is the one DateInput already holds: its text would not change by itself.
        if (invalid && day === lastDay.current) setGeneration(generation + 1)
        onChange(day)
      }}
      onFocus={(event) => {
        focused.current = true
        onFocus?.(event)
      }}
      onBlur={(event) => {
        focused.current = false
        const text = event.currentTarget.value.trim()
        const day = parseDateFr(text)
        if (text === '') {
          if (value) onChange(null)
        } else if (day === null) {
          if (text !== value) onChange(text)
        } else if (text !== formatDateFr(day)) setGeneration(generation + 1)
        onBlur?.(event)
      }}
      error={invalid ?? error}
    />
  )
}
