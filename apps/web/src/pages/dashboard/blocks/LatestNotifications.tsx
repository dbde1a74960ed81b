import { emptyMessages, notificationMessages } from '@app/domain'
import { Anchor, Card, Group, Stack, Text } from '@mantine/core'
import { IconBell } from '@tabler/icons-react'
import dayjs from 'dayjs'
import 'dayjs/locale/fr'
import relativeTime from 'dayjs/plugin/relativeTime'
import { Link } from 'react-router'
import { notificationLink } from '../../../app/shell/notifications/links'
import { useDashboardNotifications } from '../../../app/shell/notifications/queries'

dayjs.extend(relativeTime)

const m = notificationMessages.notifications

/** "il y a 3 heures": when it was made, from now. */
export const relativeDate = (createdAt: string, now: Date = new Date()) =>
  dayjs(createdAt).locale('fr').from(dayjs(now))

/**
 * The dashboard's five latest important notifications (spec/account.md §2, §7), newest first, each with its relative
 * date and a link to what it speaks of; "Aucune notification" when there is none. Kept current by the header's event
 * stream, which refreshes every notification query. The page leaves it out on the free formula.
 */
export function LatestNotifications() {
  const notifications = useDashboardNotifications(true)
  const rows = notifications.data?.data
  return (
    <Card withBorder radius="md" data-testid="notifications-block">
      <Stack gap="sm">
        <Group gap="xs">
          <IconBell size={18} />
          <Text fw={600}>{m.dashboardTitle}</Text>
        </Group>
        {notifications.isError ? (
          <Text size="sm" c="dimmed">
            {m.loadFailed}
          </Text>
        ) : rows && rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {emptyMessages.noNotification}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows?.map((notification) => {
              const to = notificationLink(notification)
              return (
                <li key={notification.id}>
                  {to ? (
                    <Anchor component={Link} to={to} size="sm" fw={notification.isRead ? 400 : 600}>
                      {notification.description}
                    </Anchor>
                  ) : (
                    <Text size="sm" fw={notification.isRead ? 400 : 600}>
                      {notification.description}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {relativeDate(notification.createdAt)}
                  </Text>
                </li>
              )
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  )
}
