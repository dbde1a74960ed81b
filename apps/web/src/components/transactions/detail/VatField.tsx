import { ActionIcon, Badge, Group, TextInput, Tooltip } from '@mantine/core'
import { IconRestore } from '@tabler/icons-react'
import { useState } from 'react'
import { type DraftLine, fieldAmount } from './allocationDraft'

/**
 * A line's VAT (spec/money.md §4 "Tax amount on an allocation"): automatic, or typed by hand and then marked "man."
 * with a button back to automatic. What is typed is judged when the field is left (`onCommit`); the field then shows
 * the line's VAT again, so a refused entry reverts by itself. Read-only with several lines or on a locked transaction.
 */
export function VatField({
  line,
  editable,
  onCommit,
  onReset,
}: {
  line: DraftLine
  editable: boolean
  onCommit: (typed: string) => void
  onReset: () => void
}) {
  const [typed, setTyped] = useState<string | null>(null)
  const shown = typed ?? fieldAmount(line.taxAmount)
  return (
    <Group gap={4} align="flex-end" wrap="nowrap">
      <TextInput
        label="TVA"
        inputMode="decimal"
        autoComplete="off"
        maxLength={40}
        w={110}
        readOnly={!editable}
        variant={editable ? 'default' : 'filled'}
        value={shown}
        onFocus={() => editable && setTyped(fieldAmount(line.taxAmount))}
        onChange={(event) => editable && setTyped(event.currentTarget.value)}
        onBlur={() => {
          if (typed !== null) onCommit(typed)
          setTyped(null)
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur()
        }}
        styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      />
      {line.taxManual ? (
        <Tooltip label="TVA saisie à la main">
          <Badge variant="light" color="orange" size="sm" mb={8}>
            man.
          </Badge>
        </Tooltip>
      ) : null}
      {line.taxManual && editable ? (
        <Tooltip label="Revenir à la TVA automatique">
          <ActionIcon variant="subtle" color="gray" mb={6} aria-label="Revenir à la TVA automatique" onClick={onReset}>
            <IconRestore size={16} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  )
}
