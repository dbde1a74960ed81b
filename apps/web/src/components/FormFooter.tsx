import { Button, Group, Paper, Text } from '@mantine/core'
import { formatInstantDateTime } from './instant'

export type FormFooterProps = {
  /** ISO instant of the last save, when known. */
  updatedAt?: string | null
  dirty: boolean
  loading: boolean
  label?: string
  /** A document that can no longer be edited: the last update only, no button. */
  readOnly?: boolean
  /** The button is shown but cannot be pressed (a form with nothing to save yet). */
  disabled?: boolean
}

/** The editor page's footer: last update on the left, "Enregistrer" on the right; it stays in view while scrolling. */
export function FormFooter({
  updatedAt,
  dirty,
  loading,
  label = 'Enregistrer',
  readOnly = false,
  disabled = false,
}: FormFooterProps) {
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
          {dirty && !readOnly
            ? 'Modifications non enregistrées'
            : updatedAt
              ? `Dernière mise à jour le ${formatInstantDateTime(updatedAt)}`
              : 'Tout est enregistré'}
        </Text>
        {readOnly ? null : (
          <Button type="submit" loading={loading} disabled={disabled}>
            {label}
          </Button>
        )}
      </Group>
    </Paper>
  )
}
