import type { TransactionSuggestionDto } from '@app/domain'
import { Button, Group, Text } from '@mantine/core'
import { IconSparkles } from '@tabler/icons-react'

/** Up to three categories proposed for an uncategorised transaction (spec/money.md §4); one click fills the line. */
export function SuggestionChips({
  suggestions,
  onPick,
}: {
  suggestions: TransactionSuggestionDto[]
  onPick: (suggestion: TransactionSuggestionDto) => void
}) {
  if (suggestions.length === 0) return null
  return (
    <Group gap="xs" role="group" aria-label="Suggestions">
      <Text size="xs" c="dimmed" style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}>
        <IconSparkles size={14} aria-hidden />
        Suggestions :
      </Text>
      {suggestions.slice(0, 3).map((suggestion) => (
        <Button
          key={suggestion.accountingEntry.id}
          size="compact-xs"
          variant="light"
          radius="xl"
          onClick={() => onPick(suggestion)}
        >
          {suggestion.accountingEntry.name}
        </Button>
      ))}
    </Group>
  )
}
