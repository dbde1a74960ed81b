import { messages, type RulePreviewBody } from '@app/domain'
import { Box, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import type { ReactNode } from 'react'
import { useRulePreview } from '../../../components/rules/ruleQueries'
import { MatchList } from './MatchList'

const m = messages.rules

/** The preview waits for the typing to pause (~400 ms) before asking the server. */
export const PREVIEW_DEBOUNCE = 400

/**
 * The rule editor's live preview (spec/money.md §5: "A preview lists the transactions matching the conditions"): the
 * number of matching transactions and the latest of them, with the categories they have now.
 */
export function RulePreview({ body }: { body: RulePreviewBody | null }) {
  // The body is compared by value: a new object with the same conditions asks nothing new.
  const [debounced] = useDebouncedValue(body ? JSON.stringify(body) : null, PREVIEW_DEBOUNCE)
  const preview = useRulePreview(debounced ? (JSON.parse(debounced) as RulePreviewBody) : null)
  const waiting = body !== null && (debounced !== JSON.stringify(body) || preview.isFetching)

  let content: ReactNode
  if (body === null || debounced === null)
    content = (
      <Text size="sm" c="dimmed">
        {m.previewIncomplete}
      </Text>
    )
  else if (preview.isError)
    content = (
      <Text size="sm" c="red">
        {messages.generic.errorShort}
      </Text>
    )
  else if (!preview.data)
    content = (
      <Text size="sm" c="dimmed">
        Recherche des transactions…
      </Text>
    )
  else if (preview.data.total === 0) content = <Text size="sm">{m.previewEmpty}</Text>
  else
    content = (
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {m.previewCount(preview.data.total)}
          {preview.data.total > preview.data.transactions.length
            ? ` (les ${preview.data.transactions.length} plus récentes ci-dessous)`
            : ''}
        </Text>
        <Box mah={360} style={{ overflowY: 'auto' }}>
          <MatchList transactions={preview.data.transactions} label="Transactions qui correspondent" />
        </Box>
      </Stack>
    )

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="rule-preview-title" aria-busy={waiting}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h5" id="rule-preview-title">
            Aperçu
          </Title>
          {waiting ? <Loader size={14} aria-label="Chargement" /> : null}
        </Group>
        {content}
      </Stack>
    </Paper>
  )
}
