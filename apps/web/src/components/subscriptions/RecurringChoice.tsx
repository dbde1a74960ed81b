import type { CreationOption, EndingType } from '@app/domain'
import { Radio, Stack } from '@mantine/core'

/** How a recurring invoice ends, and what each occurrence does: the editor's and the sales settings' choices. */
export const ENDING_TYPE_CHOICES: { value: EndingType; label: string }[] = [
  { value: 'date', label: 'À une date' },
  { value: 'occurrences', label: "Après un nombre d'échéances" },
]

export const CREATION_OPTION_CHOICES: { value: CreationOption; label: string }[] = [
  { value: 'draft', label: 'Créer un brouillon à valider' },
  { value: 'send', label: 'Valider et envoyer par e-mail' },
]

/** One of those choices as radio buttons. */
export function RecurringChoice<T extends string>({
  label,
  choices,
  value,
  onChange,
  error,
  withAsterisk,
  disabled,
}: {
  label: string
  choices: { value: T; label: string }[]
  value: T
  onChange: (value: T) => void
  error?: unknown
  withAsterisk?: boolean
  disabled?: boolean
}) {
  return (
    <Radio.Group
      label={label}
      withAsterisk={withAsterisk}
      value={value}
      error={error as string | undefined}
      onChange={(next) => onChange(next as T)}
    >
      <Stack gap="xs" mt={6}>
        {choices.map((choice) => (
          <Radio key={choice.value} value={choice.value} label={choice.label} disabled={disabled} />
        ))}
      </Stack>
    </Radio.Group>
  )
}
