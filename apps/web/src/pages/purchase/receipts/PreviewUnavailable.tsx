import { Stack, Text } from '@mantine/core'
import { IconFileOff } from '@tabler/icons-react'

/** Where a receipt's preview would be, when there is none to show: why, in a dashed frame. */
export function PreviewUnavailable({ message }: { message: string }) {
  return (
    <Stack
      align="center"
      justify="center"
      gap={6}
      p="xl"
      ta="center"
      style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <IconFileOff size={24} color="var(--mantine-color-dimmed)" aria-hidden />
      <Text size="sm" c="dimmed">
        {message}
      </Text>
    </Stack>
  )
}
