import { badgeLabel, emptyMessages, notificationMessages } from '@app/domain'
import { ActionIcon, Indicator, Loader, Popover, ScrollArea, Stack, Text } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { IconBell } from '@tabler/icons-react'
import { useCallback } from 'react'
import { NotificationItem } from './NotificationItem'
import { useMarkRead, useNotificationStream, usePanelNotifications, useUnreadCount } from './queries'

const m = notificationMessages.notifications

/**
 * The header's bell (spec/account.md §2): the unread badge ("9+" above 9) and a panel of the 15 latest important
 * notifications, kept current by the stream. Hidden on the free formula (`enabled` false): no request at all.
 */
export function NotificationBell({ enabled }: { enabled: boolean }) {
  const [opened, panel] = useDisclosure(false)
  const unread = useUnreadCount(enabled)
  const list = usePanelNotifications(enabled && opened)
  const markRead = useMarkRead()
  useNotificationStream(enabled)
  const read = useCallback((id: number) => markRead.mutate(id), [markRead.mutate])

  if (!enabled) return null
  const label = badgeLabel(unread.data ?? 0)

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? panel.open() : panel.close())}
      width={360}
      position="bottom-end"
      shadow="md"
    >
      <Popover.Target>
        <Indicator label={label} disabled={label === null} size={18} offset={4} color="red">
          <ActionIcon
            variant="default"
            size="lg"
            onClick={panel.toggle}
            aria-label={label === null ? m.open : `${m.open} (${label})`}
          >
            <IconBell size={18} />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p="xs">
        <Text fw={600} size="sm" px="xs" pb="xs">
          {m.panelTitle}
        </Text>
        {list.isPending ? (
          <Loader size="sm" m="xs" />
        ) : list.isError ? (
          <Text size="sm" c="red" px="xs">
            {m.loadFailed}
          </Text>
        ) : list.data.data.length === 0 ? (
          <Text size="sm" c="dimmed" px="xs" pb="xs">
            {emptyMessages.noNotification}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <Stack gap={4}>
              {list.data.data.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  onRead={read}
                  onOpen={panel.close}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  )
}
