import { CloseButton, TextInput, type TextInputProps } from '@mantine/core'
import { IconSearch } from '@tabler/icons-react'

type Props = Omit<TextInputProps, 'value' | 'onChange'> & {
  /** Its accessible name, and its placeholder unless another is given. */
  label: string
  value: string
  onChange: (value: string) => void
}

/** A search box with the magnifier, at most 249 characters (spec §5 "Inputs"), and a cross that empties it. */
export function SearchField({ label, value, onChange, placeholder, maxLength = 249, ...rest }: Props) {
  return (
    <TextInput
      aria-label={label}
      placeholder={placeholder ?? label}
      leftSection={<IconSearch size={16} />}
      value={value}
      maxLength={maxLength}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={
        value ? <CloseButton size="sm" aria-label="Effacer la recherche" onClick={() => onChange('')} /> : null
      }
      {...rest}
    />
  )
}
