import { Button, Group, Paper, Text } from '@mantine/core'
import { formatInstantDateTime } from '../../../components/instant'
import { editorTexts } from './editorTexts'

/** The editor page's footer: the last update, and Enregistrer while the document can be edited. */
export function EditorFooter({
  updatedAt,
  dirty,
  readOnly,
  saving,
}: {
  updatedAt: string | null
  dirty: boolean
  readOnly: boolean
  saving: boolean
}) {
  const text =
    dirty && !readOnly ? editorTexts.unsaved : updatedAt ? editorTexts.updatedAt(formatInstantDateTime(updatedAt)) : ''
  return (
    <Paper
      withBorder
      radius="lg"
      px={{ base: 'md', sm: 'xl' }}
      py="sm"
      shadow="sm"
      pos="sticky"
      bottom={12}
      style={{ zIndex: 5 }}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap" mih={36}>
        <Text size="sm" c="dimmed" aria-live="polite">
          {text}
        </Text>
        {readOnly ? null : (
          <Button type="submit" loading={saving}>
            Enregistrer
          </Button>
        )}
      </Group>
    </Paper>
  )
}
