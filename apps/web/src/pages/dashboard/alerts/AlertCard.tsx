import { Badge, Card, Group, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

/** The frame every alert of the dashboard shares: title, what it is about, a badge, its description, then its figures. */
export function AlertCard(props: {
  title: string
  about: string
  badge: string
  color: string
  description: string
  children: ReactNode
}) {
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Text fw={600}>{props.title}</Text>
            <Text size="xs" c="dimmed">
              {props.about}
            </Text>
          </Stack>
          <Badge color={props.color} variant="light" style={{ flexShrink: 0 }}>
            {props.badge}
          </Badge>
        </Group>
        <Text size="sm">{props.description}</Text>
        {props.children}
      </Stack>
    </Card>
  )
}
