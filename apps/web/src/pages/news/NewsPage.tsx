import { formatDateFr, messages } from '@app/domain'
import { Badge, Center, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core'
import { ErrorState } from '../../components/ErrorState'
import { CHANGELOG_TAG_COLORS, useChangelog } from '../../components/news/queries'

/** /app/news: every news item of the product, newest first, opened from the dashboard's ticker. */
export function NewsPage() {
  const changelog = useChangelog()

  return (
    <Stack gap="lg" maw={820} mx="auto" w="100%">
      <Title order={1} size="h2">
        {messages.news.title}
      </Title>
      {changelog.isPending ? (
        <Center py="xl">
          <Loader aria-label="Chargement" />
        </Center>
      ) : changelog.isError ? (
        <ErrorState onRetry={() => changelog.refetch()} />
      ) : changelog.data.data.length === 0 ? (
        <Text c="dimmed">{messages.news.empty}</Text>
      ) : (
        <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {changelog.data.data.map((entry) => (
            <Paper component="li" key={entry.id} withBorder radius="md" p="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
                <Stack gap={4}>
                  <Text fw={600}>{entry.title}</Text>
                  <Text size="sm" c="dimmed" component="time" dateTime={entry.valuedAt}>
                    {formatDateFr(entry.valuedAt)}
                  </Text>
                </Stack>
                <Group gap={4} wrap="nowrap">
                  {entry.tags.map((tag) => (
                    <Badge key={tag} variant="light" color={CHANGELOG_TAG_COLORS[tag]}>
                      {messages.news.tags[tag]}
                    </Badge>
                  ))}
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
