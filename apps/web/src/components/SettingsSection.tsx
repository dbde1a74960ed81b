import { Box, Group, Paper, Stack, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'

export type SettingsSectionProps = {
  title: string
  description?: ReactNode
  /** Shown at the right of the title, e.g. a count or a button. */
  aside?: ReactNode
  children: ReactNode
  id?: string
}

/** One card of the settings page pattern: a heading, a short explanation, then the fields. */
export function SettingsSection({ title, description, aside, children, id }: SettingsSectionProps) {
  const headingId = id ? `${id}-title` : undefined
  return (
    <Paper component="section" withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} id={id} aria-labelledby={headingId}>
      <Stack gap="lg">
        {/* The aside (a button) goes under the title when both do not fit: never past a phone's edge. */}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Box style={{ flex: '1 1 220px', minWidth: 0 }}>
            <Title order={3} size="h4" id={headingId}>
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed" mt={4}>
                {description}
              </Text>
            ) : null}
          </Box>
          {aside}
        </Group>
        {children}
      </Stack>
    </Paper>
  )
}
