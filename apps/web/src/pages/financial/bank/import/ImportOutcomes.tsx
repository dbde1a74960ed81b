import { Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconAlertTriangle, IconArrowRight, IconCheck } from '@tabler/icons-react'
import { Link } from 'react-router'
import { ItemList } from '../../../../components/ItemList'
import { importSummary } from './statementImport'
import type { ImportOutcome } from './useStatementImports'

/** The files imported on this visit, newest first: their counts or the server's message, and the way to the list. */
export function ImportOutcomes({ outcomes }: { outcomes: ImportOutcome[] }) {
  if (outcomes.length === 0) return null
  const anyImported = outcomes.some((outcome) => outcome.counts)
  return (
    <Stack gap="sm" component="section" aria-label="Relevés importés">
      <ItemList>
        {outcomes.map((outcome) => (
          <Paper key={outcome.key} component="li" withBorder radius="md" p="sm" aria-label={outcome.fileName}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon
                variant="light"
                color={outcome.counts ? 'teal' : 'red'}
                radius="xl"
                size={28}
                style={{ flexShrink: 0 }}
              >
                {outcome.counts ? <IconCheck size={16} /> : <IconAlertTriangle size={16} />}
              </ThemeIcon>
              <Stack gap={2} miw={0}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {outcome.fileName}
                  <Text span size="sm" c="dimmed" fw={400}>
                    {' '}
                    · {outcome.account}
                  </Text>
                </Text>
                {outcome.counts ? (
                  <Text size="sm">{importSummary(outcome.counts)}</Text>
                ) : (
                  <Text size="sm" c="red" role="alert" style={{ overflowWrap: 'anywhere' }}>
                    {outcome.error}
                  </Text>
                )}
              </Stack>
            </Group>
          </Paper>
        ))}
      </ItemList>
      {anyImported ? (
        <Group justify="flex-end">
          <Button component={Link} to="/app/financial/bank" variant="light" rightSection={<IconArrowRight size={16} />}>
            Voir les transactions
          </Button>
        </Group>
      ) : null}
    </Stack>
  )
}
