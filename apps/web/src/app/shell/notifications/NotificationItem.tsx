import { NOTIFICATION_READ_DELAY_MS, type NotificationDto } from '@app/domain'
import { Box, Text, UnstyledButton } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { useNavigate } from 'react-router'
import { formatInstantDateTime } from '../../../components/instant'
import { notificationLink } from './links'

/**
 * One notification of the panel. Unread, it is marked read after 3 s in view (half of it visible, without a break:
 * scrolling it away restarts the count) or at once on a click (spec/account.md §4); a click also opens what it speaks
 * of, when that has a page.
 */
export function NotificationItem({
  notification,
  onRead,
  onOpen,
}: {
  notification: NotificationDto
  onRead: (id: number) => void
  /** Called when the click leads to the notification's page (the panel closes). */
  onOpen?: () => void
}) {
  const navigate = useNavigate()
  const link = notificationLink(notification)
  const ref = useRef<HTMLButtonElement>(null)
  const { id, isRead } = notification

  useEffect(() => {
    const element = ref.current
    if (isRead || !element || typeof IntersectionObserver === 'undefined') return
    let timer: ReturnType<typeof setTimeout> | undefined
    const observer = new IntersectionObserver(
      ([entry]) => {
        clearTimeout(timer)
        if (entry?.isIntersecting) timer = setTimeout(() => onRead(id), NOTIFICATION_READ_DELAY_MS)
      },
      { threshold: 0.5 },
    )
    observer.observe(element)
    return () => {
      clearTimeout(timer)
      observer.disconnect()
    }
  }, [id, isRead, onRead])

  return (
    <UnstyledButton
      ref={ref}
      onClick={() => {
        if (!isRead) onRead(id)
        if (link) {
          onOpen?.()
          navigate(link)
        }
      }}
      data-read={isRead}
      w="100%"
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-sm)' }}
      bg={isRead ? undefined : 'var(--mantine-color-blue-light)'}
    >
      <Box>
        <Text size="sm" fw={isRead ? 400 : 600}>
          {notification.description}
        </Text>
        <Text size="xs" c="dimmed">
          {formatInstantDateTime(notification.createdAt)}
        </Text>
      </Box>
    </UnstyledButton>
  )
}
