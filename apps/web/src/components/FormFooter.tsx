import { Button, Group, Paper, Text } from '@mantine/core'
import { formatInstantDateTime } from './instant'

export type FormFooterProps = {
  /** ISO instant of the last save, when known. */
  updatedAt?: string | null
  dirty: boolean
  loading: boolean
  label?: string
}

/** The editor page's footer: last update on the left, "Enregistrer" on the right; it stays in view while scrolling. */
export function FormFooter({ updatedAt, dirty, loading, label = 'Enregistrer' }: FormFooterProps) {
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
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {dirty
            ? 'Modifications non enregistrées'
            : updatedAt
              ? `Dernière mise à jour le ${formatInstantDateTime(updatedAt)}`
              : 'Tout est enregistré'}
        </Text>
        <Button type="submit" loading={loading}>
          {label}
        </Button>
      </Group>
    </Paper>
  )
}
