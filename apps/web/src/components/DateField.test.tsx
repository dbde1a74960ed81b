import { messages, optionalBusinessDateField } from '@app/domain'
import { Button, MantineProvider } from '@mantine/core'
import { type FormValidateInput, useForm } from '@mantine/form'
import { fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { theme } from '../app/theme'
import { zodValidate } from '../lib/form'
import { DateField } from './DateField'

/** Types as a person does: the text changes, then the field is left. */
function typeAndLeave(input: HTMLElement, text: string) {
  fireEvent.focus(input)
  fireEvent.input(input, { target: { value: text } })
  fireEvent.blur(input)
}

function Controlled({ initial, onChange }: { initial: string | null; onChange?: (value: string | null) => void }) {
  const [value, setValue] = useState(initial)
  return (
    <>
      <DateField
        label="Date"
        value={value}
        onChange={(next) => {
          onChange?.(next)
          setValue(next)
        }}
      />
      <Button onClick={() => setValue('2026-05-01')}>Remettre le 1er mai</Button>
      <output data-testid="value">{String(value)}</output>
    </>
  )
}

type Dated = { datedAt: string | null }

/** A form of one date, validated as the pages validate theirs. */
function DatedForm({ validate, submit }: { validate: FormValidateInput<Dated>; submit: (values: Dated) => void }) {
  const form = useForm<Dated>({ initialValues: { datedAt: '2026-03-03' }, validate })
  return (
    <form onSubmit={form.onSubmit(submit)}>
      <DateField label="Date" {...form.getInputProps('datedAt')} />
      <Button type="submit">Enregistrer</Button>
    </form>
  )
}

const renderField = (ui: React.ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>)

describe('DateField', () => {
  it('keeps an impossible date as typed and says why, instead of putting the previous date back', () => {
    const onChange = vi.fn()
    renderField(<Controlled initial="2026-03-03" onChange={onChange} />)
    const input = screen.getByRole('textbox', { name: 'Date' })
    expect((input as HTMLInputElement).value).toBe('03/03/2026')
    typeAndLeave(input, '31/02/2026')
    expect((input as HTMLInputElement).value).toBe('31/02/2026')
    expect(screen.getByText("Le 31/02/2026 n'existe pas : vérifie le jour et le mois")).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    // The form holds what was typed, which no date schema accepts: it cannot be sent as the 3rd of March.
    expect(onChange).toHaveBeenLastCalledWith('31/02/2026')
  })

  it('says how to write a date when the text cannot be read, even in an empty field', () => {
    renderField(<Controlled initial={null} />)
    const input = screen.getByRole('textbox', { name: 'Date' })
    typeAndLeave(input, 'demain')
    expect((input as HTMLInputElement).value).toBe('demain')
    expect(screen.getByText('Écris la date sous la forme jj/mm/aaaa (par exemple 03/03/2026)')).toBeTruthy()
    expect(screen.getByTestId('value').textContent).toBe('demain')
  })

  it('takes a real day typed short, writes it in full on leaving, and the message goes', () => {
    renderField(<Controlled initial="2026-03-03" />)
    const input = screen.getByRole('textbox', { name: 'Date' })
    typeAndLeave(input, '31/02/2026')
    typeAndLeave(screen.getByRole('textbox', { name: 'Date' }), '4/3/2026')
    expect(screen.getByTestId('value').textContent).toBe('2026-03-04')
    expect((screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement).value).toBe('04/03/2026')
    expect(screen.queryByText(/n'existe pas/)).toBeNull()
  })

  it('shows the day a form puts back over a typed text, even the day it held before', () => {
    renderField(<Controlled initial="2026-05-01" />)
    typeAndLeave(screen.getByRole('textbox', { name: 'Date' }), '31/02/2026')
    fireEvent.click(screen.getByRole('button', { name: 'Remettre le 1er mai' }))
    expect((screen.getByRole('textbox', { name: 'Date' }) as HTMLInputElement).value).toBe('01/05/2026')
    expect(screen.queryByText(/n'existe pas/)).toBeNull()
  })

  it('reports an emptied field as no date, for the form to say it is required', () => {
    renderField(<Controlled initial="2026-03-03" />)
    typeAndLeave(screen.getByRole('textbox', { name: 'Date' }), '')
    expect(screen.getByTestId('value').textContent).toBe('null')
  })

  it('stops a form validated by a date schema from submitting an impossible date', () => {
    const submit = vi.fn()
    renderField(
      <DatedForm
        validate={{
          datedAt: (value) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? null : "La date n'est pas valide"),
        }}
        submit={submit}
      />,
    )
    typeAndLeave(screen.getByRole('textbox', { name: 'Date' }), '31/02/2026')
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(submit).not.toHaveBeenCalled()
    expect(screen.getByText("Le 31/02/2026 n'existe pas : vérifie le jour et le mois")).toBeTruthy()
  })

  it('says which years a date may fall in when a typo reaches the year 9999, and does not submit it', () => {
    const submit = vi.fn()
    const validate = zodValidate(z.strictObject({ datedAt: optionalBusinessDateField() }))
    renderField(<DatedForm validate={validate} submit={submit} />)
    typeAndLeave(screen.getByRole('textbox', { name: 'Date' }), '15/01/9999')
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }))
    expect(submit).not.toHaveBeenCalled()
    expect(screen.getByText(messages.validation.dateOutOfRange)).toBeTruthy()
  })
})
